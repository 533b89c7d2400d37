import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toProfileView, type ProfileView } from "./profile-view";

export async function getProfile(deps: ServiceDeps, viewer: Viewer): Promise<ProfileView> {
  const user = await deps.db.user.findUnique({ where: { id: viewer.id } });
  if (!user) throw notFound("Your account");
  return toProfileView(user);
}
