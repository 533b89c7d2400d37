"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { KubeconfigCredentialsTable } from "@/components/kubeconfigs/kubeconfig-credentials-table";
import { useTRPC } from "@/lib/trpc/client";

/** The kubeconfigs the user downloaded, on every cluster; an active one can be revoked here. */
export function KubeconfigsCard() {
  const t = useTranslations("kubeconfigs.profile");
  const trpc = useTRPC();
  const list = useQuery(trpc.kubeconfigs.listMine.queryOptions());
  return (
    <Card aria-labelledby="profile-kubeconfigs-title" data-testid="profile-kubeconfigs">
      <CardHeader titleId="profile-kubeconfigs-title" title={t("title")} description={t("description")} />
      <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
        {(data) => <KubeconfigCredentialsTable rows={data.items} show="cluster" caption={t("title")} empty={t("empty")} />}
      </QueryState>
    </Card>
  );
}
