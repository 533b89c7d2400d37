import { createHash } from "node:crypto";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { AVATAR_MAX_BYTES, AVATAR_MAX_DIMENSION, inspectAvatarImage, type AvatarRejection } from "@/server/domain/profile/avatar-image";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { avatarUrl } from "./avatar-url";
import { toProfileView, type ProfileView } from "./profile-view";

const MIB = AVATAR_MAX_BYTES / (1024 * 1024);

function rejectionMessage(r: AvatarRejection): string {
  switch (r.reason) {
    case "empty":
      return "The image is empty. Choose a PNG, JPEG or WebP file.";
    case "too_large":
      return `The image is ${Math.ceil(r.bytes / 1024)} KiB; the limit is ${MIB} MiB (${AVATAR_MAX_BYTES / 1024} KiB). Choose a smaller image.`;
    case "unsupported_format":
      return "Only PNG, JPEG and WebP images can be used as an avatar (checked by the file's content, not its name). Choose such an image.";
    case "corrupt":
      return `The file starts like ${r.format.replace("image/", "").toUpperCase()} but its header cannot be read. Export the image again and retry.`;
    case "too_many_pixels":
      return `The image is ${r.width}×${r.height} pixels; at most ${AVATAR_MAX_DIMENSION}×${AVATAR_MAX_DIMENSION} is allowed. Scale it down and retry.`;
  }
}

/**
 * Stores a new avatar after checking it by content (format by magic bytes,
 * dimensions from the image header), replacing any previous one. The row and
 * users.avatar_url change in one transaction.
 */
export async function uploadAvatar(deps: ServiceDeps, viewer: Viewer, bytes: Uint8Array, origin: RequestOrigin): Promise<ProfileView> {
  const inspection = inspectAvatarImage(bytes);
  if (!inspection.ok) {
    await recordAuditEvent(
      deps.db,
      { actorUserId: viewer.id, action: "profile.avatar_upload_failed", targetType: "user", targetId: viewer.id, metadata: { reason: inspection.rejection.reason, bytes: bytes.length } },
      origin,
    );
    throw new AppError("BAD_REQUEST", rejectionMessage(inspection.rejection));
  }
  const { contentType, width, height } = inspection.image;
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const now = deps.now();
  const stored = { contentType, width, height, byteSize: bytes.length, sha256, data: Buffer.from(bytes), updatedAt: now };
  const user = await deps.db.$transaction(async (tx) => {
    await tx.userAvatar.upsert({ where: { userId: viewer.id }, create: { userId: viewer.id, ...stored }, update: stored });
    const user = await tx.user.update({ where: { id: viewer.id }, data: { avatarUrl: avatarUrl(viewer.id, sha256) } });
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "profile.avatar_upload", targetType: "user", targetId: viewer.id, metadata: { content_type: contentType, width, height, bytes: bytes.length } },
      origin,
    );
    return user;
  });
  return toProfileView(user);
}
