import { z } from "zod";

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

/** `limit` and `cursor` of every paginated list; merge into a list's input with `.extend(pageInput.shape)`. */
export const pageInput = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}.`)
    .default(PAGE_LIMIT_DEFAULT)
    .describe(`Rows per page (default ${PAGE_LIMIT_DEFAULT}, at most ${PAGE_LIMIT_MAX}).`),
  cursor: z.string().max(500, "The cursor is not valid. Start again without `cursor`.").optional().describe("`next_cursor` of the previous page; omit for the first page."),
});
export type PageInput = z.infer<typeof pageInput>;
