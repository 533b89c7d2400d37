/**
 * Which process leads a `leader` task. One implementation (infra/db/pg-advisory-claims.ts) claims one advisory key
 * per task on the process's single claims session: the claim lives as long as that session, so a leader that dies
 * frees its tasks and a follower takes them at its next tick.
 */
export interface LeaderClaims {
  /** true when this process now holds (or already held) the claim. */
  tryClaim(key: string): Promise<boolean>;
  /** Called when every claim was lost at once (the session holding them ended). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}
