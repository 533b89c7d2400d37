"use client";

import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { KubeconfigCredentialsTable } from "@/components/kubeconfigs/kubeconfig-credentials-table";
import { useTRPC } from "@/lib/trpc/client";

/** The kubeconfigs the user downloaded, on every cluster; an active one can be revoked here. */
export function KubeconfigsCard() {
  const t = useTranslations("kubeconfigs.profile");
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.kubeconfigs.listMine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  return (
    <Card aria-labelledby="profile-kubeconfigs-title" data-testid="profile-kubeconfigs">
      <CardHeader titleId="profile-kubeconfigs-title" title={t("title")} description={t("description")} />
      <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
        {() => (
          <>
            <KubeconfigCredentialsTable rows={loadedItems(list)} show="cluster" caption={t("title")} empty={t("empty")} />
            <LoadMore query={list} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
