"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useTRPC } from "@/lib/trpc/client";
import { CONNECTION_STATUS_TONE } from "./cluster-status";
import type { ClusterItem, ConnectionEventItem } from "./cluster-types";

/** The control-plane health probe's transitions of this cluster, newest first; reloaded when the status changes. */
export function ConnectionHistory({ cluster }: { cluster: Pick<ClusterItem, "id" | "connection_status_since"> }) {
  const t = useTranslations("clusters.detail.connectionHistory");
  const tStatus = useTranslations("clusters.detail.connection.status");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime({ seconds: true });
  const events = useInfiniteQuery(trpc.clusters.connectionEvents.infiniteQueryOptions({ cluster_id: cluster.id, limit: 20 }, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  const { refetch } = events;
  useEffect(() => {
    void refetch();
  }, [cluster.connection_status_since, refetch]);

  const status = (s: ConnectionEventItem["from"]) => <Badge tone={CONNECTION_STATUS_TONE[s]}>{tStatus(s)}</Badge>;
  const columns: Column<ConnectionEventItem>[] = [
    { key: "at", header: t("columns.at"), cell: (e) => formatDateTime(e.created_at) },
    { key: "change", header: t("columns.change"), cell: (e) => <span className="inline-flex items-center gap-1">{status(e.from)} → {status(e.to)}</span> },
    { key: "reason", header: t("columns.reason"), cell: (e) => <span className="text-xs break-words">{e.reason ?? "—"}</span> },
  ];
  return (
    <Card aria-labelledby="cluster-connection-history-title" data-testid="cluster-connection-history">
      <CardHeader titleId="cluster-connection-history-title" title={t("title")} />
      <QueryState query={events} failedMessage={(message) => t("loadFailed", { message })}>
        {() => (
          <>
            <Table caption={t("title")} columns={columns} rows={loadedItems(events)} rowKey={(e) => e.id} empty={t("empty")} />
            <LoadMore query={events} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
