/**
 * Splits a typed command line into argv with POSIX-shell quoting rules, so
 * what users paste from a terminal means the same here. Nothing is ever
 * expanded or executed: operators a shell would act on are rejected instead of
 * being passed on literally, because the user clearly expected them to work.
 */

export type SplitResult = { ok: true; argv: string[] } | { ok: false; reason: string };

const NO_SHELL =
  "The console runs kubectl directly, without a shell: pipes, redirects, command chaining and substitution are not available.";

/** Characters that end or chain a shell command when unquoted. */
const OPERATORS: Record<string, string> = {
  "|": "a pipe (|)",
  ";": "a command separator (;)",
  "&": "a background/chain operator (&)",
  ">": "an output redirect (>)",
  "<": "an input redirect (<)",
  "`": "a command substitution (`...`)",
  "\n": "a line break (several commands)",
  "\r": "a line break (several commands)",
};

const fail = (what: string, hint = NO_SHELL): SplitResult => ({
  ok: false,
  reason: `The command contains ${what}. ${hint} Quote the character if you meant it literally.`,
});

export function splitCommandLine(line: string): SplitResult {
  const argv: string[] = [];
  let current = "";
  // A token exists once anything (even '') was seen, so `get ''` keeps its empty argument.
  let inToken = false;
  let i = 0;

  const isSubstitution = (at: number) => line[at] === "$" && line[at + 1] === "(";

  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === " " || ch === "\t") {
      if (inToken) argv.push(current);
      current = "";
      inToken = false;
      i += 1;
      continue;
    }
    const operator = OPERATORS[ch];
    if (operator) return fail(operator);
    if (isSubstitution(i)) return fail("a command substitution ($(...))");
    // Backslash-newline is a line continuation in a shell: it vanishes.
    if (ch === "\\" && line[i + 1] === "\n") {
      i += 2;
      continue;
    }
    inToken = true;
    if (ch === "\\") {
      const next = line[i + 1];
      if (next === undefined) return fail("a trailing backslash", "Remove it or escape it as \\\\.");
      current += next;
      i += 2;
      continue;
    }
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return fail("an unterminated single quote (')", "Close the quote.");
      current += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i += 1;
      let closed = false;
      while (i < line.length) {
        const c = line[i] as string;
        if (c === '"') {
          closed = true;
          i += 1;
          break;
        }
        // Inside double quotes a shell still runs substitutions; we would not.
        if (c === "`") return fail("a command substitution (`...`) inside double quotes");
        if (isSubstitution(i)) return fail("a command substitution ($(...)) inside double quotes");
        if (c === "\\" && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1] as string)) {
          if (line[i + 1] !== "\n") current += line[i + 1];
          i += 2;
          continue;
        }
        current += c;
        i += 1;
      }
      if (!closed) return fail('an unterminated double quote (")', "Close the quote.");
      continue;
    }
    current += ch;
    i += 1;
  }
  if (inToken) argv.push(current);
  return { ok: true, argv };
}
