import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toApiKeyView, type ApiKeyView } from "./api-key-view";

export async function listApiKeys(deps: ServiceDeps, viewer: Viewer): Promise<ApiKeyView[]> {
  const keys = await deps.db.apiKey.findMany({ where: { userId: viewer.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return keys.map(toApiKeyView);
}
