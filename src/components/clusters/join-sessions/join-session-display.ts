import type { BadgeTone } from "@/components/ui/badge";
import { isFinishedJoinSession, type JoinSessionEventOutcome, type JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";

export const JOIN_SESSION_STATUS_TONE: Record<JoinSessionStatus, BadgeTone> = {
  open: "info",
  joining: "info",
  waiting_for_node: "info",
  joined: "success",
  reset: "neutral",
  preflight_failed: "danger",
  join_failed: "danger",
  refused: "danger",
  timed_out: "warning",
};

export const JOIN_EVENT_OUTCOME_ICON: Record<JoinSessionEventOutcome, string> = { pass: "✓", warn: "!", fail: "✗", info: "·" };

/** Poll the selected session every 2 s until it ends (then the timeline no longer changes). */
export const JOIN_SESSION_POLL_MS = 2_000;
/** Between sessions: a new one shows within this long of its join command being run. */
export const JOIN_SESSION_IDLE_POLL_MS = 5_000;
export const joinSessionPollInterval = (status: JoinSessionStatus | undefined): number | false => (status && isFinishedJoinSession(status) ? false : JOIN_SESSION_POLL_MS);
