import "server-only";
import { TRPCError } from "@trpc/server";

/**
 * A server-rendered list whose URL carries `cursor`: a cursor the API refuses (edited by hand, or copied from
 * another list) shows the first page with the API's 400 message, instead of failing the whole page render.
 */
export async function loadCursorPage<T>(cursor: string | undefined, load: (cursor: string | undefined) => Promise<T>): Promise<{ page: T; cursorError: string | null }> {
  try {
    return { page: await load(cursor), cursorError: null };
  } catch (error) {
    if (!cursor || !(error instanceof TRPCError) || error.code !== "BAD_REQUEST") throw error;
    return { page: await load(undefined), cursorError: error.message };
  }
}
