import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import type { ClusterItem } from "./cluster-types";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid gap-1 px-5 py-2.5 sm:grid-cols-3">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm break-words sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function ConnectionInfo({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.connection");
  const none = "—";
  return (
    <Card aria-labelledby="cluster-connection-title">
      <CardHeader titleId="cluster-connection-title" title={t("title")} />
      <dl className="divide-y divide-zinc-100 py-1 dark:divide-zinc-800">
        <Row label={t("apiEndpoint")} testId="cluster-api-endpoint">
          {cluster.api_endpoint ? <code className="font-mono text-xs">{cluster.api_endpoint}</code> : none}
        </Row>
        <Row label={t("publicAccessPort")} testId="cluster-public-access-port">
          {cluster.public_access_port ?? none}
        </Row>
        <Row label={t("kubeconfigAvailable")} testId="cluster-kubeconfig-available">
          {cluster.kubeconfig_available ? t("yes") : t("no")}
        </Row>
        <Row label={t("connectionStatus")} testId="cluster-connection-status">
          {t(`status.${cluster.connection_status}`)}
        </Row>
        <Row label={t("lastError")} testId="cluster-last-error">
          {cluster.last_error ? <span className="text-red-700 dark:text-red-300">{cluster.last_error}</span> : none}
        </Row>
      </dl>
    </Card>
  );
}
