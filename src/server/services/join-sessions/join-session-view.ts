import { z } from "zod";
import { joinFailureReasonSchema, type JoinFailureReason } from "@/server/domain/join-sessions/join-failure";
import { joinSessionEventKindSchema, joinSessionEventOutcomeSchema, joinSessionStatusSchema, type JoinSessionEventKind, type JoinSessionEventOutcome } from "@/server/domain/join-sessions/join-session-status";
import type { JoinSession, JoinSessionEvent } from "@/server/infra/db/client";

export const joinSessionViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  token_id: z.string(),
  status: joinSessionStatusSchema,
  /** Set while status is refused, *_failed or timed_out; the console maps it to a localized fix. */
  failure_reason: joinFailureReasonSchema.nullable(),
  /** What happened and what to do, in English. */
  failure_message: z.string().nullable(),
  node_name: z.string().nullable(),
  registered_node: z.string().nullable(),
  client_ip: z.string().nullable(),
  created_at: z.string(),
  last_event_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JoinSessionView = z.infer<typeof joinSessionViewSchema>;

export const joinSessionEventViewSchema = z.object({
  sequence: z.number().int(),
  kind: joinSessionEventKindSchema,
  check: z.string().nullable(),
  outcome: joinSessionEventOutcomeSchema,
  detail: z.string().nullable(),
  created_at: z.string(),
});

export const joinSessionDetailSchema = joinSessionViewSchema.extend({ events: z.array(joinSessionEventViewSchema) });
export type JoinSessionDetail = z.infer<typeof joinSessionDetailSchema>;

export const toJoinSessionView = (s: JoinSession): JoinSessionView => ({
  id: s.id,
  cluster_id: s.clusterId,
  token_id: s.tokenId,
  status: s.status,
  failure_reason: (s.failureReason as JoinFailureReason | null) ?? null,
  failure_message: s.failureMessage,
  node_name: s.nodeName,
  registered_node: s.registeredNode,
  client_ip: s.clientIp,
  created_at: s.createdAt.toISOString(),
  last_event_at: s.lastEventAt.toISOString(),
  finished_at: s.finishedAt?.toISOString() ?? null,
});

export const toJoinSessionDetail = (s: JoinSession, events: JoinSessionEvent[]): JoinSessionDetail => ({
  ...toJoinSessionView(s),
  events: events.map((e) => ({
    sequence: e.sequence,
    kind: e.kind as JoinSessionEventKind,
    check: e.check,
    outcome: e.outcome as JoinSessionEventOutcome,
    detail: e.detail,
    created_at: e.createdAt.toISOString(),
  })),
});
