import { AppError } from "@/server/domain/errors";
import type { ConfigSource } from "./config-source";

/**
 * The SMTP server kept in system settings, and which source is in effect. As
 * with the OAuth apps, the environment wins whenever KUBEBYON_SMTP_HOST is set,
 * so the deployment's config cannot be overridden from the admin page.
 */
export interface StoredSmtp {
  host: string | null;
  port: number;
  /** true: implicit TLS (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  /** Write-only: views show only whether it is set and a masked hint. */
  password: string | null;
  from: string | null;
}

export const EMPTY_SMTP: StoredSmtp = { host: null, port: 587, secure: false, user: null, password: null, from: null };

/** absent keeps; host/user/from null or "" clears; password "" keeps, null removes. */
export interface SmtpPatch {
  host?: string | null;
  port?: number;
  secure?: boolean;
  user?: string | null;
  password?: string | null;
  from?: string | null;
}

/** What the SMTP adapter needs (Config["smtp"] has this shape). */
export interface SmtpTransportConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}
export type SmtpSource = ConfigSource;

const bad = (message: string) => new AppError("BAD_REQUEST", message);

function normalizeHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.length > 253 || !/^[a-z0-9.:[\]-]+$/.test(host)) throw bad("smtp.host must be the SMTP server's host name or IP address, for example smtp.example.com (no scheme or port).");
  return host;
}

function normalizePort(port: number): number {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("smtp.port must be a TCP port between 1 and 65535 (usually 587, or 465 with implicit TLS).");
  return port;
}

/** "Name <addr@host>" or a bare address; a header line, so no line breaks. */
function normalizeFrom(raw: string): string {
  const from = raw.trim();
  if (from.length > 320 || /[\r\n]/.test(from) || !/[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+/.test(from)) {
    throw bad('smtp.from must be a sender address such as "KubeBYON <noreply@example.com>" or noreply@example.com.');
  }
  return from;
}

const trimmedOrNull = (raw: string | null): string | null => (raw === null || raw.trim() === "" ? null : raw.trim());

export function applySmtpPatch(current: StoredSmtp, patch: SmtpPatch | undefined): StoredSmtp {
  if (!patch) return current;
  const host = patch.host === undefined ? current.host : trimmedOrNull(patch.host);
  const from = patch.from === undefined ? current.from : trimmedOrNull(patch.from);
  const user = patch.user === undefined ? current.user : trimmedOrNull(patch.user);
  if (user !== null && (user.length > 320 || /[\r\n]/.test(user))) throw bad("smtp.user must be a single line of at most 320 characters.");
  // Same rule as the other secrets: an empty field keeps the stored password; only null removes it.
  const password = patch.password === null ? null : patch.password ? patch.password : current.password;
  if (password !== null && password.length > 500) throw bad("smtp.password must be at most 500 characters.");
  return {
    host: host === null ? null : normalizeHost(host),
    port: patch.port === undefined ? current.port : normalizePort(patch.port),
    secure: patch.secure ?? current.secure,
    user,
    password,
    from: from === null ? null : normalizeFrom(from),
  };
}

/** The SMTP server mail goes through: the environment's when set, else the stored one when host and sender are set. */
export function effectiveSmtp(env: SmtpTransportConfig | undefined, stored: StoredSmtp): { source: SmtpSource; config: SmtpTransportConfig | undefined } {
  if (env) return { source: "env", config: env };
  if (stored.host && stored.from) {
    const auth = stored.user ? { user: stored.user, password: stored.password ?? "" } : {};
    return { source: "settings", config: { host: stored.host, port: stored.port, secure: stored.secure, from: stored.from, ...auth } };
  }
  return { source: "none", config: undefined };
}
