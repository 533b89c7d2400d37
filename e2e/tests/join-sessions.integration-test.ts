import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinSessionFromWrapper } from "@e2e/env/join-session-from-wrapper";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startVclusterJoinFront, type JoinEndpointStandIn } from "@e2e/env/join-endpoint-stand-in";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { nodeObserverTestDeps } from "@e2e/env/node-observer-deps";
import { startRouteServer, type RouteServer } from "@e2e/env/route-server";
import type { ApiRuntime } from "@/server/api/api-runtime";
import { joinScriptResponse } from "@/server/api/http/join-script";
import { joinSessionEventsResponse, nodeJoinScriptResponse } from "@/server/api/http/join-session-endpoints";
import { timeOutQuietJoinSessions } from "@/server/services/join-sessions/time-out-quiet-join-sessions";
import { JOIN_EVENTS_PER_SESSION } from "@/server/domain/join-sessions/join-session-limits";
import { shQuote } from "@/server/domain/join-sessions/join-wrapper-script";
import { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { createLogger } from "@/server/observability/logger";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import { startNodeObserverRescans } from "@e2e/env/background-task";

/**
 * Join sessions end to end (docs/join-sessions.md): the platform's wrapper is fetched with curl and run by real
 * dash and bash against the platform over HTTP, on a machine made to look like a supported host without any switch
 * in the script — a private mount namespace with /run/systemd/system on a tmpfs and a bind-mounted
 * /etc/os-release (Ubuntu 24.04). The endpoint check runs real curl against the cluster's public endpoint (the
 * stand-in vCluster with its own certificate); the join script is the stand-in's /node/join, fetched through the
 * platform. Every reason is read back through the REST API.
 */
let kube: KubeCluster;
let api: InProcessApi;
let ready: ReadyCluster;
let standIn: JoinEndpointStandIn;
let platform: RouteServer;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let work: string;
let scriptTail = "";
/** The platform's clock as the test builds its deps: offset for the clock-skew case. */
let clockOffsetMs = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "kubebyon-join-sessions-"));
  await writeFile(path.join(work, "os-release"), 'NAME="Ubuntu"\nID=ubuntu\nVERSION_ID="24.04"\n');
  kube = await startKubeCluster();
  api = await startInProcessApi("join_sessions", { KUBEBYON_KUBECONFIG_PATH: kube.kubeconfigPath, KUBEBYON_JOIN_RATE_LIMIT_BURST: "100" });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  ready = await provisionReadyCluster({
    kube,
    db: api.runtime.deps.db,
    ownerId: alice.id,
    name: "jsess",
    forwardTo: async (vc) => {
      standIn = await startVclusterJoinFront(vc, { scriptTail: () => scriptTail });
      return standIn.endpoint;
    },
  });
  // The platform's deps as this test builds them: its clock can be offset, and the per-session report limiter's
  // clock stands still (so a burst is measured exactly).
  const frozen = Date.now();
  const perSession = new TokenBucketLimiter(JOIN_EVENTS_PER_SESSION, () => frozen);
  const runtime = (): Pick<ApiRuntime, "config" | "deps"> => {
    const base = api.runtime;
    const now = () => new Date(Date.now() + clockOffsetMs);
    return { config: base.config, deps: { ...base.deps, join: { ...base.deps.join, now }, limiters: { ...base.deps.limiters, joinEventsPerSession: perSession } } };
  };
  platform = await startRouteServer([
    { method: "GET", path: /^\/api\/join\/clusters\/([^/]+)\/script$/, handle: (req, [id]) => joinScriptResponse(runtime(), req, id!) },
    { method: "POST", path: /^\/api\/join\/sessions\/([^/]+)\/events$/, handle: (req, [id]) => joinSessionEventsResponse(runtime(), req, id!) },
    { method: "GET", path: /^\/api\/join\/sessions\/([^/]+)\/node-join-script$/, handle: (req, [id]) => nodeJoinScriptResponse(runtime(), req, id!) },
  ]);
  await api.runtime.deps.db.systemSetting.create({ data: { key: "join_base_url", value: platform.url } });
});

afterAll(async () => {
  await platform?.stop();
  await standIn?.stop();
  await ready?.close();
  await api?.close();
  await kube?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

type Session = { id: string; token_id: string; status: string; failure_reason: string | null; failure_message: string | null; node_name: string | null };
type Detail = Session & { events: Array<{ sequence: number; kind: string; check: string | null; outcome: string; detail: string | null }> };

async function newToken(): Promise<string> {
  const res = await api.rest("POST", `/clusters/${ready.clusterId}/join-token`, { cookie: alice.cookie, body: { ttl_seconds: 7200 } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const scriptUrl = (token: string) => `${platform.url}/api/join/clusters/${ready.clusterId}/script?token=${token}`;

async function sessions(): Promise<Session[]> {
  const res = await api.rest("GET", `/clusters/${ready.clusterId}/join-sessions`, { cookie: alice.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Session[] }).items;
}

async function session(id: string): Promise<Detail> {
  const res = await api.rest("GET", `/clusters/${ready.clusterId}/join-sessions/${id}`, { cookie: alice.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Detail;
}

/**
 * `curl -fsSL <url> | <shell> -s -- <flags>` as root in a private mount namespace that looks like Ubuntu 24.04 with
 * systemd; `prepare` adds more shell (e.g. fake previous-join files). The platform runs in this process, so async.
 */
function runJoinCommand(shell: "dash" | "bash", token: string, flags: string[] = [], prepare = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = `curl -fsSL ${shQuote(scriptUrl(token))} | ${shell} -s -- ${flags.map(shQuote).join(" ")}`;
  const setup = [
    "set -e",
    "mount --make-rprivate /",
    "mount -t tmpfs tmpfs /run",
    "mkdir -p /run/systemd/system",
    `mount --bind ${shQuote(path.join(work, "os-release"))} /etc/os-release`,
    prepare,
    "set +e",
    `exec ${shell} -c ${shQuote(command)}`,
  ].join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn("unshare", ["--mount", "sh", "-c", setup], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

const sessionIdIn = (stderr: string) => /join session (js_[A-Za-z0-9_-]+)/.exec(stderr)?.[1];

async function setControlPlaneHost(host: string) {
  await api.runtime.deps.db.cluster.update({ where: { id: ready.clusterId }, data: { controlPlaneHost: host } });
}

describe.each(["dash", "bash"] as const)("the join wrapper run by %s", (shell) => {
  it("passes preflight, runs the cluster's join script with the user's flags, and waits for the node", async () => {
    const token = await newToken();
    const run = await runJoinCommand(shell, token, ["--node-name", `node-${shell}`, "--force-join"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`joining with bootstrap token ${token.split(".")[0]}`);
    expect(run.stdout).toContain(`join script flags: --node-name node-${shell} --force-join`);
    expect(run.stderr).toContain("preflight passed");
    const id = sessionIdIn(run.stderr)!;
    const detail = await session(id);
    expect(detail).toMatchObject({ status: "waiting_for_node", failure_reason: null, node_name: `node-${shell}` });
    expect(detail.events.map((e) => e.check ?? e.kind)).toEqual(["session_opened", "root", "systemd", "os", "arch", "iptables", "swap", "clock", "endpoint", "previous_join", "script_fetched", "script_finished"]);
    expect(detail.events.filter((e) => e.kind === "check").every((e) => e.outcome === "pass")).toBe(true);
    expect(detail.events.find((e) => e.check === "os")?.detail).toBe("ubuntu 24.04");
    // The session secret never shows in what the machine printed.
    const row = await api.runtime.deps.db.joinSession.findUniqueOrThrow({ where: { id } });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // One use counted for the fetch, none for the inner script.
    expect((await api.runtime.deps.db.joinToken.findFirstOrThrow({ where: { tokenId: token.split(".")[0] } })).usedCount).toBe(1);
  });

  it("runs to the end: the kubelet bootstrap CSR ties the token to the node and the session becomes joined", async () => {
    const log = createLogger({ level: "warn", base: { test: "join-chain" }, write: () => undefined });
    const observer = new NodeObserver(
      nodeObserverTestDeps({ db: api.runtime.deps.db, databaseUrl: api.db.url, kube, log, applicationName: `join-chain ${shell}` }),
      { settleMs: 200 },
    );
    startNodeObserverRescans(observer, 300);
    try {
      const token = await newToken();
      const [tokenId] = token.split(".");
      const node = `chain-${shell}`;
      const run = await runJoinCommand(shell, token, ["--node-name", node]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`kubelet bootstrap: certificate requested for node ${node}`);
      const id = sessionIdIn(run.stderr)!;
      const deadline = Date.now() + 30_000;
      let detail = await session(id);
      while (detail.status !== "joined" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        detail = await session(id);
      }
      expect(detail).toMatchObject({ status: "joined", failure_reason: null, node_name: node });
      // Both ends are on the timeline whichever the platform heard first: on a host kubeadm waits for the kubelet's
      // TLS bootstrap, so the CSR usually comes first and the script's end must still be recorded after `joined`;
      // the stand-in script does not wait, so the observer may see the CSR after the wrapper reported the end.
      const ends = detail.events.filter((e) => e.kind === "node_registered" || e.kind === "script_finished").map((e) => [e.kind, e.outcome]);
      expect(ends).toHaveLength(2);
      expect(ends).toEqual(expect.arrayContaining([["node_registered", "pass"], ["script_finished", "pass"]]));
      // The token lists the machine's session and the node it brought in.
      const res = await api.rest("GET", `/clusters/${ready.clusterId}/join-tokens/${tokenId}`, { cookie: alice.cookie });
      expect(res.status).toBe(200);
      const tokenDetail = (await res.json()) as { sessions: Array<{ id: string; status: string }>; nodes: Array<{ node_name: string; session_id: string | null }> };
      expect(tokenDetail.sessions).toEqual([expect.objectContaining({ id, status: "joined" })]);
      expect(tokenDetail.nodes).toEqual([expect.objectContaining({ node_name: node, session_id: id })]);
    } finally {
      await observer.stop();
    }
  });

  it("types a failing join script as script_failed with the tail of its output", async () => {
    scriptTail = 'echo "kubeadm join: preflight error: port 10250 in use" >&2\nexit 3\n';
    try {
      const run = await runJoinCommand(shell, await newToken());
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/script_failed: The cluster's join script exited with status 3/);
      const detail = await session(sessionIdIn(run.stderr)!);
      expect(detail).toMatchObject({ status: "join_failed", failure_reason: "script_failed" });
      expect(detail.events.at(-1)).toMatchObject({ kind: "script_finished", outcome: "fail" });
      expect(detail.events.at(-1)?.detail).toMatch(/^exit 3\n[\s\S]*port 10250 in use/);
    } finally {
      scriptTail = "";
    }
  });
});

describe("preflight failures produced for real", () => {
  it("endpoint refusing: a closed port is endpoint_unreachable (port blocked?)", async () => {
    await setControlPlaneHost("127.0.0.3"); // nothing listens there on the NodePort
    try {
      const run = await runJoinCommand("dash", await newToken());
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/endpoint_unreachable: .*port blocked\?/);
      const detail = await session(sessionIdIn(run.stderr)!);
      expect(detail).toMatchObject({ status: "preflight_failed", failure_reason: "endpoint_unreachable" });
      expect(detail.events.at(-1)).toMatchObject({ check: "endpoint", outcome: "fail", detail: expect.stringMatching(/curl exit 7/) });
      expect(detail.events.some((e) => e.kind === "script_fetched")).toBe(false);
    } finally {
      await setControlPlaneHost("127.0.0.1");
    }
  });

  it("a certificate without the endpoint's name is san_mismatch", async () => {
    // curl resolves *.localhost to loopback itself; the vCluster's certificate does not name this host.
    await setControlPlaneHost("kubebyon-san.localhost");
    try {
      const run = await runJoinCommand("bash", await newToken());
      expect(run.code).toBe(1);
      const detail = await session(sessionIdIn(run.stderr)!);
      expect(detail).toMatchObject({ status: "preflight_failed", failure_reason: "san_mismatch" });
      expect(detail.failure_message).toMatch(/does not name kubebyon-san\.localhost/);
    } finally {
      await setControlPlaneHost("127.0.0.1");
    }
  });

  it("a platform clock an hour ahead is clock_skew", async () => {
    clockOffsetMs = 3_600_000;
    try {
      const run = await runJoinCommand("dash", await newToken());
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/clock_skew: This machine's clock is 36\d\ds behind the platform's/);
      expect(await session(sessionIdIn(run.stderr)!)).toMatchObject({ status: "preflight_failed", failure_reason: "clock_skew" });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("a previous join stops the run unless --force-join; --reset-only skips it and ends as reset", async () => {
    const prepare = "mkdir -p /etc/kubernetes && mount -t tmpfs tmpfs /etc/kubernetes && touch /etc/kubernetes/kubelet.conf";
    const refused = await runJoinCommand("dash", await newToken(), [], prepare);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/previous_join: .*--force-join.*--reset-only/);
    expect(await session(sessionIdIn(refused.stderr)!)).toMatchObject({ status: "preflight_failed", failure_reason: "previous_join" });

    const reset = await runJoinCommand("bash", await newToken(), ["--reset-only"], prepare);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain("join script flags: --reset-only");
    const detail = await session(sessionIdIn(reset.stderr)!);
    expect(detail.status).toBe("reset");
    expect(detail.events.map((e) => e.check).filter(Boolean)).toEqual(["root", "systemd", "os", "arch", "iptables", "swap"]);
  });
});

describe("refused tokens", () => {
  it("an expired token opens a refused session and answers 403 with sh that says why", async () => {
    const token = await newToken();
    await api.runtime.deps.db.joinToken.updateMany({ where: { tokenId: token.split(".")[0] }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const res = await fetch(scriptUrl(token));
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toMatch(/^echo 'kubebyon: token_expired: This join token expired at .*' >&2\nexit 1\n$/);
    const newest = (await sessions()).find((s) => s.token_id === token.split(".")[0])!;
    expect(newest).toMatchObject({ status: "refused", failure_reason: "token_expired" });
    expect(newest.failure_message).toMatch(/Create a new join token/);
  });

  it("a used-up token (max_uses 1) refuses the second fetch as token_used_up", async () => {
    const token = await newToken();
    await api.runtime.deps.db.joinToken.updateMany({ where: { tokenId: token.split(".")[0] }, data: { maxUses: 1 } });
    expect((await fetch(scriptUrl(token))).status).toBe(200);
    const second = await fetch(scriptUrl(token));
    expect(second.status).toBe(403);
    expect(await second.text()).toContain("token_used_up");
    const forToken = (await sessions()).filter((s) => s.token_id === token.split(".")[0]);
    expect(forToken.map((s) => s.status).sort()).toEqual(["open", "refused"]);
    expect(forToken.find((s) => s.status === "refused")).toMatchObject({ failure_reason: "token_used_up" });
    expect((await api.runtime.deps.db.joinToken.findFirstOrThrow({ where: { tokenId: token.split(".")[0] } })).usedCount).toBe(1);
  });

  it("unknown tokens and wrong secrets get 401 and leave no session", async () => {
    const before = (await sessions()).length;
    const token = await newToken();
    for (const bad of [`${token.split(".")[0]}.0000000000000000`, "zzzzzz.zzzzzzzzzzzzzzzz", "garbage"]) expect((await fetch(scriptUrl(bad))).status).toBe(401);
    expect((await sessions()).length).toBe(before);
  });
});

describe("session endpoints", () => {
  const events = (id: string, secret: string, body: string) =>
    fetch(`${platform.url}/api/join/sessions/${id}/events`, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/x-www-form-urlencoded" }, body });

  async function openSession(): Promise<{ id: string; secret: string }> {
    const wrapper = await (await fetch(scriptUrl(await newToken()))).text();
    return joinSessionFromWrapper(wrapper);
  }

  it("answer a wrong secret like an unknown session, refuse reports to a finished session with 409, and cap sizes", async () => {
    const { id, secret } = await openSession();
    expect((await events(id, "0".repeat(64), "step=root&uid=0")).status).toBe(404);
    expect((await events("js_nope", secret, "step=root&uid=0")).status).toBe(404);
    expect((await events(id, secret, "step=bogus")).status).toBe(400);
    expect((await events(id, secret, `step=swap&swaps=${"x".repeat(70 * 1024)}`)).status).toBe(413);
    const stop = await events(id, secret, "step=root&uid=1000");
    expect(await stop.text()).toMatch(/^stop not_root: /);
    const late = await events(id, secret, "step=root&uid=0");
    expect(late.status).toBe(409);
    expect(await late.text()).toMatch(/already ended \(preflight_failed: not_root\); run the join command again/);
  });

  it("rate-limit reports per session", async () => {
    const { id, secret } = await openSession();
    // The per-session bucket runs on the test's frozen clock, so it cannot refill while the requests go out.
    const codes: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 62; i++) {
      const answer = await events(id, secret, "step=arch&arch=x86_64");
      codes.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes.slice(60)).toEqual([429, 429]);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another session is not affected.
    const other = await openSession();
    expect((await events(other.id, other.secret, "step=arch&arch=x86_64")).status).toBe(200);
  });

  it("time out quiet sessions: session_quiet, or node_not_registered after the script finished", async () => {
    const quiet = await openSession();
    // A join script that exits 0 before the kubelet's bootstrap: the session waits for a node that never comes.
    scriptTail = "exit 0\n";
    let run: Awaited<ReturnType<typeof runJoinCommand>>;
    try {
      run = await runJoinCommand("dash", await newToken());
    } finally {
      scriptTail = "";
    }
    expect(run.code, run.stderr).toBe(0);
    const waiting = await session(sessionIdIn(run.stderr)!);
    expect(waiting.status).toBe("waiting_for_node");
    const later = { db: api.runtime.deps.db, log: api.runtime.log, now: () => new Date(Date.now() + 901_000) };
    expect(await timeOutQuietJoinSessions(later, 900)).toBeGreaterThanOrEqual(2);
    expect(await session(quiet.id)).toMatchObject({ status: "timed_out", failure_reason: "session_quiet" });
    const timedOut = await session(waiting.id);
    expect(timedOut).toMatchObject({ status: "timed_out", failure_reason: "node_not_registered" });
    expect(timedOut.events.at(-1)).toMatchObject({ kind: "timed_out", outcome: "fail" });
    expect(await timeOutQuietJoinSessions(later, 900)).toBe(0);
  });

  it("serve a wrapper that shellcheck -s sh passes", async () => {
    const file = path.join(work, "wrapper.sh");
    await writeFile(file, await (await fetch(scriptUrl(await newToken()))).text());
    const check = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn("shellcheck", ["-s", "sh", file]);
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });
    expect(check.code, check.out).toBe(0);
  });

  it("hide other users' sessions", async () => {
    const id = (await sessions())[0]!.id;
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/join-sessions`, { cookie: bob.cookie })).status).toBe(404);
    expect((await api.rest("GET", `/clusters/${ready.clusterId}/join-sessions/${id}`, { cookie: bob.cookie })).status).toBe(404);
  });
});
