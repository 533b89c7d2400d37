/**
 * Structured JSON logs, one object per line on stdout. Kept dependency-free so
 * the same logger works in Next.js route handlers, the worker and scripts.
 * Secrets never reach the output: keys that look secret are replaced and
 * bearer tokens / URL passwords inside strings are masked.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /(pass(word)?|secret|token|authorization|cookie|api[_-]?key|key_hash|password_hash|dsn|credential)/i;
const MAX_DEPTH = 5;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactString(value);
  if (value instanceof Error) return { name: value.name, message: redactString(value.message), stack: value.stack && redactString(value.stack) };
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[truncated]";
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && typeof v !== "boolean" ? "[redacted]" : redact(v, depth + 1);
  }
  return out;
}

export function redactString(s: string): string {
  return s
    .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[redacted]")
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi, "$1[redacted]@")
    .replace(/(token=)[^&\s"]+/gi, "$1[redacted]")
    .replace(/\b(kbk_[A-Za-z0-9]+_)[A-Za-z0-9]+/g, "$1[redacted]");
}

export function createLogger(opts: { level?: LogLevel; base?: LogFields; write?: (line: string) => void } = {}): Logger {
  const min = ORDER[opts.level ?? "info"];
  const write = opts.write ?? ((line: string) => process.stdout.write(line + "\n"));
  const base = opts.base ?? {};
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (ORDER[level] < min) return;
    const record = { time: new Date().toISOString(), level, msg: redactString(msg), ...(redact({ ...base, ...fields }) as LogFields) };
    write(JSON.stringify(record));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger({ level: opts.level, base: { ...base, ...fields }, write }),
  };
}
