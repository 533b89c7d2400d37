import { router } from "@/server/api/trpc";
import { createJoinToken } from "./create-join-token";
import { createResetCommands } from "./create-reset-commands";
import { getJoinToken } from "./get-join-token";
import { listJoinTokens } from "./list-join-tokens";
import { previewJoinTokenRevocation } from "./preview-join-token-revocation";
import { revokeJoinToken } from "./revoke-join-token";

export const joinTokensRouter = router({
  create: createJoinToken,
  list: listJoinTokens,
  get: getJoinToken,
  revocationPreview: previewJoinTokenRevocation,
  revoke: revokeJoinToken,
  resetCommands: createResetCommands,
});
