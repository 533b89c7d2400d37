"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { FormAlert } from "@/components/ui/form-parts";
import { loadedItems } from "@/components/ui/load-more";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";
import { DnsAutomationRows } from "./dns-automation-status";
import { clusterDnsTimes, MANAGED_INGRESS_STATUS_TONE } from "./managed-dns-display";
import { managedIngressWaitingMessage } from "./managed-ingress-waiting";
import { useClusterOperations } from "./use-cluster-operations";

const POLL_MS = 2_000;

/**
 * Spec managed-workload-ingress §1.2–§1.4, §5.2: the managed ingress switch with its status, the
 * cluster's CNAME target and the platform DNS automation of that target. The toggle sends only
 * `managed_workload_ingress_enabled`, which the server runs as its own job without touching the
 * control plane; the cluster page polls while the status is `provisioning`.
 */
export function ManagedIngressCard({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.ingress");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const toast = useToast();
  const hydrated = useHydrated();
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const none = "—";
  const status = cluster.managed_workload_ingress_status;
  const enabled = cluster.managed_workload_ingress_enabled;
  // The same query as the operation timeline; polled here while provisioning, so the card sees the
  // job the node observer starts for an ingress that waited for a node.
  const operations = useClusterOperations(cluster.id, () => (status === "provisioning" ? POLL_MS : false));

  const update = useMutation(
    trpc.clusters.update.mutationOptions({
      onSuccess: async (updated) => {
        setServerError(null);
        queryClient.setQueryData(trpc.clusters.get.queryKey({ cluster_id: cluster.id }), updated);
        await queryClient.invalidateQueries({ queryKey: trpc.clusters.listOperations.pathKey() });
        // Turning off what was never installed is only a row change (no job): say so instead of "being removed".
        const message = updated.managed_workload_ingress_status !== "provisioning" ? t("toast.saved") : updated.managed_workload_ingress_enabled ? t("toast.enabling") : t("toast.disabling");
        toast.success(message);
      },
      // e.g. 409 "still being reconciled" or a cluster that is being deleted: the server says what to do.
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  // Until the operations are read again after a change was sent, the list predates the change's own operation,
  // and an older skipped step (e.g. "ingress is off" at create) must not read as waiting.
  const operationsFresh = operations.dataUpdatedAt > update.submittedAt;
  const waitingMessage = operationsFresh ? managedIngressWaitingMessage(status, loadedItems(operations)) : null;
  const live = cluster.status !== "deleting" && cluster.status !== "deleted";
  // Waiting for a node runs no job, so the switch stays usable (turning it off cancels the wait).
  const toggleDisabled = !hydrated || !live || (status === "provisioning" && waitingMessage === null) || update.isPending;
  const toggle = (
    <Button
      variant={enabled ? "secondary" : "primary"}
      size="sm"
      role="switch"
      aria-checked={enabled}
      aria-label={t("toggleLabel")}
      data-testid="managed-ingress-toggle"
      data-enabled={enabled ? "true" : "false"}
      disabled={toggleDisabled}
      onClick={() => update.mutate({ cluster_id: cluster.id, managed_workload_ingress_enabled: !enabled })}
    >
      {update.isPending ? t("saving") : enabled ? t("turnOff") : t("turnOn")}
    </Button>
  );

  // Docs: on while the last reconcile failed, asking for "on" again re-runs it (e.g. after a node joined).
  const retry =
    enabled && status === "error" ? (
      <Button variant="primary" size="sm" data-testid="managed-ingress-retry" disabled={toggleDisabled} onClick={() => update.mutate({ cluster_id: cluster.id, managed_workload_ingress_enabled: true })}>
        {t("retry")}
      </Button>
    ) : null;

  return (
    <Card aria-labelledby="cluster-ingress-title" data-testid="cluster-managed-ingress">
      <CardHeader titleId="cluster-ingress-title" title={t("title")} description={t("description")} actions={
          live ? (
            <>
              {retry}
              {toggle}
            </>
          ) : undefined
        }
      />
      <CardBody className="space-y-2 text-sm text-zinc-600 dark:text-zinc-400">
        <p>{t("doesNot")}</p>
        {waitingMessage !== null ? (
          <p role="status" data-testid="managed-ingress-waiting" className="text-amber-800 dark:text-amber-300">
            {t("waitingForNode")}
            {waitingMessage ? <span className="block font-mono text-xs">{waitingMessage}</span> : null}
          </p>
        ) : status === "provisioning" ? (
          <p role="status" data-testid="managed-ingress-polling">
            {t("polling")}
          </p>
        ) : null}
        <FormAlert data-testid="managed-ingress-error">{serverError}</FormAlert>
      </CardBody>
      <DescriptionList>
        <DescriptionRow label={t("status")}>
          <Badge tone={MANAGED_INGRESS_STATUS_TONE[status]} data-testid="managed-ingress-status" data-status={status}>
            {t(`statusValue.${status}`)}
          </Badge>
          {/* When the platform last read the controller in the cluster (the periodic re-check or a reconcile). */}
          {cluster.managed_workload_ingress_checked_at ? (
            <span className="ml-2 text-xs text-zinc-500" data-testid="managed-ingress-checked-at">
              {t("checkedAt", { time: formatDateTime(cluster.managed_workload_ingress_checked_at) })}
            </span>
          ) : null}
        </DescriptionRow>
        <DescriptionRow label={t("ingressClass")} testId="managed-ingress-class">
          {cluster.managed_workload_ingress_class ? <code className="font-mono text-xs">{cluster.managed_workload_ingress_class}</code> : none}
        </DescriptionRow>
        <DescriptionRow label={t("lastError")} testId="managed-ingress-last-error">
          {cluster.managed_workload_ingress_last_error ? (
            <span className="text-red-700 dark:text-red-300">{cluster.managed_workload_ingress_last_error}</span>
          ) : (
            none
          )}
        </DescriptionRow>
        <DescriptionRow label={t("cnameTarget")} testId="managed-ingress-cname-target">
          {cluster.managed_workload_ingress_cname_target ? (
            <code className="font-mono text-xs">{cluster.managed_workload_ingress_cname_target}</code>
          ) : (
            <span className="text-amber-800 dark:text-amber-300">{t("noCnameTarget")}</span>
          )}
        </DescriptionRow>
        <DnsAutomationRows
          testIdPrefix="cluster-dns"
          status={cluster.managed_workload_ingress_dns_status}
          message={cluster.managed_workload_ingress_dns_message}
          lastError={cluster.managed_workload_ingress_dns_last_error}
          times={clusterDnsTimes(cluster)}
        />
      </DescriptionList>
    </Card>
  );
}
