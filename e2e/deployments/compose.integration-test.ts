import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { envSchema, parseConfig, requireAuthSecret, requireDatabaseUrl } from "@/server/config/env";
import { effectiveVclusterRoute } from "@/server/domain/clusters/platform-route";
import { SETTING_LIST } from "@/server/config/settings";
import { runsInHostCluster } from "@/server/infra/kube/host-kube-config";
import { libraryVariables } from "../../scripts/config/wiring";
import { parseDockerfile } from "../../scripts/lib/dockerfile";

/**
 * The compose deployments (deployments/{single,multi}-node/docker-compose) checked with Debian's
 * docker-compose (1.29, installed by scripts/prepare-test-machine.sh): `config` validates the files
 * against the Compose specification and interpolates them exactly as `docker compose up` would,
 * from a `.env` made the way the runbook says (copy of .env.example, secrets filled in). What the
 * platform containers then receive is parsed with the platform's own config schema.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const schemaKeys = new Set(Object.keys(envSchema.shape));

/** Read by a library the platform runs (next-auth, Next.js), not by Config; the registry says so. */
const THIRD_PARTY_VARIABLES = new Set<string>(libraryVariables());
/** docker compose's own variable, read from .env. */
const COMPOSE_VARIABLES = new Set(["COMPOSE_PROJECT_NAME"]);
/**
 * Registry variables an .env.example need not list (`compose: "absent"`): aliases of names compose
 * sets itself, the embedded PostgreSQL of `npm run up`, which no container runs, the route agent's.
 */
const NOT_FOR_COMPOSE = new Set<string>(SETTING_LIST.filter((s) => s.compose === "absent").map((s) => s.name));

interface Deployment {
  dir: string;
  secrets: string[];
  platformServices: Record<string, { needsAuthSecret: boolean }>;
  dependencies: string[];
  /** Settings that would change what the deployment is (single-node has no broker and no workers). */
  notOffered: string[];
}

const deployments: Deployment[] = [
  {
    dir: "deployments/single-node/docker-compose",
    secrets: ["POSTGRES_PASSWORD", "KUBEBYON_AUTH_SECRET"],
    platformServices: { web: { needsAuthSecret: true } },
    dependencies: ["postgres"],
    notOffered: SETTING_LIST.filter((s) => s.multiNodeOnly).map((s) => s.name),
  },
  {
    dir: "deployments/multi-node/docker-compose",
    secrets: ["POSTGRES_PASSWORD", "RABBITMQ_PASSWORD", "KUBEBYON_AUTH_SECRET"],
    platformServices: {
      web: { needsAuthSecret: true },
      worker: { needsAuthSecret: true },
    },
    dependencies: ["postgres", "rabbitmq"],
    notOffered: [],
  },
];

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
  network_mode?: string;
  ports?: string[];
  deploy?: { replicas?: number };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** `KEY=value` and commented `#KEY=value` lines: the variables an .env.example lists. */
function parseEnvExample(text: string): { set: Map<string, string>; listed: Set<string> } {
  const set = new Map<string, string>();
  const listed = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, comment, key = "", value = ""] = match;
    listed.add(key);
    if (!comment) set.set(key, value);
  }
  return { set, listed };
}

function interpolatedVariables(composeText: string): Set<string> {
  return new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ""));
}

/** The `environment` entries compose.yaml itself gives the platform services (before interpolation). */
function wiredByCompose(composeText: string, services: string[]): Map<string, string> {
  const raw = parseYaml(composeText, { merge: true }) as ComposeFile;
  const wired = new Map<string, string>();
  for (const name of services) {
    for (const [key, value] of Object.entries(raw.services[name]?.environment ?? {})) wired.set(key, value ?? "");
  }
  return wired;
}

/** The runbook's `cp .env.example .env` plus the given lines replaced, in a copy of the repository layout. */
async function composeTree(dep: Deployment, overrides: Record<string, string>): Promise<{ root: string; dir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "kubebyon-compose-"));
  const dir = path.join(root, dep.dir);
  await cp(path.join(repoRoot, dep.dir, "compose.yaml"), path.join(dir, "compose.yaml"), { recursive: true });
  const example = await readFile(path.join(repoRoot, dep.dir, ".env.example"), "utf8");
  const env = example
    .split("\n")
    .map((line) => {
      const key = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      return key && key in overrides ? `${key}=${overrides[key]}` : line;
    })
    .join("\n");
  await writeFile(path.join(dir, ".env"), env);
  return { root, dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Runs docker-compose with only PATH and HOME (NODE_ENV only because the ProcessEnv type demands it),
 * so no variable of the test's environment takes part in the interpolation.
 */
async function dockerCompose(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("docker-compose", ["-f", "compose.yaml", ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir(), NODE_ENV: process.env.NODE_ENV },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === "ENOENT") throw new Error("docker-compose is not installed: run scripts/prepare-test-machine.sh as root (apt-get install docker-compose)");
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

function secretValues(dep: Deployment): Record<string, string> {
  return Object.fromEntries(dep.secrets.map((name) => [name, randomBytes(24).toString("hex")]));
}

describe.each(deployments)("$dir", (dep) => {
  let composeText = "";
  let example: ReturnType<typeof parseEnvExample>;
  let resolved: ComposeFile;
  let secrets: Record<string, string>;
  let treeRoot = "";

  beforeAll(async () => {
    composeText = await readFile(path.join(repoRoot, dep.dir, "compose.yaml"), "utf8");
    example = parseEnvExample(await readFile(path.join(repoRoot, dep.dir, ".env.example"), "utf8"));
    secrets = secretValues(dep);
    const tree = await composeTree(dep, secrets);
    treeRoot = tree.root;
    try {
      const quiet = await dockerCompose(tree.dir, ["config", "-q"]);
      expect(quiet, "docker-compose config -q (Compose specification validation)").toMatchObject({ code: 0, stderr: "" });
      const full = await dockerCompose(tree.dir, ["config"]);
      expect(full.code, full.stderr).toBe(0);
      resolved = parseYaml(full.stdout) as ComposeFile;
    } finally {
      await tree.cleanup();
    }
  });

  it("refuses to start from the unchanged .env.example: every secret must be set, none has a default", async () => {
    for (const missing of dep.secrets) {
      expect(example.set.get(missing), `${missing} in .env.example`).toBe("");
      const others = Object.fromEntries(Object.entries(secretValues(dep)).filter(([name]) => name !== missing));
      const tree = await composeTree(dep, others);
      try {
        const result = await dockerCompose(tree.dir, ["config", "-q"]);
        expect(result.code, `config without ${missing}`).not.toBe(0);
        expect(result.stderr).toContain(`set ${missing} in .env`);
      } finally {
        await tree.cleanup();
      }
    }
  });

  it("passes the platform containers only variables the config schema knows, and the schema accepts them", () => {
    const interpolationOnly = [...interpolatedVariables(composeText)].filter((name) => !schemaKeys.has(name));
    for (const [name, spec] of Object.entries(dep.platformServices)) {
      const service = resolved.services[name];
      expect(service, `service ${name}`).toBeDefined();
      const env = Object.fromEntries(Object.entries(service?.environment ?? {}).map(([k, v]) => [k, v ?? ""]));
      for (const key of Object.keys(env)) {
        const known = schemaKeys.has(key) || THIRD_PARTY_VARIABLES.has(key) || COMPOSE_VARIABLES.has(key) || interpolationOnly.includes(key);
        expect(known, `${name} receives ${key}, which src/server/config/env.ts does not know`).toBe(true);
        if (key.startsWith("KUBEBYON_")) expect(schemaKeys.has(key), `unknown ${key} in ${name}`).toBe(true);
      }
      const config = parseConfig(env);
      expect(requireDatabaseUrl(config)).toContain(`:${secrets.POSTGRES_PASSWORD}@`);
      if (spec.needsAuthSecret) expect(requireAuthSecret(config)).toBe(secrets.KUBEBYON_AUTH_SECRET);
      // Outside the host cluster auto means cluster-ip, the route the runbook prepares the host for.
      const runsInside = runsInHostCluster({ kubeconfigPath: config.kubeconfigPath, env, serviceAccountTokenPath: "/nonexistent" });
      expect(effectiveVclusterRoute(config.vclusterRoute, runsInside)).toBe("cluster-ip");
      if (dep.dependencies.includes("rabbitmq")) {
        expect(config.rabbitmqUrl).toBe(`amqp://kubebyon:${secrets.RABBITMQ_PASSWORD}@rabbitmq:5672`);
      } else {
        expect(config.rabbitmqUrl, "single-node runs jobs in the web process").toBeUndefined();
      }
      const kubeconfigMount = (service?.volumes ?? []).find((v) => v.split(":")[1] === config.kubeconfigPath);
      expect(kubeconfigMount, `${name} mounts KUBEBYON_KUBECONFIG_PATH`).toMatch(/:ro$/);
      // The names scripts/build-images.sh gives the images (docs/runbooks/images.md).
      expect(service?.image).toBe(`kubebyon/kubebyon-${name}:${example.set.get("IMAGE_TAG")}`);
    }
  });

  it("lists the admission webhook settings in .env.example and makes its listener reachable from the host", () => {
    for (const key of [...schemaKeys].filter((k) => k.startsWith("KUBEBYON_ADMISSION_WEBHOOK_"))) expect(example.listed.has(key), `${key} in .env.example`).toBe(true);
    const web = resolved.services.web;
    // Single-node shares the node's network (the listener is on the node); multi-node publishes container port 9443.
    if (web?.network_mode === "host") expect(web.ports ?? []).toEqual([]);
    else expect(web?.ports ?? []).toContain("127.0.0.1:9443:9443/tcp");
  });

  it("builds the images from the repository root and gives PostgreSQL and RabbitMQ the passwords in the URLs", () => {
    for (const name of Object.keys(dep.platformServices)) {
      // docker-compose resolves the context to an absolute path: the root of the copied tree. The
      // Dockerfile refuses to build without the checksums, so compose passes them through from .env.
      expect(resolved.services[name]?.build, `${name} build`).toEqual({
        context: treeRoot,
        dockerfile: "deployments/images/Dockerfile",
        target: name,
        args: { HELM_SHA256: "", KUBECTL_SHA256: "" },
      });
    }
  });

  it("builds targets and arguments the repository's Dockerfile declares", async () => {
    const dockerfile = parseDockerfile(await readFile(path.join(repoRoot, "deployments/images/Dockerfile"), "utf8"));
    for (const name of Object.keys(dep.platformServices)) {
      const stage = dockerfile.stages.find((s) => s.name === name);
      expect(stage, `Dockerfile stage ${name}`).toBeDefined();
      const declared = new Set([...dockerfile.globalArgs.keys(), ...dockerfile.stages.flatMap((s) => [...s.args.keys()])]);
      for (const arg of Object.keys(resolved.services[name]?.build?.args ?? {})) expect(declared, `build arg ${arg}`).toContain(arg);
    }
    expect(resolved.services.postgres?.environment?.POSTGRES_PASSWORD).toBe(secrets.POSTGRES_PASSWORD);
    if (dep.dependencies.includes("rabbitmq")) expect(resolved.services.rabbitmq?.environment?.RABBITMQ_DEFAULT_PASS).toBe(secrets.RABBITMQ_PASSWORD);
  });

  it("points the platform at PostgreSQL and RabbitMQ where compose puts them", () => {
    for (const name of Object.keys(dep.platformServices)) {
      const service = resolved.services[name];
      const env = service?.environment ?? {};
      const urls = [env.DATABASE_URL, env.KUBEBYON_RABBITMQ_URL].filter((u): u is string => Boolean(u)).map((u) => new URL(u));
      expect(urls.length).toBe(dep.dependencies.length);
      for (const url of urls) {
        const target = url.protocol.startsWith("postgres") ? { service: "postgres", port: "5432" } : { service: "rabbitmq", port: "5672" };
        if (service?.network_mode === "host") {
          // The host's network: the dependency must be published on loopback at the URL's port.
          expect(url.hostname, `${name} ${url.protocol}`).toBe("127.0.0.1");
          expect(resolved.services[target.service]?.ports ?? []).toContain(`127.0.0.1:${url.port}:${target.port}/tcp`);
        } else {
          expect(url.hostname, `${name} ${url.protocol}`).toBe(target.service);
          expect(url.port || target.port).toBe(target.port);
        }
      }
    }
    // Single-node shares the node's network (k3s.yaml's 127.0.0.1:6443 as is); multi-node must not,
    // or every worker replica would have the same hostname and so the same default KUBEBYON_WORKER_ID.
    expect(resolved.services.web?.network_mode === "host").toBe(!dep.dependencies.includes("rabbitmq"));
    if (resolved.services.worker) expect(resolved.services.worker.network_mode).toBeUndefined();
  });

  it("health-checks every service the platform waits for and starts the platform only once they are healthy", () => {
    for (const dependency of dep.dependencies) {
      expect(resolved.services[dependency]?.healthcheck?.test?.length, `${dependency} healthcheck`).toBeGreaterThan(0);
      for (const name of Object.keys(dep.platformServices)) {
        expect(resolved.services[name]?.depends_on?.[dependency]?.condition, `${name} waits for ${dependency}`).toBe("service_healthy");
      }
    }
    expect(resolved.services.web?.healthcheck?.test?.join(" ")).toContain("/readyz");
  });

  it("lists in .env.example every variable compose.yaml interpolates and every setting the platform reads, and nothing unknown", () => {
    for (const name of interpolatedVariables(composeText)) expect(example.listed.has(name), `${name} (interpolated) missing from .env.example`).toBe(true);
    const wired = wiredByCompose(composeText, Object.keys(dep.platformServices));
    for (const [key, value] of wired) {
      // A setting compose.yaml fixes itself would be silently overridden if .env.example offered it.
      if (!value.startsWith(`\${${key}:`)) expect(example.listed.has(key), `.env.example offers ${key}, which compose.yaml sets itself`).toBe(false);
    }
    for (const key of schemaKeys) {
      if (dep.notOffered.includes(key)) {
        expect(example.listed.has(key), `${key} in .env.example`).toBe(false);
        continue;
      }
      if (NOT_FOR_COMPOSE.has(key) || wired.has(key)) continue;
      expect(example.listed.has(key), `${key} (src/server/config/env.ts) missing from .env.example`).toBe(true);
    }
    for (const key of example.listed) {
      if (key.startsWith("KUBEBYON_")) expect(schemaKeys.has(key), `unknown ${key} in .env.example`).toBe(true);
      else expect(interpolatedVariables(composeText).has(key) || COMPOSE_VARIABLES.has(key), `${key} in .env.example is used by nothing`).toBe(true);
    }
  });
});
