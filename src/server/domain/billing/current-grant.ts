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
