"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import type { ClusterItem } from "./cluster-types";
import { WORKLOAD_EDGE_STATUS_TONE, workloadEdgeNeverSynced } from "./workload-edge-display";

/**
 * Spec managed-workload-ingress §1.5/§2.4: what the shared workload Gateway serves for this cluster
 * (its CNAME target and hostname bindings → the managed ingress controller), as the platform's
 * syncer last wrote it. Read-only: the edge follows managed ingress and the bindings.
 */
export function WorkloadEdgeCard({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.workloadEdge");
  const formatDateTime = useFormatDateTime();
  const none = "—";
  const status = cluster.workload_edge_status;
  return (
    <Card aria-labelledby="cluster-workload-edge-title" data-testid="cluster-workload-edge">
      <CardHeader titleId="cluster-workload-edge-title" title={t("title")} description={t("description")} />
      {workloadEdgeNeverSynced(cluster) ? (
        <CardBody className="text-sm text-zinc-600 dark:text-zinc-400">
          <p data-testid="workload-edge-not-running">{t("notRunning")}</p>
        </CardBody>
      ) : null}
      <DescriptionList>
        <DescriptionRow label={t("status")}>
          <Badge tone={WORKLOAD_EDGE_STATUS_TONE[status]} data-testid="workload-edge-status" data-status={status}>
            {t(`statusValue.${status}`)}
          </Badge>
          {/* How fresh the verdict is: every pass re-reads the Gateway controller's status, changed or not. */}
          {cluster.workload_edge_checked_at ? (
            <span className="ml-2 text-xs text-zinc-500" data-testid="workload-edge-checked-at">
              {t("checkedAt", { time: formatDateTime(cluster.workload_edge_checked_at) })}
            </span>
          ) : null}
        </DescriptionRow>
        <DescriptionRow label={t("message")} testId="workload-edge-message">
          {cluster.workload_edge_message ?? none}
        </DescriptionRow>
        <DescriptionRow label={t("backend")} testId="workload-edge-backend">
          {cluster.workload_edge_backend ? t(`backendValue.${cluster.workload_edge_backend}`) : none}
        </DescriptionRow>
        <DescriptionRow label={t("lastSyncedAt")} testId="workload-edge-last-synced-at">
          {cluster.workload_edge_last_synced_at ? formatDateTime(cluster.workload_edge_last_synced_at) : none}
        </DescriptionRow>
        <DescriptionRow label={t("lastError")} testId="workload-edge-last-error">
          {cluster.workload_edge_last_error ? (
            <span className="text-red-700 dark:text-red-300">
              {cluster.workload_edge_last_error}
              {cluster.workload_edge_last_error_at ? <span className="ml-1 text-zinc-500">({formatDateTime(cluster.workload_edge_last_error_at)})</span> : null}
            </span>
          ) : (
            none
          )}
        </DescriptionRow>
      </DescriptionList>
    </Card>
  );
}
