// A parser for the Dockerfile instructions our images use (deployments/images/Dockerfile), enough
// for scripts/dockerfiles.test.ts to check the file without a container engine. It knows line
// continuations, comments, exec and shell forms, ARG defaults and stage inheritance; it is not a
// full BuildKit frontend (no heredocs, no custom escape directive).

export interface Instruction {
  keyword: string;
  /** The text after the keyword, continuations joined with single spaces. */
  args: string;
  line: number;
}

export interface CopyInstruction {
  from?: string;
  sources: string[];
  /** Absolute destination (relative destinations resolved against the stage's WORKDIR). */
  dest: string;
  line: number;
}

export interface Stage {
  index: number;
  name?: string;
  /** The FROM argument with ARG defaults substituted. */
  base: string;
  /** Index of the earlier stage this one is built FROM, if any. */
  parent?: number;
  instructions: Instruction[];
  copies: CopyInstruction[];
  /** Declared ARGs of the stage and their defaults (undefined: no default). */
  args: Map<string, string | undefined>;
  env: Map<string, string>;
  /** Own values; use effective() for the inherited ones. */
  workdir?: string;
  user?: string;
  entrypoint?: string[];
  cmd?: string[];
  healthcheck?: string;
  labels: Map<string, string>;
}

export interface Dockerfile {
  globalArgs: Map<string, string | undefined>;
  stages: Stage[];
}

export function splitInstructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let buffer: string[] = [];
  let startLine = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    // Comment and blank lines are dropped, also inside a continuation (as BuildKit does).
    if (trimmed === "" || trimmed.startsWith("#")) return;
    if (buffer.length === 0) startLine = i + 1;
    const continued = trimmed.endsWith("\\");
    buffer.push(continued ? trimmed.slice(0, -1).trim() : trimmed);
    if (continued) return;
    const joined = buffer.join(" ");
    buffer = [];
    const match = /^(\S+)\s*(.*)$/.exec(joined);
    if (match) out.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: startLine });
  });
  if (buffer.length > 0) throw new Error(`line ${startLine}: line continuation at end of file`);
  return out;
}

/** JSON exec form when the text is a JSON array of strings, else the shell form's words. */
export function parseCommand(text: string): { exec: boolean; argv: string[] } {
  const t = text.trim();
  if (t.startsWith("[")) {
    const parsed: unknown = JSON.parse(t);
    if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === "string")) {
      throw new Error(`not a JSON array of strings: ${t}`);
    }
    return { exec: true, argv: parsed };
  }
  return { exec: false, argv: t.split(/\s+/).filter(Boolean) };
}

/** key=value pairs with optional double quotes (LABEL, ENV, ARG). */
export function parsePairs(text: string): Array<[string, string | undefined]> {
  const pairs: Array<[string, string | undefined]> = [];
  const re = /([A-Za-z_][\w.\-]*)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g;
  for (const m of text.matchAll(re)) {
    const value = m[2];
    pairs.push([m[1]!, value === undefined ? undefined : value.startsWith('"') ? value.slice(1, -1) : value]);
  }
  return pairs;
}

export function substitute(text: string, vars: Map<string, string | undefined>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a: string | undefined, b: string | undefined) => {
    const value = vars.get((a ?? b)!);
    return value ?? whole;
  });
}

function resolvePath(p: string, workdir: string | undefined): string {
  if (p.startsWith("/")) return normalise(p);
  return normalise(`${workdir ?? "/"}/${p}`);
}

export function normalise(p: string): string {
  const parts: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs = new Map<string, string | undefined>();
  const stages: Stage[] = [];
  for (const ins of splitInstructions(text)) {
    const stage = stages.at(-1);
    if (ins.keyword === "FROM") {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`line ${ins.line}: cannot read FROM ${ins.args}`);
      const base = substitute(m[1]!, globalArgs);
      const parent = stages.findIndex((s) => s.name !== undefined && s.name === base);
      stages.push({
        index: stages.length,
        name: m[2],
        base,
        parent: parent >= 0 ? parent : undefined,
        instructions: [ins],
        copies: [],
        args: new Map(),
        env: new Map(),
        labels: new Map(),
      });
      continue;
    }
    if (!stage) {
      if (ins.keyword !== "ARG") throw new Error(`line ${ins.line}: ${ins.keyword} before the first FROM`);
      for (const [k, v] of parsePairs(ins.args)) globalArgs.set(k, v);
      continue;
    }
    stage.instructions.push(ins);
    const workdir = effective(stages, stage, "workdir");
    switch (ins.keyword) {
      case "ARG":
        for (const [k, v] of parsePairs(ins.args)) stage.args.set(k, v ?? globalArgs.get(k));
        break;
      case "ENV":
        for (const [k, v] of parsePairs(ins.args)) stage.env.set(k, v ?? "");
        break;
      case "LABEL":
        for (const [k, v] of parsePairs(ins.args)) stage.labels.set(k, v ?? "");
        break;
      case "WORKDIR":
        stage.workdir = resolvePath(ins.args.trim(), workdir);
        break;
      case "USER":
        stage.user = ins.args.trim();
        break;
      case "ENTRYPOINT":
        stage.entrypoint = parseCommand(ins.args).argv;
        break;
      case "CMD":
        stage.cmd = parseCommand(ins.args).argv;
        break;
      case "HEALTHCHECK":
        stage.healthcheck = ins.args;
        break;
      case "COPY":
      case "ADD": {
        const words = parseCommand(ins.args).argv;
        let from: string | undefined;
        const rest: string[] = [];
        for (const w of words) {
          if (w.startsWith("--from=")) from = w.slice("--from=".length);
          else if (!w.startsWith("--")) rest.push(w);
        }
        if (rest.length < 2) throw new Error(`line ${ins.line}: ${ins.keyword} needs a source and a destination`);
        const rawDest = rest.at(-1)!;
        const dest = resolvePath(rawDest, workdir);
        stage.copies.push({ from, sources: rest.slice(0, -1), dest: rawDest.endsWith("/") ? `${dest}/` : dest, line: ins.line });
        break;
      }
      default:
        break;
    }
  }
  return { globalArgs, stages };
}

type Inherited = "workdir" | "user" | "entrypoint" | "cmd" | "healthcheck";

/** A setting of the stage, or of the stage it is built FROM, and so on. */
export function effective<K extends Inherited>(stages: Stage[], stage: Stage, key: K): Stage[K] {
  let s: Stage | undefined = stage;
  while (s) {
    if (s[key] !== undefined) return s[key];
    s = s.parent === undefined ? undefined : stages[s.parent];
  }
  return undefined;
}

/** The stage and the stages it is built FROM, nearest first. */
export function lineage(stages: Stage[], stage: Stage): Stage[] {
  const chain: Stage[] = [];
  let s: Stage | undefined = stage;
  while (s) {
    chain.push(s);
    s = s.parent === undefined ? undefined : stages[s.parent];
  }
  return chain;
}
