import type { Viewer } from "@/server/domain/auth/viewer";
import type { ApiKey, Prisma } from "@/server/infra/db/client";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toApiKeyView, type ApiKeyView } from "./api-key-view";

const API_KEY_PAGES = newestFirst<ApiKey, Prisma.ApiKeyWhereInput, Prisma.ApiKeyOrderByWithRelationInput>();

/** The caller's own keys (revoked and expired ones too), newest first, a page at a time. */
export async function listApiKeys(deps: Pick<ServiceDeps, "db">, viewer: Viewer, page: { limit: number; cursor?: string }): Promise<Page<ApiKeyView>> {
  const keys = await deps.db.apiKey.findMany({
    where: { AND: [{ userId: viewer.id }, API_KEY_PAGES.after(page.cursor)] },
    orderBy: API_KEY_PAGES.orderBy,
    take: API_KEY_PAGES.take(page.limit),
  });
  return API_KEY_PAGES.page(keys, page.limit, toApiKeyView);
}
