import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureKubeTools } from "@e2e/env/kube-tools";
import { BASE_CHILD_ENV } from "./child-process-env";
import { HelmCli } from "./helm-cli";

/**
 * What the real helm binary, and anything it starts, sees of the platform's
 * environment. `helm env` prints helm's own view of its settings; a helm plugin
 * (helm runs it with its complete environment, like post-renderers and
 * downloaders) prints everything else.
 */
let helmBin: string;
let dir: string;
let helmHome: string;

const PLANTED: Record<string, string> = {
  DATABASE_URL: "postgresql://kubebyon:db-password-1@127.0.0.1/kubebyon",
  KUBEBYON_AUTH_SECRET: "auth-secret-0123456789abcdef",
  NEXTAUTH_SECRET: "nextauth-secret-0123456789",
  KUBEBYON_SMTP_PASSWORD: "smtp-password-1",
  KUBEBYON_RABBITMQ_URL: "amqp://guest:mq-password-1@127.0.0.1:5672",
  KUBEBYON_GITHUB_CLIENT_SECRET: "github-secret-1",
  HELM_KUBETOKEN: "helm-kube-token-1",
  KUBECONFIG: "/etc/kubernetes/admin.conf",
  NO_PROXY: "10.0.0.0/8,.svc",
};
let previous: Record<string, string | undefined>;

beforeAll(async () => {
  helmBin = (await ensureKubeTools()).helm;
  dir = await mkdtemp(path.join(os.tmpdir(), "helm-env-test-"));
  helmHome = path.join(dir, "helm-home");
  // A helm 3 plugin in the plugin directory helm derives from HELM_DATA_HOME.
  const plugin = path.join(helmHome, "data", "plugins", "envdump");
  await mkdir(plugin, { recursive: true });
  await writeFile(path.join(plugin, "plugin.yaml"), 'name: "envdump"\nversion: "0.1.0"\nusage: "print the environment"\ndescription: "test"\ncommand: "$HELM_PLUGIN_DIR/run.sh"\n');
  await writeFile(path.join(plugin, "run.sh"), "#!/bin/sh\nenv\n");
  await chmod(path.join(plugin, "run.sh"), 0o755);
  await writeFile(path.join(dir, "kubeconfig"), "apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n", { mode: 0o600 });
  previous = Object.fromEntries(Object.keys(PLANTED).map((k) => [k, process.env[k]]));
  Object.assign(process.env, PLANTED);
});


afterAll(async () => {
  for (const [k, v] of Object.entries(previous ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const parseEnv = (text: string) =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).replace(/^"|"$/g, "")]),
  );

describe("HelmCli runs helm with the minimal environment", () => {
  it("helm env: helm's homes are the configured ones, the kubeconfig is the platform's, no inherited token", async () => {
    const kubeconfigPath = path.join(dir, "kubeconfig");
    const { stdout } = await new HelmCli({ bin: helmBin, helmHome, kubeconfigPath }).run(["env"]);
    const seen = parseEnv(stdout);
    expect(seen).toMatchObject({
      HELM_CACHE_HOME: `${helmHome}/cache`,
      HELM_CONFIG_HOME: `${helmHome}/config`,
      HELM_DATA_HOME: `${helmHome}/data`,
      KUBECONFIG: kubeconfigPath,
      HELM_KUBETOKEN: "",
    });
  });

  it("a helm plugin sees PATH, proxy settings and helm's own variables, none of the platform's secrets", async () => {
    const kubeconfigPath = path.join(dir, "kubeconfig");
    const { stdout } = await new HelmCli({ bin: helmBin, helmHome, kubeconfigPath }).run(["envdump"]);
    const seen = parseEnv(stdout);
    for (const [name, value] of Object.entries(PLANTED).filter(([n]) => n !== "NO_PROXY")) expect(stdout, name).not.toContain(value);
    for (const name of ["DATABASE_URL", "KUBEBYON_AUTH_SECRET", "NEXTAUTH_SECRET", "KUBEBYON_SMTP_PASSWORD", "KUBEBYON_RABBITMQ_URL", "KUBEBYON_GITHUB_CLIENT_SECRET"]) {
      expect(seen[name], name).toBeUndefined();
    }
    // helm hands its plugins its own settings: the platform's kubeconfig, and an empty token of its own.
    expect(seen).toMatchObject({ KUBECONFIG: kubeconfigPath, HELM_KUBETOKEN: "" });
    expect(seen).toMatchObject({ PATH: process.env.PATH, NO_PROXY: PLANTED.NO_PROXY, HELM_DATA_HOME: `${helmHome}/data` });
    // Everything left is an allowed name or one helm itself sets for its plugins (HELM_*, KUBECONFIG), plus the shell's own.
    const unexpected = Object.keys(seen).filter(
      (name) => !BASE_CHILD_ENV.includes(name) && !name.startsWith("HELM_") && !["HOME", "KUBECONFIG", "PWD", "SHLVL", "_"].includes(name),
    );
    expect(unexpected).toEqual([]);
  });

  it("without a kubeconfig path (in-cluster), KUBECONFIG is passed through for helm's own discovery", async () => {
    const { stdout } = await new HelmCli({ bin: helmBin, helmHome }).run(["envdump"]);
    const seen = parseEnv(stdout);
    expect(seen.KUBECONFIG).toBe(PLANTED.KUBECONFIG);
    expect(seen.DATABASE_URL).toBeUndefined();
  });
});
