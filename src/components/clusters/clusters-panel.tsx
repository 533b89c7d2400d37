"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTRPC } from "@/lib/trpc/client";
import { CLUSTER_STATUS_TONE } from "./cluster-status";
import type { ClusterItem } from "./cluster-types";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { ConnectionStatus } from "./connection-status";
import { CreateClusterDialog } from "./create-cluster-dialog";

/**
 * `hostClusterFix`: null when a host cluster is configured, else the server's explanation of what to set.
 * `publicAccessProvider`: the deployment's, for the create form's loadbalancer hint and host check.
 */
export function ClustersPanel({ hostClusterFix, publicAccessProvider }: { hostClusterFix: string | null; publicAccessProvider: PublicAccessProvider }) {
  const t = useTranslations("clusters");
  const tStatus = useTranslations("clusterStatus");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime();
  const hydrated = useHydrated();
  const list = useInfiniteQuery(trpc.clusters.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  const [createOpen, setCreateOpen] = useState(false);

  const columns: Column<ClusterItem>[] = [
    {
      key: "name",
      header: t("columns.name"),
      cell: (c) => (
        <Link href={`/clusters/${c.id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {c.name}
        </Link>
      ),
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (c) => (
        <Badge tone={CLUSTER_STATUS_TONE[c.status]} data-status={c.status}>
          {tStatus(c.status)}
        </Badge>
      ),
    },
    { key: "access", header: t("columns.publicAccess"), cell: (c) => t(`accessMode.${c.public_access_mode}`) },
    { key: "connection", header: t("columns.connection"), cell: (c) => <ConnectionStatus cluster={c} /> },
    { key: "endpoint", header: t("columns.endpoint"), cell: (c) => (c.api_endpoint ? <code className="font-mono text-xs">{c.api_endpoint}</code> : t("notAvailable")) },
    { key: "created", header: t("columns.created"), cell: (c) => formatDateTime(c.created_at) },
  ];

  return (
    <>
      {hostClusterFix !== null && (
        <div role="alert" data-testid="no-host-cluster" className="mb-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <p className="font-medium">{t("noHostCluster")}</p>
          <p className="mt-1 text-xs break-words">{t("noHostClusterDetail", { detail: hostClusterFix })}</p>
        </div>
      )}
      <Card aria-labelledby="clusters-card-title">
        <CardHeader
          titleId="clusters-card-title"
          title={t("tableCaption")}
          actions={
            <Button disabled={!hydrated} onClick={() => setCreateOpen(true)}>
              {t("create")}
            </Button>
          }
        />
        <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
          {() => (
            <>
              <Table caption={t("tableCaption")} columns={columns} rows={loadedItems(list)} rowKey={(c) => c.id} empty={t("empty")} />
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </Card>
      <CreateClusterDialog open={createOpen} onClose={() => setCreateOpen(false)} provider={publicAccessProvider} />
    </>
  );
}
