import { AppError } from "@/server/domain/errors";

/** How one sort key travels in a cursor: times as ISO strings (millisecond precision, as Prisma writes them). */
export type CursorKeyKind = "time" | "text" | "int";
export type CursorKeyValue = Date | string | number;

/** Opaque to clients: the sort-key values of the last row a page showed, base64url of a JSON array. */
export function encodePageCursor(values: readonly CursorKeyValue[]): string {
  return Buffer.from(JSON.stringify(values.map((v) => (v instanceof Date ? v.toISOString() : v)))).toString("base64url");
}

/** A tampered cursor, or one from a list with other sort keys, is a 400 that says to start over. */
export function decodePageCursor(raw: string, kinds: readonly CursorKeyKind[]): CursorKeyValue[] {
  const invalid = () => new AppError("BAD_REQUEST", "The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length) throw invalid();
  return kinds.map((kind, i) => {
    const value: unknown = parsed[i];
    if (kind === "int") {
      if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalid();
      return value;
    }
    if (typeof value !== "string" || !value) throw invalid();
    if (kind === "text") return value;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw invalid();
    return time;
  });
}
