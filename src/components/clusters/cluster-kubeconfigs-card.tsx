"use client";

import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { KubeconfigCredentialsTable } from "@/components/kubeconfigs/kubeconfig-credentials-table";
import { useTRPC } from "@/lib/trpc/client";

/** For the cluster's owner: every active kubeconfig on the cluster, whoever holds it, each revocable. */
export function ClusterKubeconfigsCard({ clusterId }: { clusterId: string }) {
  const t = useTranslations("kubeconfigs.cluster");
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.kubeconfigs.listForCluster.infiniteQueryOptions({ cluster_id: clusterId }, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  return (
    <Card aria-labelledby="cluster-kubeconfigs-title" data-testid="cluster-kubeconfigs">
      <CardHeader titleId="cluster-kubeconfigs-title" title={t("title")} description={t("description")} />
      <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
        {() => (
          <>
            <KubeconfigCredentialsTable rows={loadedItems(list)} show="user" caption={t("title")} empty={t("empty")} />
            <LoadMore query={list} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
