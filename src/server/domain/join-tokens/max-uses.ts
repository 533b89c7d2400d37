import { z } from "zod";

/** Upper bound of `max_uses`: a token meant for more machines than this should be several tokens, or unlimited. */
export const MAX_TOKEN_USES = 1000;

const RANGE_MESSAGE = `max_uses must be a whole number between 1 and ${MAX_TOKEN_USES}; leave it out (or null) for a token without a limit.`;

/** `max_uses` of POST /api/console/clusters/{id}/join-token: how many script fetches the token allows; absent or null: unlimited. */
export const maxUsesSchema = z
  .number({ error: RANGE_MESSAGE })
  .int({ error: RANGE_MESSAGE })
  .min(1, { error: RANGE_MESSAGE })
  .max(MAX_TOKEN_USES, { error: RANGE_MESSAGE })
  .nullable()
  .optional();
