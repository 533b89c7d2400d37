import { readFile } from "node:fs/promises";
import path from "node:path";
import { SECTIONS, SETTING_LIST, type ProcessName, type SectionKey, type SettingDeclaration, type SettingName } from "../../src/server/config/settings";
import { ENV_EXAMPLES, type EnvExample } from "./env-examples";
import { chartConfigAllowList, chartSecretEnv, type Topology } from "./wiring";

/**
 * What `npm run config:generate` writes, rendered from the registry (src/server/config/settings.ts):
 *   - docs/configuration.md: the table of each section, between its BEGIN/END markers (prose stays hand-written);
 *   - deployments/{single,multi}-node/helm/kubebyon/values.schema.json: the shared schema
 *     (deployments/common/helm/values-schema/common.json), the chart's own part and the `config` allow-list;
 *   - the three .env.example files (targets in env-examples.ts).
 * Pure apart from reading the sources, so the freshness test renders in memory and compares.
 */

export const GENERATE_COMMAND = "npm run config:generate";

type Entry = SettingDeclaration & { name: SettingName };

export interface GeneratedFile {
  /** Relative to the repository root. */
  path: string;
  content: string;
}

export async function renderGeneratedFiles(root: string): Promise<GeneratedFile[]> {
  const read = (file: string) => readFile(path.join(root, file), "utf8");
  const docsPath = "docs/configuration.md";
  const files: GeneratedFile[] = [{ path: docsPath, content: renderConfigurationDoc(await read(docsPath)) }];
  const schemaDir = "deployments/common/helm/values-schema";
  const common = JSON.parse(await read(`${schemaDir}/common.json`)) as JsonObject;
  for (const topology of ["single-node", "multi-node"] as const) {
    const own = JSON.parse(await read(`${schemaDir}/${topology}.json`)) as Record<string, unknown>;
    files.push({ path: `deployments/${topology}/helm/kubebyon/values.schema.json`, content: renderChartSchema(common, own, topology) });
  }
  for (const example of ENV_EXAMPLES) files.push({ path: example.path, content: renderEnvExample(example) });
  return files;
}

// --- docs/configuration.md ---

const beginMarker = (section: string) => `<!-- BEGIN GENERATED settings:${section} (${GENERATE_COMMAND}; declared in src/server/config/settings.ts) -->`;
const endMarker = (section: string) => `<!-- END GENERATED settings:${section} -->`;

const PROCESS_LABELS: Record<ProcessName, string> = { web: "web", worker: "worker", "route-agent": "route agent", up: "`npm run up`" };

/**
 * Replaces what is between each block's markers: the table of each section, and the list of variables
 * that break the env-vs-system-setting rule. A block without markers is an error (it would be lost).
 */
export function renderConfigurationDoc(current: string): string {
  let text = current;
  const blocks: [string, string][] = [
    ...(Object.keys(SECTIONS) as SectionKey[]).map((section): [string, string] => [section, renderSectionTable(section)]),
    ["exceptions", renderRuleExceptions()],
  ];
  for (const [block, content] of blocks) {
    const begin = beginMarker(block);
    const end = endMarker(block);
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/configuration.md: no "${begin}" … "${end}"`);
    text = `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
  }
  return text;
}

function renderRuleExceptions(): string {
  return SETTING_LIST.filter((s) => s.systemSettingCandidate)
    .map((s) => `- \`${s.name}\`: ${s.systemSettingCandidate}.`)
    .join("\n");
}

export function renderSectionTable(section: SectionKey): string {
  const rows = SETTING_LIST.filter((s) => s.section === section).map(
    (s) => `| \`${s.name}\`${s.secret ? " (secret)" : ""} | ${defaultCell(s)} | ${s.doc} | ${s.readBy.map((p) => PROCESS_LABELS[p]).join(", ")} | ${chartCell(s)} |`,
  );
  return ["| Variable | Default | Meaning | Read by | Helm charts |", "|---|---|---|---|---|", ...rows].join("\n");
}

function defaultCell(s: Entry): string {
  if (s.defaultDoc) return s.defaultDoc;
  if (s.secret || s.kind.default === undefined) return "—";
  return `\`${s.kind.default}\`${s.kind.bounds ? ` (${s.kind.bounds})` : ""}`;
}

function chartCell(s: Entry): string {
  const multi = s.multiNodeOnly ? " (multi-node)" : "";
  switch (s.chart.kind) {
    case "config":
      return `\`config\`${multi}`;
    case "secretEnv":
      return "`secretEnv.existingSecret`";
    case "wired":
      return `${s.chart.from}${s.chart.when ? ` (with \`${s.chart.when}\`)` : ""}${multi}`;
    case "absent":
      return `— (${s.chart.why})`;
  }
}

/** The first sentence of a doc, as plain text: the one-line summary in examples and the charts' schema. */
export function summary(doc: string): string {
  const plain = doc
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\*\*/g, "")
    .replace(/`/g, "")
    .replace(/\\\|/g, "|");
  const end = /(?<!\be\.g|\bi\.e)\.(\s|$)/.exec(plain);
  return end ? plain.slice(0, end.index + 1) : plain;
}

// --- the charts' values.schema.json ---

type JsonObject = { [key: string]: unknown };

/**
 * The common schema with the chart's own part laid over it (each key a JSON pointer: the value is set
 * there, replacing or appending) and the registry's parts: the `config` allow-list and the secrets
 * `secretEnv` takes.
 */
export function renderChartSchema(common: JsonObject, own: Record<string, unknown>, topology: Topology): string {
  const schema = structuredClone(common);
  schema.$comment = `Generated by ${GENERATE_COMMAND} from deployments/common/helm/values-schema/{common,${topology}}.json and src/server/config/settings.ts; edit those.`;
  for (const [pointer, value] of Object.entries(own)) setPointer(schema, pointer, structuredClone(value));
  const properties: JsonObject = {};
  for (const name of chartConfigAllowList(topology)) {
    const s = SETTING_LIST.find((entry) => entry.name === name) as Entry;
    properties[name] = {
      ...(s.kind.choices ? { type: "string", enum: [...s.kind.choices] } : { type: ["string", "integer", "boolean"] }),
      description: `${summary(s.doc)}${s.kind.default !== undefined ? ` Default: ${s.kind.default}.` : ""} See docs/configuration.md.`,
    };
  }
  setPointer(schema, "/properties/config/properties", properties);
  setPointer(
    schema,
    "/properties/secretEnv/properties/existingSecret/description",
    `Secret whose keys are setting names, loaded into the platform's environment: the secret settings ${chartSecretEnv().join(", ")}.`,
  );
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function setPointer(target: JsonObject, pointer: string, value: unknown): void {
  const keys = pointer.split("/").slice(1);
  const last = keys.pop();
  if (last === undefined) throw new Error(`schema part: bad JSON pointer ${JSON.stringify(pointer)}`);
  let node = target;
  for (const key of keys) {
    const next = node[key];
    if (typeof next !== "object" || next === null) throw new Error(`schema part: ${pointer} goes through ${key}, which the common schema does not have`);
    node = next as JsonObject;
  }
  node[last] = value;
}

// --- .env.example files ---

const WIDTH = 110;

/** Comment lines of at most WIDTH characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > WIDTH && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  if (line !== "#") lines.push(line);
  return lines;
}

export function renderEnvExample(example: EnvExample): string {
  const out: string[] = [...example.header.flatMap(comment), ""];
  if (example.prelude.length) out.push(...example.prelude, "");
  const listed = example.variables();
  for (const section of Object.keys(SECTIONS) as SectionKey[]) {
    const entries = listed.filter((s) => s.section === section);
    if (!entries.length) continue;
    out.push(`# --- ${SECTIONS[section]} ---`);
    for (const note of example.sectionNotes?.[section] ?? []) out.push(...comment(note));
    for (const s of entries) {
      const own = example.values?.[s.name];
      out.push(...comment(summary(s.doc)));
      if (own?.note) out.push(...comment(own.note));
      if (s.secret && own?.value) throw new Error(`${example.path}: ${s.name} is a secret; an example must not give it a value`);
      const value = own?.value ?? (s.secret ? "" : (s.kind.default ?? ""));
      const active = own?.set ?? (s.secret && own?.required === true);
      out.push(`${active ? "" : "#"}${s.name}=${value}`);
    }
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
