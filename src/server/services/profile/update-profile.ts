import type { Viewer } from "@/server/domain/auth/viewer";
import type { UserLocale } from "@/server/domain/profile/user-locale";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { toProfileView, type ProfileView } from "./profile-view";

export interface ProfileChanges {
  displayName?: string;
  /** Stored in users.locale: the language of emails sent to this user. */
  locale?: UserLocale;
}

/** Changes name and/or language; only fields that really change are written and audited. */
export async function updateProfile(deps: ServiceDeps, viewer: Viewer, changes: ProfileChanges, origin: RequestOrigin): Promise<ProfileView> {
  return deps.db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: viewer.id } });
    const data: { name?: string; locale?: string } = {};
    if (changes.displayName !== undefined && changes.displayName !== before.name) data.name = changes.displayName;
    if (changes.locale !== undefined && changes.locale !== before.locale) data.locale = changes.locale;
    if (Object.keys(data).length === 0) return toProfileView(before);
    const after = await tx.user.update({ where: { id: viewer.id }, data });
    await recordAuditEvent(
      tx,
      {
        actorUserId: viewer.id,
        action: "profile.update",
        targetType: "user",
        targetId: viewer.id,
        metadata: { changed: Object.keys(data), ...(data.name !== undefined ? { display_name: data.name } : {}), ...(data.locale ? { locale: data.locale } : {}) },
      },
      origin,
    );
    return toProfileView(after);
  });
}
