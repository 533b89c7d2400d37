import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface StoredAvatar {
  contentType: string;
  sha256: string;
  data: Uint8Array;
  updatedAt: Date;
}

/**
 * The image bytes for the serving route. Visible to its owner and to
 * administrators (the back office); to anybody else it does not exist (404),
 * like every other user-owned resource.
 */
export async function readAvatar(deps: ServiceDeps, viewer: Viewer, userId: string): Promise<StoredAvatar> {
  if (viewer.id !== userId && viewer.role !== "admin") throw notFound("This avatar");
  const avatar = await deps.db.userAvatar.findUnique({ where: { userId } });
  if (!avatar) throw notFound("This avatar");
  return { contentType: avatar.contentType, sha256: avatar.sha256, data: avatar.data, updatedAt: avatar.updatedAt };
}
