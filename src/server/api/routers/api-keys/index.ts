import { router } from "@/server/api/trpc";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

export const apiKeysRouter = router({ list: listApiKeys, create: createApiKey, revoke: revokeApiKey });
