"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { SectionError } from "../section-error";
import { JOIN_EVENT_OUTCOME_ICON, JOIN_SESSION_STATUS_TONE, joinSessionPollInterval } from "./join-session-display";

/** One session's timeline, refreshed every 2 s until the session ends; a failure shows its localized fix. */
export function JoinSessionTimeline({ clusterId, sessionId }: { clusterId: string; sessionId: string }) {
  const t = useTranslations("clusters.detail.joinSessions");
  const tc = useTranslations("common");
  const formatDateTime = useFormatDateTime();
  const trpc = useTRPC();
  const session = useQuery({
    ...trpc.joinSessions.get.queryOptions({ cluster_id: clusterId, session_id: sessionId }),
    refetchInterval: (query) => joinSessionPollInterval(query.state.data?.status),
  });
  if (session.isPending) return <p className="px-5 py-4 text-sm text-zinc-500">{tc("loading")}</p>;
  if (session.isError) return <SectionError error={session.error} text={t("loadFailed", { message: errorMessage(session.error, tc("unknownError")) })} />;
  const s = session.data;
  return (
    <div className="space-y-3 px-5 py-4" data-testid="join-session-timeline" data-status={s.status}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <code className="font-mono text-xs">{s.id}</code>
        <Badge tone={JOIN_SESSION_STATUS_TONE[s.status]}>{t(`status.${s.status}`)}</Badge>
        {s.node_name ? <span className="text-zinc-600 dark:text-zinc-400">{t("node", { name: s.node_name })}</span> : null}
      </div>
      {s.failure_reason ? (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950" data-testid="join-session-failure" data-reason={s.failure_reason}>
          <p className="font-medium text-red-800 dark:text-red-200">{t(`reason.${s.failure_reason}`)}</p>
          <p className="mt-1 text-red-700 dark:text-red-300">{t(`fix.${s.failure_reason}`)}</p>
          {s.failure_message ? <p className="mt-1 text-xs break-words text-red-700/80 dark:text-red-300/80">{s.failure_message}</p> : null}
        </div>
      ) : null}
      <ol className="space-y-2">
        {s.events.map((e) => (
          <li key={e.sequence} className="flex gap-3 text-sm" data-testid="join-session-event" data-kind={e.kind} data-outcome={e.outcome}>
            <span aria-hidden="true" className="w-4 text-center font-mono">
              {JOIN_EVENT_OUTCOME_ICON[e.outcome]}
            </span>
            <div className="min-w-0 flex-1 space-y-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{e.check ? t("checkLabel", { check: e.check }) : t(`kind.${e.kind}`)}</span>
                <span className="text-xs text-zinc-500">{formatDateTime(e.created_at)}</span>
              </div>
              {e.detail ? <pre className="text-xs break-words whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{e.detail}</pre> : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
