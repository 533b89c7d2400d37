"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { SectionError } from "../section-error";
import { JOIN_SESSION_IDLE_POLL_MS, JOIN_SESSION_POLL_MS, JOIN_SESSION_STATUS_TONE } from "./join-session-display";
import { JoinSessionTimeline } from "./join-session-timeline";
import { isFinishedJoinSession } from "@/server/domain/join-sessions/join-session-status";

type JoinSessionItem = RouterOutputs["joinSessions"]["list"]["items"][number];

/** The cluster's recent join sessions (newest first) and the timeline of the one selected. */
export function JoinSessionsPanel({ clusterId }: { clusterId: string }) {
  const t = useTranslations("clusters.detail.joinSessions");
  const tc = useTranslations("common");
  const formatDateTime = useFormatDateTime();
  const trpc = useTRPC();
  const [selected, setSelected] = useState<string | null>(null);
  const sessions = useInfiniteQuery({
    ...trpc.joinSessions.list.infiniteQueryOptions({ cluster_id: clusterId }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
    // A session appears as soon as someone runs a join command: poll fast while one is going, slower otherwise.
    // New sessions land on the first page; a poll re-reads the pages loaded so far, newest first.
    refetchInterval: (query) => (loadedItems(query.state).some((s) => !isFinishedJoinSession(s.status)) ? JOIN_SESSION_POLL_MS : JOIN_SESSION_IDLE_POLL_MS),
  });

  const columns: Column<JoinSessionItem>[] = [
    { key: "created", header: t("columns.started"), cell: (s) => formatDateTime(s.created_at) },
    { key: "node", header: t("columns.node"), cell: (s) => s.node_name ?? "—" },
    { key: "token", header: t("columns.token"), cell: (s) => <code className="font-mono text-xs">{s.token_id}</code> },
    {
      key: "status",
      header: t("columns.status"),
      cell: (s) => (
        <span className="flex flex-wrap items-center gap-2" data-testid="join-session-status" data-status={s.status}>
          <Badge tone={JOIN_SESSION_STATUS_TONE[s.status]}>{t(`status.${s.status}`)}</Badge>
          {s.failure_reason ? <span className="text-xs text-red-700 dark:text-red-300">{t(`reason.${s.failure_reason}`)}</span> : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (s) => (
        <Button variant="ghost" size="sm" aria-pressed={selected === s.id} aria-label={t("showLabel", { id: s.id })} onClick={() => setSelected(selected === s.id ? null : s.id)}>
          {selected === s.id ? t("hide") : t("show")}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="join-sessions-title" className="border-t border-zinc-200 dark:border-zinc-800" data-testid="join-sessions">
      <h3 id="join-sessions-title" className="px-5 pt-4 text-sm font-semibold">
        {t("title")}
      </h3>
      <p className="px-5 pt-1 text-xs text-zinc-500">{t("description")}</p>
      {sessions.isPending ? (
        <p className="px-5 py-4 text-sm text-zinc-500">{tc("loading")}</p>
      ) : sessions.isError ? (
        <SectionError error={sessions.error} text={t("loadFailed", { message: errorMessage(sessions.error, tc("unknownError")) })} />
      ) : (
        <>
          <Table caption={t("caption")} columns={columns} rows={loadedItems(sessions)} rowKey={(s) => s.id} empty={t("empty")} />
          <LoadMore query={sessions} />
        </>
      )}
      {selected ? <JoinSessionTimeline clusterId={clusterId} sessionId={selected} /> : null}
    </section>
  );
}
