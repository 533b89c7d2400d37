"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { Table, type Column } from "@/components/ui/table";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem, NodeItem } from "./cluster-types";
import { EndpointChangeBanner } from "./endpoint-change-banner";
import { endpointChangeNotice } from "./endpoint-change-notice";
import { NodeActions } from "./node-actions";
import { formatAge, NODE_STATUS_TONE } from "./node-display";
import { SectionError } from "./section-error";
import { useNodeDialogs } from "./use-node-dialogs";

// Nodes change on their own (kubelets join, go not ready) and a 412 "not ready yet" turns into a
// list once the cluster is up, so the live list is re-read while the page is visible. A re-read starts
// again from the first page, so the API server's continue tokens (valid for minutes) never go stale here.
const POLL_MS = 5_000;

export function NodesSection({ cluster }: { cluster: ClusterItem }) {
  const clusterId = cluster.id;
  const t = useTranslations("clusters.detail.nodes");
  const tc = useTranslations("common");
  const locale = useLocale();
  const trpc = useTRPC();
  const nodes = useInfiniteQuery({
    ...trpc.nodes.list.infiniteQueryOptions({ cluster_id: clusterId }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
    refetchInterval: POLL_MS,
  });
  const loaded = loadedItems(nodes);
  const { openDrain, openDelete, dialogs } = useNodeDialogs(clusterId);
  // Judged over the nodes loaded so far: the banner names those among them that joined before the change.
  const notice = nodes.data ? endpointChangeNotice(cluster, loaded, new Date()) : null;
  const joinedBefore = new Set(notice?.nodes ?? []);

  const columns: Column<NodeItem>[] = [
    {
      key: "name",
      header: t("columns.name"),
      cell: (n) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Link href={`/clusters/${clusterId}/nodes/${n.name}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {n.name}
          </Link>
          {joinedBefore.has(n.name) ? (
            <Badge tone="warning" data-testid="node-joined-before-change">
              {t("endpointChange.badge")}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (n) => (
        <Badge tone={NODE_STATUS_TONE[n.status]} data-testid="node-status" data-status={n.status}>
          {t(`status.${n.status}`)}
        </Badge>
      ),
    },
    {
      key: "scheduling",
      header: t("columns.scheduling"),
      cell: (n) => (
        <Badge tone={n.unschedulable ? "warning" : "neutral"} data-testid="node-scheduling" data-unschedulable={n.unschedulable ? "true" : "false"}>
          {n.unschedulable ? t("scheduling.cordoned") : t("scheduling.schedulable")}
        </Badge>
      ),
    },
    { key: "ip", header: t("columns.ip"), cell: (n) => n.internal_ip ?? n.external_ip ?? "—" },
    { key: "kubelet", header: t("columns.kubelet"), cell: (n) => n.kubelet_version ?? "—" },
    { key: "roles", header: t("columns.roles"), cell: (n) => (n.roles.length ? n.roles.join(", ") : "—") },
    { key: "age", header: t("columns.age"), cell: (n) => (n.age_seconds === null ? "—" : formatAge(n.age_seconds, locale)) },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (n) => <NodeActions clusterId={clusterId} node={n} onDrain={() => openDrain(n.name)} onDelete={() => openDelete(n.name)} />,
    },
  ];

  return (
    <Card aria-labelledby="cluster-nodes-title" data-testid="cluster-nodes">
      <CardHeader titleId="cluster-nodes-title" title={t("title")} />
      {nodes.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : nodes.isError ? (
        <SectionError error={nodes.error} testId="nodes-unavailable" text={t("unavailable", { message: errorMessage(nodes.error, tc("unknownError")) })} />
      ) : (
        <>
          {notice ? <EndpointChangeBanner notice={notice} /> : null}
          <Table caption={t("caption")} columns={columns} rows={loaded} rowKey={(n) => n.name} empty={t("empty")} />
          <LoadMore query={nodes} />
        </>
      )}
      {dialogs}
    </Card>
  );
}
