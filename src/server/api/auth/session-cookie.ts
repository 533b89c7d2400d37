import { decode } from "next-auth/jwt";

/** The cookie name the spec fixes for browser sessions. */
export const SESSION_COOKIE = "kubebyon_session";

export function readCookie(headers: Headers, name: string): string | undefined {
  const raw = headers.get("cookie");
  if (!raw) return undefined;
  for (const part of raw.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The database session id inside the signed (encrypted) next-auth JWT, or null if absent/invalid. */
export async function sessionIdFromCookie(headers: Headers, secret: string): Promise<string | null> {
  const token = readCookie(headers, SESSION_COOKIE);
  if (!token) return null;
  try {
    const jwt = await decode({ token, secret });
    return typeof jwt?.sid === "string" ? jwt.sid : null;
  } catch {
    return null;
  }
}
