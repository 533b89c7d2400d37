import { z } from "zod";
import { decodePageCursor, encodePageCursor, type CursorKeyKind, type CursorKeyValue } from "@/server/domain/pagination/page-cursor";

export interface KeysetKey<Row> {
  field: string;
  kind: CursorKeyKind;
  direction: "asc" | "desc";
  of: (row: Row) => CursorKeyValue;
}

export interface Page<View> {
  items: View[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: string | null;
}

/** The page envelope every list answers with; the OpenAPI document shows it as such. */
export function pageSchema<T extends z.ZodType>(item: T) {
  const page = z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().describe("Pass as `cursor` to get the next page; null on the last page."),
  });
  // tRPC validates outputs with parseAsync, and zod runs its compiled object parser only for synchronous
  // parses: a page of up to 200 items validated asynchronously cost about a quarter of the request
  // (docs/benchmarks.md). Our views have no asynchronous checks, so the page is parsed synchronously.
  page.parseAsync = (data, params) => Promise.resolve().then(() => page.parse(data, params));
  return page;
}

/**
 * Keyset pagination over a total order (the last key must be unique, e.g. the id): a page is the rows after
 * the cursor's position, so rows written meanwhile never shift a page, and every page is an index range scan
 * when an index has the same keys in the same directions. `Where` and `OrderBy` are the model's Prisma input
 * types; the fields named in `keys` must be columns of that model.
 */
export class Keyset<Row, Where, OrderBy> {
  constructor(private readonly keys: readonly KeysetKey<Row>[]) {}

  get orderBy(): OrderBy[] {
    return this.keys.map((k) => ({ [k.field]: k.direction })) as OrderBy[];
  }

  /** The cursor's sort-key values in key order (for a statement written in SQL); null without one. Throws a 400 for a bad cursor. */
  position(cursor: string | undefined): CursorKeyValue[] | null {
    return cursor ? decodePageCursor(cursor, this.keys.map((k) => k.kind)) : null;
  }

  /** The condition for "after the cursor"; an empty condition without one. Throws a 400 for a bad cursor. */
  after(cursor: string | undefined): Where {
    const values = this.position(cursor);
    if (!values) return {} as Where;
    // (a, b, c) after (x, y, z) = a beyond x, or a = x and b beyond y, or a = x and b = y and c beyond z.
    const branches = this.keys.map((key, i) => ({
      ...Object.fromEntries(this.keys.slice(0, i).map((prev, j) => [prev.field, values[j]])),
      [key.field]: { [key.direction === "desc" ? "lt" : "gt"]: values[i] },
    }));
    return { OR: branches } as Where;
  }

  /** Read `limit + 1` rows; the extra row only tells whether another page exists. */
  take(limit: number): number {
    return limit + 1;
  }

  page<View>(rows: readonly Row[], limit: number, view: (row: Row) => View): Page<View> {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: shown.map(view),
      next_cursor: rows.length > limit && last ? encodePageCursor(this.keys.map((k) => k.of(last))) : null,
    };
  }
}

type Stamped = { createdAt: Date; id: string };

/** Newest first by (created_at, id): the order of almost every list. */
export function newestFirst<Row extends Stamped, Where, OrderBy>(): Keyset<Row, Where, OrderBy> {
  return new Keyset<Row, Where, OrderBy>([
    { field: "createdAt", kind: "time", direction: "desc", of: (r) => r.createdAt },
    { field: "id", kind: "text", direction: "desc", of: (r) => r.id },
  ]);
}

/** Oldest first by (created_at, id): lists shown in the order things were added. */
export function oldestFirst<Row extends Stamped, Where, OrderBy>(): Keyset<Row, Where, OrderBy> {
  return new Keyset<Row, Where, OrderBy>([
    { field: "createdAt", kind: "time", direction: "asc", of: (r) => r.createdAt },
    { field: "id", kind: "text", direction: "asc", of: (r) => r.id },
  ]);
}
