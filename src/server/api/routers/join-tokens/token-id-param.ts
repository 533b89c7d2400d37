import { z } from "zod";
import { TOKEN_ID_PATTERN } from "@/server/domain/join-tokens/bootstrap-token";

/** Path parameter of every /clusters/{cluster_id}/join-tokens/{token_id}… route: the token's public part. */
export const tokenIdParam = z.string().regex(TOKEN_ID_PATTERN, "token_id is the 6-character public part of the token.");
