import { router } from "@/server/api/trpc";
import { createJoinToken } from "./create-join-token";
import { createResetCommands } from "./create-reset-commands";
import { listJoinTokens } from "./list-join-tokens";
import { revokeJoinToken } from "./revoke-join-token";

export const joinTokensRouter = router({ create: createJoinToken, list: listJoinTokens, revoke: revokeJoinToken, resetCommands: createResetCommands });
