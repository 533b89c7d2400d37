import { normaliseFlagName } from "./kubectl-flags";
import { splitCommandLine } from "./split-command-line";

/**
 * The audit trail keeps the command a user typed, refused ones included, and a
 * refused command is exactly where someone pastes `--token …` or a key. Values
 * of secret-looking flags and bearer-looking tokens are replaced before the
 * command is stored.
 */

export const REDACTED = "[redacted]";

const SECRET_FLAG_NAME = /token|password|passwd|secret|key|certificate|credential/i;

/** A value that is a credential whatever flag (or position) it is in. */
const SECRET_VALUE: readonly RegExp[] = [
  /^bearer\s+\S/i,
  // JWTs (service-account tokens, OIDC id tokens).
  /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/,
  // Bootstrap (join) tokens and the platform's own API keys.
  /^[a-z0-9]{6}\.[a-z0-9]{16}$/,
  /\bkbk_[A-Za-z0-9]+_[A-Za-z0-9]+/,
  // Basic-auth passwords inside URLs.
  /[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i,
];

const looksSecret = (value: string) => SECRET_VALUE.some((pattern) => pattern.test(value));

function redactValue(value: string): string {
  return /^bearer\s/i.test(value) ? `${value.slice(0, 7)}${REDACTED}` : REDACTED;
}

/** argv with secret values replaced; flags and everything else kept as typed. */
export function redactKubectlArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const long = /^--([^=]+)(=(.*))?$/s.exec(token);
    if (long) {
      const secretName = SECRET_FLAG_NAME.test(normaliseFlagName(long[1] as string));
      if (long[2] !== undefined) {
        out.push(secretName || looksSecret(long[3] ?? "") ? `--${long[1]}=${REDACTED}` : token);
        continue;
      }
      out.push(token);
      // `--token abc`: the next word is the value (a boolean flag's next word is only over-redacted).
      const next = argv[i + 1];
      if (secretName && next !== undefined && !next.startsWith("-")) {
        out.push(REDACTED);
        i += 1;
      }
      continue;
    }
    // `-shttps://user:pass@host`: a short flag with its value attached keeps the flag.
    const short = /^(-[A-Za-z]=?)(.+)$/s.exec(token);
    if (short && looksSecret(short[2] as string)) {
      out.push(`${short[1]}${REDACTED}`);
      continue;
    }
    out.push(looksSecret(token) ? redactValue(token) : token);
  }
  return out;
}

/** Quotes a word only when a reader could not tell where it ends. */
const shown = (word: string) => (word === "" || /[\s'"\\]/.test(word) ? `'${word.replaceAll("'", `'\\''`)}'` : word);

/**
 * The command as it goes into the audit row: what was typed, split like the
 * policy splits it (or on whitespace when it does not split, e.g. an
 * unterminated quote), with secrets redacted, at most `maxLength` characters.
 */
export function redactKubectlCommand(input: string | readonly string[], maxLength: number): string {
  let words: readonly string[];
  if (typeof input === "string") {
    const split = splitCommandLine(input);
    words = split.ok ? split.argv : input.split(/\s+/).filter((w) => w.length > 0);
  } else {
    words = input;
  }
  return redactKubectlArgs(words).map(shown).join(" ").slice(0, maxLength);
}
