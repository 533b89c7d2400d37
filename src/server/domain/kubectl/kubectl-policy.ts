import {
  COMMAND_FLAGS,
  FILE_OUTPUT_FORMATS,
  GLOBAL_FLAGS,
  INLINE_OUTPUT_FORMATS,
  TOP_SUBCOMMANDS,
  normaliseFlagName,
  type FlagSpec,
} from "./kubectl-flags";
import { DENIED_FLAGS, DENIED_SHORT_FLAGS, READ_ONLY_COMMANDS, verbDenial, type DenialCategory } from "./kubectl-denials";
import { splitCommandLine } from "./split-command-line";

/**
 * The console's kubectl proxy is read-only (spec: backend walkthrough §7).
 * The policy is an allow-list: a known read-only command, followed only by
 * flags that command defines, read with kubectl's own flag arity so the
 * command we check is the command kubectl runs.
 */

export type KubectlParseResult = { ok: true; argv: string[] } | { ok: false; reason: string };

export type KubectlPolicyDecision =
  | { allowed: true; argv: string[] }
  | { allowed: false; category: DenialCategory; reason: string };

export const MAX_KUBECTL_ARGS = 64;
export const MAX_KUBECTL_COMMAND_LENGTH = 4096;

/** Turns what the user typed (a line or an argv array) into argv, without `kubectl` in front. */
export function parseKubectlCommand(input: string | readonly string[]): KubectlParseResult {
  let argv: string[];
  if (typeof input === "string") {
    if (input.length > MAX_KUBECTL_COMMAND_LENGTH) {
      return { ok: false, reason: `The command is longer than ${MAX_KUBECTL_COMMAND_LENGTH} characters; shorten it.` };
    }
    const split = splitCommandLine(input);
    if (!split.ok) return split;
    argv = split.argv;
  } else {
    argv = [...input];
  }
  if (argv[0] === "kubectl") argv = argv.slice(1);
  if (argv.length === 0) return { ok: false, reason: `Enter a kubectl command, e.g. "get pods -A". Allowed: ${READ_ONLY_COMMANDS}.` };
  if (argv.some((a) => a.includes("\0"))) return { ok: false, reason: "The command contains a NUL character; remove it." };
  return { ok: true, argv };
}

const deny = (category: DenialCategory, reason: string): KubectlPolicyDecision => ({ allowed: false, category, reason });

interface FlagTable {
  long: Map<string, FlagSpec>;
  short: Map<string, FlagSpec>;
}

function table(specs: readonly FlagSpec[]): FlagTable {
  const long = new Map<string, FlagSpec>();
  const short = new Map<string, FlagSpec>();
  for (const spec of specs) {
    long.set(spec.long, spec);
    if (spec.short) short.set(spec.short, spec);
  }
  return { long, short };
}

const GLOBAL_TABLE = table(GLOBAL_FLAGS);

/**
 * Reads one flag token (and its value, when the flag takes one) the way
 * spf13/pflag does. Returns how many tokens were used, or a denial.
 */
type FlagRead = { used: number } | { unknownFlag: string } | KubectlPolicyDecision;

function readFlag(tokens: readonly string[], at: number, flags: FlagTable): FlagRead {
  const token = tokens[at] as string;
  const next = tokens[at + 1];
  const unknown = (flag: string) => ({ unknownFlag: flag });
  const valueCheck = (spec: FlagSpec, value: string): KubectlPolicyDecision | undefined =>
    spec.long === "output" ? outputFormatCheck(value) : undefined;
  // A separate value that looks like a flag is refused rather than guessed at: kubectl would swallow it as the value.
  const separateValue = (spec: FlagSpec, shown: string): { used: number } | KubectlPolicyDecision => {
    if (next === undefined || (next.startsWith("-") && next !== "-")) {
      return deny("syntax", `${shown} needs a value, e.g. ${shown} <value>.`);
    }
    return valueCheck(spec, next) ?? { used: 2 };
  };

  if (token.startsWith("--")) {
    const eq = token.indexOf("=");
    const name = normaliseFlagName(eq < 0 ? token.slice(2) : token.slice(2, eq));
    const denied = DENIED_FLAGS[name];
    if (denied) return deny(denied.category, denied.reason);
    const spec = flags.long.get(name);
    if (!spec) return unknown(`--${name}`);
    if (eq >= 0) return (spec.takesValue && valueCheck(spec, token.slice(eq + 1))) || { used: 1 };
    return spec.takesValue ? separateValue(spec, `--${name}`) : { used: 1 };
  }

  // Short flags: `-Ao yaml`, `-Aoyaml`, `-o=yaml`: booleans chain, the first value-taking flag ends the token.
  let rest = token.slice(1);
  while (rest.length > 0) {
    const letter = rest[0] as string;
    const denied = DENIED_SHORT_FLAGS[letter];
    if (denied) return deny(denied.category, denied.reason);
    const spec = flags.short.get(letter);
    if (!spec) return unknown(`-${letter}`);
    if (spec.takesValue) {
      if (rest.length === 1) return separateValue(spec, `-${letter}`);
      const value = rest[1] === "=" ? rest.slice(2) : rest.slice(1);
      return valueCheck(spec, value) ?? { used: 1 };
    }
    if (rest[1] === "=") return { used: 1 };
    rest = rest.slice(1);
  }
  return { used: 1 };
}

/**
 * kubectl's printers match most format names exactly and json/yaml in any case; lower-casing
 * here refuses every spelling that could reach a file-reading printer.
 */
function outputFormatCheck(value: string): KubectlPolicyDecision | undefined {
  const format = (value.split("=")[0] ?? "").toLowerCase();
  if (Object.hasOwn(FILE_OUTPUT_FORMATS, format)) {
    const inline = FILE_OUTPUT_FORMATS[format] as string;
    return deny(
      "flag",
      `-o/--output ${format} reads a file on the console's server, which the console's kubectl does not do. Pass it inline instead, e.g. ${inline}.`,
    );
  }
  // An empty value is kubectl's default (human-readable) printer.
  if (format !== "" && !INLINE_OUTPUT_FORMATS.has(format)) {
    return deny(
      "flag",
      `-o/--output "${format}" is not an output format the console's kubectl accepts. Use one of: ${[...INLINE_OUTPUT_FORMATS].join(", ")}.`,
    );
  }
  return undefined;
}

const isFlag = (token: string) => token.startsWith("-") && token !== "-";

/** Decides whether argv (without `kubectl`) may run through the console's read-only proxy. */
export function checkKubectlPolicy(argv: readonly string[]): KubectlPolicyDecision {
  if (argv.length === 0) return deny("syntax", `Enter a kubectl command. Allowed: ${READ_ONLY_COMMANDS}.`);
  if (argv.length > MAX_KUBECTL_ARGS) return deny("syntax", `The command has more than ${MAX_KUBECTL_ARGS} arguments; shorten it.`);
  if (argv.some((a) => a.includes("\0"))) return deny("syntax", "The command contains a NUL character; remove it.");
  if (argv.includes("--")) {
    return deny("syntax", `"--" passes arguments to a program inside a container, which read-only commands never do; remove it.`);
  }

  // Before the command name only harmless global flags may appear, so that
  // the word we take for the command is the one kubectl's command lookup finds.
  let i = 0;
  while (i < argv.length && isFlag(argv[i] as string)) {
    const token = argv[i] as string;
    const misplaced = deny("syntax", `Put flags after the command name, e.g. "get pods ${token}".`);
    const read = readFlag(argv, i, GLOBAL_TABLE);
    if ("allowed" in read) return read;
    if ("unknownFlag" in read) return misplaced;
    // kubectl's command lookup does not know that `-hn x` ends in a value-taking
    // flag and would take x for the command name; only plain `-n` forms are safe here.
    if (!token.startsWith("--") && token.length > 2 && token[1] !== "n") return misplaced;
    i += read.used;
  }
  const verb = argv[i];
  if (verb === undefined) return deny("syntax", `Add a command, e.g. "get pods". Allowed: ${READ_ONLY_COMMANDS}.`);

  const command = resolveCommand(verb, argv[i + 1]);
  if ("allowed" in command) return command;
  i += command.words;

  const flags = table([...GLOBAL_FLAGS, ...(COMMAND_FLAGS[command.key] ?? [])]);
  const positionals: string[] = [];
  while (i < argv.length) {
    const token = argv[i] as string;
    if (!isFlag(token)) {
      positionals.push(token);
      i += 1;
      continue;
    }
    const read = readFlag(argv, i, flags);
    if ("allowed" in read) return read;
    if ("unknownFlag" in read) {
      return deny(
        "flag",
        `${read.unknownFlag} is not a flag the console's read-only kubectl accepts for "${command.key}". Remove it, or run kubectl with the cluster's kubeconfig.`,
      );
    }
    i += read.used;
  }
  if (command.key === "cluster-info" && positionals.length > 0) {
    return deny(
      positionals[0] === "dump" ? "write" : "syntax",
      "Only plain `cluster-info` is available: `cluster-info dump` writes the whole cluster state out and is not offered by the console.",
    );
  }
  return { allowed: true, argv: [...argv] };
}

/** Maps the first word(s) to a COMMAND_FLAGS key; sub-commands must follow their parent directly. */
function resolveCommand(verb: string, sub: string | undefined): { key: string; words: number } | KubectlPolicyDecision {
  if (verb === "auth") {
    return sub === "can-i"
      ? { key: "auth can-i", words: 2 }
      : deny("write", `Only "auth can-i" is available (e.g. "auth can-i list pods"). ${verbDenial("auth").reason}`);
  }
  if (verb === "rollout") {
    return sub === "history"
      ? { key: "rollout history", words: 2 }
      : deny("write", `Only "rollout history" is available (e.g. "rollout history deployment/web"); other rollout commands change workloads. ${verbDenial("rollout").reason}`);
  }
  if (verb === "top") {
    const key = sub === undefined ? undefined : TOP_SUBCOMMANDS[sub];
    return key ? { key, words: 2 } : deny("syntax", `Use "top pods" or "top nodes".`);
  }
  if (Object.hasOwn(COMMAND_FLAGS, verb) && !verb.includes(" ")) return { key: verb, words: 1 };
  const denial = verbDenial(verb);
  return deny(denial.category, denial.reason);
}

/** Parse + policy in one step, for callers that take the user's input as is. */
export function evaluateKubectlCommand(input: string | readonly string[]): KubectlPolicyDecision {
  const parsed = parseKubectlCommand(input);
  return parsed.ok ? checkKubectlPolicy(parsed.argv) : deny("syntax", parsed.reason);
}
