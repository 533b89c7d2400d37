import { z } from "zod";

/** Where a user's current plan comes from: a paid order in force, the default plan, or nowhere (no quota applies). */
export const planSources = ["order", "default", "none"] as const;
export const planSourceSchema = z.enum(planSources);
export type PlanSource = z.infer<typeof planSourceSchema>;

/** A paid order's grant as the plan resolution needs it. */
export interface Grant {
  planId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The grant in force at `now`: the one that started last among those whose
 * period covers `now` (an upgrade paid today wins over an older, longer grant;
 * when it ends the older one applies again). Null: fall back to the default plan.
 */
export function currentGrant<G extends Grant>(grants: readonly G[], now: Date): G | null {
  let best: G | null = null;
  for (const g of grants) {
    if (g.startsAt <= now && now < g.endsAt && (!best || g.startsAt > best.startsAt)) best = g;
  }
  return best;
}
