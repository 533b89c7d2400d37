import type { JoinDeps } from "@/server/services/join-tokens/join-runtime-deps";

/** What join-session use cases need: the join deps plus the clock-skew limit (KUBEBYON_JOIN_CLOCK_SKEW_SECONDS). */
export interface JoinSessionDeps extends JoinDeps {
  clockSkewSeconds: number;
}
