import { AppError } from "@/server/domain/errors";
import { readAvatar } from "@/server/services/profile/read-avatar";
import { authFailureMessage } from "@/server/api/auth/auth-failure-message";
import type { ApiRuntime } from "@/server/api/api-runtime";
import { createApiContext } from "@/server/api/context";

/**
 * GET /api/avatars/{user_id}: the stored image bytes with the type decided at
 * upload (from the content, never the client), `nosniff` so a browser never
 * reinterprets them, and an ETag (the SHA-256) for revalidation. Readable by
 * the owner and administrators (session cookie or API key); others get 404.
 */
export async function avatarResponse(runtime: ApiRuntime, req: Request, userId: string, requestId: string): Promise<Response> {
  const ctx = await createApiContext(runtime, { headers: req.headers, method: req.method, requestId });
  if (!ctx.viewer) return text(401, authFailureMessage(ctx.authFailure));
  try {
    const avatar = await readAvatar(ctx.deps, ctx.viewer, userId);
    const etag = `"${avatar.sha256}"`;
    const headers = {
      "Content-Type": avatar.contentType,
      "X-Content-Type-Options": "nosniff",
      // Private: only signed-in owners/admins may read it. The URL carries a content version, so a day of caching is safe.
      "Cache-Control": "private, max-age=86400",
      ETag: etag,
      "Last-Modified": avatar.updatedAt.toUTCString(),
      Vary: "Cookie, Authorization",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    };
    if (ifNoneMatch(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(avatar.data), { status: 200, headers: { ...headers, "Content-Length": String(avatar.data.length) } });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return text(404, error.message);
    ctx.log.error("avatar could not be served", { user_id: userId, err: error });
    return text(500, `Internal error. Quote request id ${requestId} when reporting it.`);
  }
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
