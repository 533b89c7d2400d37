import { z } from "zod";

/**
 * Where a join session is (docs/join-sessions.md). `open` while preflight runs, `joining` while the vCluster's
 * own script runs, `waiting_for_node` after it exited 0 until the kubelet's bootstrap CSR names the node;
 * `reset` when the run was `--reset-only` (the node was cleaned, nothing joins).
 */
export const joinSessionStatuses = ["open", "preflight_failed", "joining", "join_failed", "waiting_for_node", "joined", "reset", "refused", "timed_out"] as const;
export const joinSessionStatusSchema = z.enum(joinSessionStatuses);
export type JoinSessionStatus = z.infer<typeof joinSessionStatusSchema>;

/** No report changes a session in one of these. */
export const finishedJoinSessionStatuses = ["preflight_failed", "join_failed", "joined", "reset", "refused", "timed_out"] as const satisfies readonly JoinSessionStatus[];

export const isFinishedJoinSession = (status: JoinSessionStatus): boolean => (finishedJoinSessionStatuses as readonly JoinSessionStatus[]).includes(status);

/** What one timeline entry is about. */
export const joinSessionEventKinds = ["session_opened", "check", "script_fetched", "script_finished", "node_registered", "node_ready", "failed", "timed_out"] as const;
export const joinSessionEventKindSchema = z.enum(joinSessionEventKinds);
export type JoinSessionEventKind = z.infer<typeof joinSessionEventKindSchema>;

export const joinSessionEventOutcomes = ["pass", "warn", "fail", "info"] as const;
export const joinSessionEventOutcomeSchema = z.enum(joinSessionEventOutcomes);
export type JoinSessionEventOutcome = z.infer<typeof joinSessionEventOutcomeSchema>;
