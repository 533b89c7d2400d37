import { useTranslations } from "next-intl";
import { Card, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import type { ClusterItem } from "./cluster-types";
import { ConnectionStatus } from "./connection-status";
import { KubeconfigDownloadButton } from "./kubeconfig-download-button";

/** Connection facts as plan §5.10 lists them: the mode always, the port only for NodePort, the host when set. */
export function ConnectionInfo({ cluster, isOwner }: { cluster: ClusterItem; isOwner: boolean }) {
  const t = useTranslations("clusters.detail.connection");
  const tc = useTranslations("clusters");
  const formatDateTime = useFormatDateTime();
  const none = "—";
  const mode = cluster.public_access_enabled ? cluster.public_access_mode : "off";
  const canDownload = cluster.kubeconfig_available && mode !== "off" && cluster.status !== "deleting" && cluster.status !== "deleted";
  return (
    <Card aria-labelledby="cluster-connection-title">
      <CardHeader titleId="cluster-connection-title" title={t("title")} actions={canDownload ? <KubeconfigDownloadButton cluster={cluster} isOwner={isOwner} /> : undefined} />
      <DescriptionList>
        <DescriptionRow label={t("publicAccessMode")} testId="cluster-public-access-mode">
          {tc(`accessMode.${mode}`)}
        </DescriptionRow>
        <DescriptionRow label={t("apiEndpoint")} testId="cluster-api-endpoint">
          {cluster.api_endpoint ? <code className="font-mono text-xs">{cluster.api_endpoint}</code> : none}
        </DescriptionRow>
        {cluster.control_plane_host ? (
          <DescriptionRow label={t("controlPlaneHost")} testId="cluster-control-plane-host">
            <code className="font-mono text-xs">{cluster.control_plane_host}</code>
          </DescriptionRow>
        ) : null}
        {mode === "nodeport" ? (
          <DescriptionRow label={t("publicAccessPort")} testId="cluster-public-access-port">
            {cluster.public_access_port ?? none}
          </DescriptionRow>
        ) : null}
        {cluster.control_plane_route_status ? (
          // The Gateway controller's verdict on the control plane's TLSRoute, re-read every minute (gatewayapi provider).
          <DescriptionRow label={t("gatewayRoute")} testId="cluster-control-plane-route">
            <span data-status={cluster.control_plane_route_status}>{t(`gatewayRouteStatus.${cluster.control_plane_route_status}`)}</span>
            {cluster.control_plane_route_message ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{cluster.control_plane_route_message}</span> : null}
            {cluster.control_plane_route_checked_at ? (
              <span className="block text-xs text-zinc-500" data-testid="cluster-control-plane-route-checked-at">
                {t("checkedAt", { time: formatDateTime(cluster.control_plane_route_checked_at) })}
              </span>
            ) : null}
          </DescriptionRow>
        ) : null}
        <DescriptionRow label={t("kubeconfigAvailable")} testId="cluster-kubeconfig-available">
          {cluster.kubeconfig_available ? t("yes") : t("no")}
        </DescriptionRow>
        <DescriptionRow label={t("connectionStatus")} testId="cluster-connection-status">
          <ConnectionStatus cluster={cluster} />
        </DescriptionRow>
        <DescriptionRow label={t("lastError")} testId="cluster-last-error">
          {cluster.last_error ? <span className="text-red-700 dark:text-red-300">{cluster.last_error}</span> : none}
        </DescriptionRow>
      </DescriptionList>
    </Card>
  );
}
