"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { AddHostnameBindingDialog } from "./add-hostname-binding-dialog";
import type { ClusterItem, HostnameBindingItem } from "./cluster-types";
import { DeleteHostnameBindingDialog } from "./delete-hostname-binding-dialog";
import { DnsAutomationCell } from "./dns-automation-status";
import { BINDING_STATUS_TONE, bindingDnsTimes } from "./managed-dns-display";
import { WORKLOAD_EDGE_STATUS_TONE } from "./workload-edge-display";
import { SectionError } from "./section-error";

// The DNS check loop and the DNS automation change statuses on their own (a create starts a pass
// at once); a cheap re-read keeps the table current while the page is open.
const POLL_MS = 10_000;

/** Spec managed-workload-ingress §1.3–§1.4, §5.2: the cluster's hostname bindings. */
export function HostnameBindingsSection({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.bindings");
  const tc = useTranslations("common");
  const tEdge = useTranslations("clusters.detail.workloadEdge");
  const trpc = useTRPC();
  const toast = useToast();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<HostnameBindingItem | null>(null);
  const [checkError, setCheckError] = useState<unknown>(null);
  const bindings = useInfiniteQuery({
    ...trpc.hostnameBindings.list.infiniteQueryOptions({ cluster_id: cluster.id }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
    refetchInterval: POLL_MS,
  });

  const check = useMutation(
    trpc.hostnameBindings.check.mutationOptions({
      onSuccess: async (result) => {
        setCheckError(null);
        await queryClient.invalidateQueries({ queryKey: trpc.hostnameBindings.list.pathKey() });
        const ready = result.bindings.filter((b) => b.status === "ready").length;
        toast.success(t("checked", { ready, total: result.bindings.length }));
      },
      onError: (error) => setCheckError(error),
    }),
  );

  const columns: Column<HostnameBindingItem>[] = [
    { key: "hostname", header: t("columns.hostname"), cell: (b) => <code className="font-mono text-xs" data-testid="binding-hostname">{b.hostname}</code> },
    {
      key: "scope",
      header: t("columns.scope"),
      cell: (b) => (
        <Badge tone={b.dns_management_scope === "platform_managed" ? "info" : "neutral"} data-testid="binding-scope" data-scope={b.dns_management_scope}>
          {t(`scope.${b.dns_management_scope}`)}
        </Badge>
      ),
    },
    {
      key: "target",
      header: t("columns.target"),
      cell: (b) =>
        b.record_target_hostname ? (
          <span className="text-xs">
            {b.dns_management_scope === "platform_managed" ? t("platformCname") : t("pointCname")} <code className="font-mono">{b.record_target_hostname}</code>
          </span>
        ) : (
          "—"
        ),
    },
    {
      key: "check",
      header: t("columns.check"),
      cell: (b) => (
        <div className="space-y-1 whitespace-normal">
          <Badge tone={BINDING_STATUS_TONE[b.status]} data-testid="binding-status" data-status={b.status}>
            {t(`status.${b.status}`)}
          </Badge>
          {b.last_error ? <p className="max-w-xs text-xs text-zinc-500" data-testid="binding-last-error">{b.last_error}</p> : null}
        </div>
      ),
    },
    {
      key: "dns",
      header: t("columns.dnsAutomation"),
      cell: (b) => (
        <DnsAutomationCell
          testIdPrefix="binding-dns"
          status={b.dns_management_status}
          message={b.dns_management_message}
          lastError={b.dns_management_last_error}
          times={bindingDnsTimes(b)}
        />
      ),
    },
    {
      key: "edge",
      header: t("columns.workloadEdge"),
      cell: (b) => (
        <div className="space-y-1 whitespace-normal">
          <Badge tone={WORKLOAD_EDGE_STATUS_TONE[b.workload_edge_status]} data-testid="binding-edge-status" data-status={b.workload_edge_status}>
            {tEdge(`statusValue.${b.workload_edge_status}`)}
          </Badge>
          {b.workload_edge_message ? <p className="max-w-xs text-xs text-zinc-500" data-testid="binding-edge-message">{b.workload_edge_message}</p> : null}
        </div>
      ),
    },
    { key: "created", header: t("columns.created"), cell: (b) => formatDateTime(b.created_at) },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (b) => (
        <Button variant="ghost" size="sm" aria-label={t("deleteLabel", { hostname: b.hostname })} onClick={() => setDeleting(b)}>
          {t("delete")}
        </Button>
      ),
    },
  ];

  const live = cluster.status !== "deleting" && cluster.status !== "deleted";
  const hasBindings = loadedItems(bindings).length > 0;

  return (
    <Card aria-labelledby="cluster-bindings-title" data-testid="cluster-hostname-bindings">
      <CardHeader
        titleId="cluster-bindings-title"
        title={t("title")}
        description={t("description")}
        actions={
          live ? (
            <>
              <Button variant="secondary" size="sm" disabled={!hydrated || check.isPending || !hasBindings} onClick={() => check.mutate({ cluster_id: cluster.id })}>
                {check.isPending ? t("checking") : t("checkNow")}
              </Button>
              <Button size="sm" disabled={!hydrated} onClick={() => setAdding(true)}>
                {t("add")}
              </Button>
            </>
          ) : undefined
        }
      />
      {cluster.managed_workload_ingress_cname_target ? null : (
        <p role="status" className="mx-5 my-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="bindings-no-target">
          {t("noCnameTarget")}
        </p>
      )}
      {checkError ? <SectionError error={checkError} testId="bindings-check-error" text={t("checkFailed", { message: errorMessage(checkError, tc("unknownError")) })} /> : null}
      {bindings.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : bindings.isError ? (
        <SectionError error={bindings.error} text={t("loadFailed", { message: errorMessage(bindings.error, tc("unknownError")) })} />
      ) : (
        <>
          <Table caption={t("caption")} columns={columns} rows={loadedItems(bindings)} rowKey={(b) => b.id} empty={t("empty")} />
          <LoadMore query={bindings} />
        </>
      )}
      {adding ? <AddHostnameBindingDialog cluster={cluster} onClose={() => setAdding(false)} /> : null}
      <DeleteHostnameBindingDialog clusterId={cluster.id} binding={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
