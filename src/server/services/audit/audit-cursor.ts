import { AppError } from "@/server/domain/errors";

/** Position in the newest-first stream: the (created_at, id) of the last row a page showed. */
export interface AuditCursor {
  createdAt: Date;
  id: string;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/** Opaque to clients; a tampered or stale-format cursor is a 400 that says to start over. */
export function decodeAuditCursor(raw: string): AuditCursor {
  const invalid = () => new AppError("BAD_REQUEST", "The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== "string" || typeof parsed[1] !== "string") throw invalid();
  const createdAt = new Date(parsed[0]);
  if (Number.isNaN(createdAt.getTime()) || !parsed[1]) throw invalid();
  return { createdAt, id: parsed[1] };
}
