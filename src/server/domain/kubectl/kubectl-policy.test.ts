import { describe, expect, it } from "vitest";
import type { DenialCategory } from "./kubectl-denials";
import { checkKubectlPolicy, evaluateKubectlCommand, MAX_KUBECTL_ARGS, parseKubectlCommand } from "./kubectl-policy";

const USE_INSTEAD = /dedicated APIs|kubeconfig|node operations/;

describe("parseKubectlCommand", () => {
  it.each<[string | string[], string[]]>([
    ["kubectl get pods", ["get", "pods"]],
    ["get pods", ["get", "pods"]],
    [["kubectl", "get", "pods"], ["get", "pods"]],
    [["get", "pods;rm", "-o", "jsonpath={.items[?(@.a|b)]}"], ["get", "pods;rm", "-o", "jsonpath={.items[?(@.a|b)]}"]],
    ["kubectl 'get' \"pods\"", ["get", "pods"]],
  ])("%j -> %j", (input, argv) => {
    expect(parseKubectlCommand(input)).toEqual({ ok: true, argv });
  });

  it.each<[string | string[], RegExp]>([
    ["", /Enter a kubectl command/],
    ["kubectl", /Enter a kubectl command/],
    [[], /Enter a kubectl command/],
    ["get pods | head", /pipe/],
    [["get", "po\0ds"], /NUL/],
    ["get " + "a".repeat(5000), /longer than/],
  ])("rejects %j", (input, reason) => {
    const result = parseKubectlCommand(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

const allowed: string[] = [
  "get pods",
  "get pods -A",
  "get pods --all-namespaces",
  "get pods -n kube-system",
  "get pods -nkube-system",
  "get pods -n=kube-system",
  "get pods --namespace=kube-system",
  "get pods --namespace kube-system",
  "-n kube-system get pods",
  "--namespace=kube-system get pods",
  "-nkube-system get pods",
  "get pods -o wide",
  "get pods -owide",
  "get pods -o=yaml",
  "get pods -Ao yaml",
  "get pods -Aoyaml",
  "get pods -A=true",
  "get pods -o jsonpath='{.items[*].metadata.name}'",
  "get pods -o go-template='{{range .items}}{{.metadata.name}}{{end}}'",
  "get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName",
  "get pods -o=custom-columns=NAME:.metadata.name",
  "get pods --output=jsonpath-as-json={.items[0]}",
  "get pods -o JSON",
  "get pods -o kyaml",
  "get pods -o template --template={{.kind}}",
  "get pods -o=",
  "explain pods -o plaintext-openapiv2",
  "get pods --template='{{.kind}}' -o go-template",
  "get pods -l app=web,tier!=db",
  "get pods --selector app=web --field-selector status.phase=Running",
  "get pods --sort-by=.metadata.name --no-headers --show-labels -L app",
  "get deploy,svc -o name --chunk-size 100",
  "get pods --all_namespaces",
  "get pods/web -o json --show-managed-fields",
  "get nodes --output-watch-events=false",
  "get ns -nf",
  "describe pod web -n default",
  "describe nodes --show-events=false",
  "logs web",
  "logs web -c app --tail 100 --since=1h --timestamps",
  "logs web -p",
  "logs deploy/web --all-containers --prefix",
  "logs -l app=web --max-log-requests 3",
  "top pods -A",
  "top pod web --containers",
  "top po",
  "top nodes",
  "top node --sort-by cpu",
  "top no",
  "explain pods.spec.containers --recursive",
  "explain deployment --api-version apps/v1",
  "api-resources",
  "api-resources --namespaced=false -o wide --verbs=list",
  "api-versions",
  "version",
  "version -o json",
  "version --client",
  "cluster-info",
  "events",
  "events -A --for pod/web",
  "events -n default --types Warning -o yaml",
  "auth can-i list pods",
  "auth can-i create deployments -n default",
  "auth can-i --list",
  "auth can-i delete nodes -q",
  "rollout history deployment/web",
  "rollout history deployment web --revision 2 -o yaml",
  "get pods -h",
  "get pods --help",
  "get pods - ",
  "--match-server-version get pods",
  "--warnings-as-errors get pods",
  "get pods --disable-compression",
];

describe("checkKubectlPolicy allows read-only commands", () => {
  it.each(allowed)("%s", (line) => {
    const parsed = parseKubectlCommand(line);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(checkKubectlPolicy(parsed.argv)).toEqual({ allowed: true, argv: parsed.argv });
  });
});

type Denied = [line: string, category: DenialCategory, reason: RegExp];

// The spec's deny-list (backend walkthrough §7), each in every spelling kubectl accepts.
const denied: Denied[] = [
  // Write operations and node operations.
  ["apply -f deploy.yaml", "write", /read-only/],
  ["apply --server-side -k .", "write", /read-only/],
  ["delete namespace x", "write", /read-only/],
  ["delete pod web --now", "write", /read-only/],
  ["patch deploy web -p '{}'", "write", /read-only/],
  ["drain node-1 --ignore-daemonsets", "node-operation", /node operations/],
  ["cordon node-1", "node-operation", /node operations/],
  ["uncordon node-1", "node-operation", /node operations/],
  ["taint nodes node-1 k=v:NoSchedule", "node-operation", /node operations/],
  ["wait --for=condition=Ready pod/web", "write", /read-only/],
  ["create namespace x", "write", /read-only/],
  ["edit deploy web", "write", /read-only/],
  ["replace -f x.yaml", "write", /read-only/],
  ["scale deploy web --replicas 0", "write", /read-only/],
  ["label pod web a=b", "write", /read-only/],
  ["annotate pod web a=b", "write", /read-only/],
  ["set image deploy/web app=nginx", "write", /read-only/],
  ["rollout restart deploy/web", "write", /Only "rollout history"/],
  ["rollout undo deploy/web", "write", /Only "rollout history"/],
  ["rollout status deploy/web", "write", /Only "rollout history"/],
  ["rollout -n default history deploy/web", "write", /Only "rollout history"/],
  ["rollout", "write", /Only "rollout history"/],
  ["autoscale deploy web --max 3", "write", /read-only/],
  ["expose deploy web --port 80", "write", /read-only/],
  ["run x --image nginx", "write", /read-only/],
  ["certificate approve csr-1", "write", /read-only/],
  ["auth reconcile -f rbac.yaml", "write", /Only "auth can-i"/],
  ["auth whoami", "write", /Only "auth can-i"/],
  ["auth", "write", /Only "auth can-i"/],
  ["config view --raw", "write", /kubeconfig/],
  ["config use-context other", "write", /kubeconfig/],
  ["kuberc view", "write", /kubeconfig/],
  ["plugin list", "write", /read-only/],
  ["alpha kuberc view", "write", /read-only/],
  ["kustomize .", "write", /read-only/],
  ["diff -f x.yaml", "write", /read-only/],
  // Interactive sessions, tunnels, file transfer.
  ["exec -it web -- sh", "syntax", /"--"/],
  ["exec web ls", "interactive", /interactive session/],
  ["port-forward svc/web 8080:80", "interactive", /tunnel/],
  ["cp web:/etc/passwd /tmp/x", "interactive", /file transfer/],
  ["attach web", "interactive", /interactive/],
  ["proxy --port 8001", "interactive", /tunnel/],
  ["debug node/n1 -it --image busybox", "interactive", /interactive/],
  // Unknown verbs (allow-list): plugins, aliases, typos.
  ["foo bar", "unknown", /not a read-only kubectl command/],
  ["getx pods", "unknown", /not a read-only kubectl command/],
  ["help get", "unknown", /not a read-only kubectl command/],
  ["GET pods", "unknown", /not a read-only kubectl command/],
  ["top", "syntax", /top pods/],
  ["top services", "syntax", /top pods/],
  ["cluster-info dump", "write", /cluster-info dump/],
  ["cluster-info dump --output-directory /tmp/x", "flag", /does not write files/],
  ["cluster-info -n kube-system dump", "write", /cluster-info dump/],
  ["cluster-info -o yaml", "flag", /not a flag/],
  // Raw API, impersonation, connection overrides, file input.
  ["get --raw /api/v1/namespaces", "flag", /raw API/],
  ["get --raw=/metrics", "flag", /raw API/],
  ["--raw /api get", "flag", /raw API/],
  ["get pods --as admin", "flag", /impersonation/],
  ["get pods --as=system:admin", "flag", /impersonation/],
  ["--as admin get pods", "flag", /impersonation/],
  ["get pods --as-group system:masters", "flag", /impersonation/],
  ["get pods --as_group=system:masters", "flag", /impersonation/],
  ["get pods --as-uid 1", "flag", /impersonation/],
  ["get pods --as-user-extra a=b", "flag", /impersonation/],
  ["get pods --server https://evil:6443", "flag", /own credentials/],
  ["get pods --server=https://evil:6443", "flag", /own credentials/],
  ["get pods -s https://evil:6443", "flag", /own credentials/],
  ["get pods -shttps://evil:6443", "flag", /own credentials/],
  ["get pods -s=https://evil:6443", "flag", /own credentials/],
  ["-s https://evil:6443 get pods", "flag", /own credentials/],
  ["get pods -As https://evil:6443", "flag", /own credentials/],
  ["get pods --token abc", "flag", /own credentials/],
  ["get pods --token=abc", "flag", /own credentials/],
  ["get pods --kubeconfig /etc/kubernetes/admin.conf", "flag", /own credentials/],
  ["get pods --kubeconfig=/root/.kube/config", "flag", /own credentials/],
  ["--kubeconfig=/root/.kube/config get pods", "flag", /own credentials/],
  ["get pods --context other", "flag", /own credentials/],
  ["get pods --cluster other", "flag", /own credentials/],
  ["get pods --user other", "flag", /own credentials/],
  ["get pods --username u --password p", "flag", /own credentials/],
  ["get pods --password=p", "flag", /own credentials/],
  ["get pods --certificate-authority /tmp/ca", "flag", /own credentials/],
  ["get pods --client-certificate /tmp/c", "flag", /own credentials/],
  ["get pods --client-key=/tmp/k", "flag", /own credentials/],
  ["get pods --insecure-skip-tls-verify", "flag", /own credentials/],
  ["get pods --insecure_skip_tls_verify=true", "flag", /own credentials/],
  ["get pods --tls-server-name x", "flag", /own credentials/],
  ["get pods --proxy-url http://x", "flag", /own credentials/],
  ["get pods --kuberc /tmp/rc", "flag", /own credentials/],
  ["logs web --insecure-skip-tls-verify-backend", "flag", /own credentials/],
  ["get -f pod.yaml", "flag", /-f is not allowed/],
  ["get -fpod.yaml", "flag", /-f is not allowed/],
  ["get -f=pod.yaml", "flag", /-f is not allowed/],
  ["get -Af pod.yaml", "flag", /-f is not allowed/],
  ["get -Rf dir", "flag", /-f is not allowed/],
  ["get --filename pod.yaml", "flag", /does not read files/],
  ["get --filename=pod.yaml", "flag", /does not read files/],
  ["describe -f pod.yaml", "flag", /-f is not allowed/],
  ["rollout history -f deploy.yaml", "flag", /-f is not allowed/],
  ["get -k dir", "flag", /does not read files/],
  ["get -kdir", "flag", /does not read files/],
  ["get -k=dir", "flag", /does not read files/],
  ["get -Ak dir", "flag", /does not read files/],
  ["get --kustomize dir", "flag", /does not read files/],
  ["get --kustomize=dir", "flag", /does not read files/],
  ["get pods -o go-template-file=/etc/passwd", "flag", /reads a file/],
  ["get pods --output=jsonpath-file=/etc/shadow", "flag", /reads a file/],
  ["get pods -o templatefile --template /etc/passwd", "flag", /reads a file/],
  ["get pods -ojsonpath-file=/x", "flag", /reads a file/],
  // Every printer that reads a file, in every spelling of -o (issue 9).
  ...["custom-columns-file", "go-template-file", "templatefile", "jsonpath-file"].flatMap((format): Denied[] =>
    [
      `get pods -o ${format}=/etc/passwd`,
      `get pods -o${format}=/etc/passwd`,
      `get pods -o=${format}=/etc/passwd`,
      `get pods --output ${format}=/etc/passwd`,
      `get pods --output=${format}=/etc/passwd`,
      `get pods -Ao ${format}=/etc/passwd`,
      `get pods -o ${format} --template /etc/passwd`,
      `get pods --template=/etc/passwd --output=${format}`,
      `get pods -o ${format.toUpperCase()}=/etc/passwd`,
      `events -o ${format}=/etc/passwd`,
      `rollout history deploy/web -o ${format}=/etc/passwd`,
    ].map((line): Denied => [line, "flag", new RegExp(`-o/--output ${format} reads a file`)]),
  ),
  ["get pods -o custom-columns-file=/etc/passwd", "flag", /e\.g\. -o custom-columns=NAME:\.metadata\.name/],
  ["get pods -o bogus", "flag", /"bogus" is not an output format/],
  ["get pods -o constructor", "flag", /not an output format/],
  ["get pods -o toString=/x", "flag", /not an output format/],
  ["get pods --template-file /etc/passwd", "flag", /--template-file is not a flag/],
  // Plugins: kubectl runs `kubectl-<name>` from PATH for a command it does not know.
  ["whoami", "unknown", /not a read-only kubectl command/],
  ["ctx other", "unknown", /not a read-only kubectl command/],
  ["create foo", "write", /read-only/],
  // Continuous output: watch / follow.
  ["get pods -w", "continuous", /continuous output/],
  ["get pods --watch", "continuous", /continuous output/],
  ["get pods --watch=true", "continuous", /continuous output/],
  ["get pods --watch=false", "continuous", /continuous output/],
  ["get pods -Aw", "continuous", /continuous output/],
  ["get pods -wA", "continuous", /continuous output/],
  ["get pods -w=false", "continuous", /continuous output/],
  ["get pods --watch-only", "continuous", /continuous output/],
  ["get pods --watch_only", "continuous", /continuous output/],
  ["events --watch", "continuous", /continuous output/],
  ["events -w", "continuous", /continuous output/],
  ["logs web -f", "flag", /--follow/],
  ["logs web -pf", "flag", /--follow/],
  ["logs web --follow", "continuous", /continuous output/],
  ["logs web --follow=true", "continuous", /continuous output/],
  // Diagnostics that write files or log request details.
  ["get pods -v 9", "flag", /logs request details/],
  ["get pods -v=9", "flag", /logs request details/],
  ["get pods --v=9", "flag", /logs request details/],
  ["-v9 get pods", "flag", /logs request details/],
  ["get pods --vmodule x=9", "flag", /logs request details/],
  ["get pods --cache-dir /tmp/x", "flag", /writes files/],
  ["get pods --profile cpu --profile-output /tmp/p", "flag", /writes files/],
  ["get pods --request-timeout 0", "flag", /set by the console/],
  // Unknown flags and misplaced flags.
  ["get pods --bogus", "flag", /not a flag/],
  ["get pods -x", "flag", /not a flag/],
  ["get pods -Ax", "flag", /not a flag/],
  ["get pods -raw", "flag", /not a flag/],
  ["get pods ---raw", "flag", /not a flag/],
  ["get pods --=x", "flag", /not a flag/],
  ["logs web --show-events", "flag", /not a flag/],
  ["version -A", "flag", /not a flag/],
  ["api-versions -o json", "flag", /not a flag/],
  ["-A get pods", "syntax", /after the command name/],
  ["-Ao delete get ns x", "syntax", /after the command name/],
  ["--bogus delete get", "syntax", /after the command name/],
  ["-n", "syntax", /needs a value/],
  ["get pods -n", "syntax", /needs a value/],
  ["get pods -o", "syntax", /needs a value/],
  ["get pods -n -w", "syntax", /needs a value/],
  ["get pods -l --raw", "syntax", /needs a value/],
  ["get pods -- -w", "syntax", /"--"/],
  ["-n default", "syntax", /Add a command/],
  ["-hn default get pods", "syntax", /after the command name/],
];

describe("checkKubectlPolicy denies", () => {
  it.each(denied)("%s", (line, category, reason) => {
    const decision = evaluateKubectlCommand(line);
    expect(decision).toMatchObject({ allowed: false, category });
    if (!decision.allowed) expect(decision.reason).toMatch(reason);
  });

  it("tells the user what to use instead of a write command", () => {
    for (const line of ["apply -f x.yaml", "delete ns x", "patch deploy web -p {}", "drain n1", "cordon n1", "wait pod/web"]) {
      const decision = evaluateKubectlCommand(line);
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) expect(decision.reason).toMatch(USE_INSTEAD);
    }
  });

  it("refuses argv arrays the same way (no shell needed to smuggle a flag)", () => {
    expect(checkKubectlPolicy(["get", "pods", "--as=admin"])).toMatchObject({ allowed: false, category: "flag" });
    expect(checkKubectlPolicy(["kubectl", "get", "pods"])).toMatchObject({ allowed: false, category: "unknown" });
    expect(checkKubectlPolicy([])).toMatchObject({ allowed: false, category: "syntax" });
  });

  it("refuses over-long argument lists", () => {
    const argv = ["get", "pods", ...Array.from({ length: MAX_KUBECTL_ARGS }, (_, i) => `p${i}`)];
    expect(checkKubectlPolicy(argv)).toMatchObject({ allowed: false, reason: expect.stringMatching(/more than/) });
  });

  it("returns a copy of argv, so later changes by the caller do not alter the decision", () => {
    const argv = ["get", "pods"];
    const decision = checkKubectlPolicy(argv);
    argv.push("--raw=/");
    expect(decision).toEqual({ allowed: true, argv: ["get", "pods"] });
  });
});
