"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { CONNECTION_STATUS_TONE } from "./cluster-status";
import type { ClusterItem } from "./cluster-types";

/**
 * connection_status with its time in state and the probe's last check, so a status is never read without knowing
 * how fresh it is (the list and the cluster page).
 */
export function ConnectionStatus({ cluster }: { cluster: Pick<ClusterItem, "connection_status" | "connection_status_since" | "connection_checked_at"> }) {
  const t = useTranslations("clusters");
  const formatDateTime = useFormatDateTime({ seconds: true });
  const status = cluster.connection_status;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="connection-status" data-status={status}>
      <Badge tone={CONNECTION_STATUS_TONE[status]}>{t(`detail.connection.status.${status}`)}</Badge>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">
        {cluster.connection_status_since ? <span data-testid="connection-status-since">{t("connectionHealth.since", { time: formatDateTime(cluster.connection_status_since) })} · </span> : null}
        <span data-testid="connection-checked-at">
          {cluster.connection_checked_at ? t("connectionHealth.checked", { time: formatDateTime(cluster.connection_checked_at) }) : t("connectionHealth.notChecked")}
        </span>
      </span>
    </span>
  );
}
