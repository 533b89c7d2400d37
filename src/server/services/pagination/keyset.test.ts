import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodePageCursor } from "@/server/domain/pagination/page-cursor";
import { newestFirst, pageSchema } from "./keyset";

type Row = { id: string; createdAt: Date };
const keyset = newestFirst<Row, unknown, unknown>();
const at = new Date("2026-11-01T10:00:00.123Z");
const rows: Row[] = [
  { id: "c", createdAt: at },
  { id: "b", createdAt: at },
  { id: "a", createdAt: new Date("2026-10-01T00:00:00Z") },
];

describe("Keyset", () => {
  it("reads a cursor as its sort-key values, and as the Prisma condition for the rows after them", () => {
    const cursor = encodePageCursor([at, "b"]);
    expect(keyset.position(cursor)).toEqual([at, "b"]);
    expect(keyset.position(undefined)).toBeNull();
    expect(keyset.after(cursor)).toEqual({ OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: "b" } }] });
    expect(keyset.after(undefined)).toEqual({});
  });

  it("refuses a cursor with other sort keys as a 400 that says to start over", () => {
    expect(() => keyset.position(encodePageCursor(["b"]))).toThrow(expect.objectContaining({ code: "BAD_REQUEST", message: expect.stringMatching(/Start again without `cursor`/) }));
    expect(() => keyset.position("%%%")).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });

  it("gives a next cursor only when the extra row shows another page, pointing at the last row shown", () => {
    const first = keyset.page(rows, 2, (r) => r.id);
    expect(first).toEqual({ items: ["c", "b"], next_cursor: encodePageCursor([at, "b"]) });
    expect(keyset.page(rows, 3, (r) => r.id)).toEqual({ items: ["c", "b", "a"], next_cursor: null });
    expect(keyset.take(50)).toBe(51);
  });
});

describe("pageSchema", () => {
  const page = pageSchema(z.object({ id: z.string(), size: z.number().int() }));

  it("validates asynchronously as tRPC asks (parseAsync): strips what the item schema does not name", async () => {
    await expect(page.parseAsync({ items: [{ id: "a", size: 1, secret: "x" }], next_cursor: null })).resolves.toEqual({ items: [{ id: "a", size: 1 }], next_cursor: null });
  });

  it("still rejects an item that does not match, with zod's issue path", async () => {
    const bad = page.parseAsync({ items: [{ id: "a", size: 1 }, { id: "b", size: 1.5 }], next_cursor: null });
    await expect(bad).rejects.toBeInstanceOf(z.ZodError);
    await expect(bad).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["items", 1, "size"] })] });
  });
});
