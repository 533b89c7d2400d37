/**
 * The subset of the Prometheus text exposition format (version 0.0.4) the control-plane collector reads
 * from a kube-apiserver's /metrics: `# HELP` / `# TYPE` comments (skipped), and sample lines
 * `name{label="value",…} value [timestamp]` with escaped label values (\\, \", \n). Counters, gauges and
 * histogram series (`_bucket`, `_sum`, `_count`) are all plain samples here; callers pick them by name.
 */
export interface PromSample {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

export class PromTextParseError extends Error {
  constructor(line: number, message: string) {
    super(`metrics text, line ${line}: ${message}`);
    this.name = "PromTextParseError";
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** A sample value as Prometheus writes it: a float, NaN, +Inf or -Inf. */
export function parsePromNumber(text: string): number {
  switch (text) {
    case "+Inf":
    case "Inf":
      return Number.POSITIVE_INFINITY;
    case "-Inf":
      return Number.NEGATIVE_INFINITY;
    case "NaN":
      return Number.NaN;
    default: {
      const value = Number(text);
      if (text.trim() === "" || Number.isNaN(value)) throw new Error(`"${text}" is not a number`);
      return value;
    }
  }
}

/** Parses `{a="x",b="y"}` starting at `text[0] === "{"`; returns the labels and the rest after `}`. */
function parseLabels(text: string, lineNo: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1;
  const skipSpaces = () => {
    while (text[i] === " " || text[i] === "\t") i++;
  };
  for (;;) {
    skipSpaces();
    if (text[i] === "}") return { labels, rest: text.slice(i + 1) };
    const name = LABEL_NAME.exec(text.slice(i))?.[0];
    if (!name) throw new PromTextParseError(lineNo, "expected a label name");
    i += name.length;
    skipSpaces();
    if (text[i] !== "=") throw new PromTextParseError(lineNo, `expected "=" after label ${name}`);
    i++;
    skipSpaces();
    if (text[i] !== '"') throw new PromTextParseError(lineNo, `expected a quoted value for label ${name}`);
    i++;
    let value = "";
    for (;;) {
      const ch = text[i];
      if (ch === undefined) throw new PromTextParseError(lineNo, `unterminated value of label ${name}`);
      i++;
      if (ch === '"') break;
      if (ch === "\\") {
        const escaped = text[i++];
        value += escaped === "n" ? "\n" : (escaped ?? "");
      } else {
        value += ch;
      }
    }
    labels[name] = value;
    skipSpaces();
    if (text[i] === ",") i++;
    else if (text[i] !== "}") throw new PromTextParseError(lineNo, `expected "," or "}" after label ${name}`);
  }
}

export function parsePromText(text: string): PromSample[] {
  const samples: PromSample[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const lineNo = index + 1;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new PromTextParseError(lineNo, "expected a metric name");
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith("{")) ({ labels, rest } = parseLabels(rest, lineNo));
    const [valueText] = rest.trim().split(/\s+/);
    if (!valueText) throw new PromTextParseError(lineNo, `no value for ${name}`);
    try {
      samples.push({ name, labels, value: parsePromNumber(valueText) });
    } catch (error) {
      throw new PromTextParseError(lineNo, (error as Error).message);
    }
  }
  return samples;
}

/** A stable key of a label set (sorted names), to match the same series across two scrapes. */
export function seriesKey(name: string, labels: Readonly<Record<string, string>>, omit: readonly string[] = []): string {
  const parts = Object.keys(labels)
    .filter((key) => !omit.includes(key))
    .sort()
    .map((key) => `${key}=${JSON.stringify(labels[key])}`);
  return `${name}{${parts.join(",")}}`;
}
