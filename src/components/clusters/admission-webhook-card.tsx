"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { ADMISSION_WEBHOOK_STATUS_TONE, admissionWebhookNeverSynced } from "./admission-webhook-display";
import type { ClusterItem } from "./cluster-types";

/**
 * Policy enforcement (docs/admission-webhook.md): whether the platform's ValidatingWebhookConfiguration is in the
 * cluster and which plan it enforces, as the sync pass last wrote it. With the webhook off in the deployment the
 * pass's message says so; before any pass the card says it does not know yet rather than suggest enforcement.
 */
export function AdmissionWebhookCard({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.admissionWebhook");
  const formatDateTime = useFormatDateTime();
  const hook = cluster.admission_webhook;
  return (
    <Card aria-labelledby="cluster-admission-webhook-title" data-testid="cluster-admission-webhook">
      <CardHeader titleId="cluster-admission-webhook-title" title={t("title")} description={t("description")} />
      {admissionWebhookNeverSynced(cluster) ? (
        <CardBody className="text-sm text-zinc-600 dark:text-zinc-400">
          <p data-testid="admission-webhook-not-checked">{t("notChecked")}</p>
        </CardBody>
      ) : null}
      <DescriptionList>
        <DescriptionRow label={t("status")}>
          <Badge tone={ADMISSION_WEBHOOK_STATUS_TONE[hook.status]} data-testid="admission-webhook-status" data-status={hook.status}>
            {t(`statusValue.${hook.status}`)}
          </Badge>
        </DescriptionRow>
        <DescriptionRow label={t("message")} testId="admission-webhook-message">
          {hook.message ?? "—"}
        </DescriptionRow>
        <DescriptionRow label={t("appliedAt")} testId="admission-webhook-applied-at">
          {hook.applied_at ? formatDateTime(hook.applied_at) : "—"}
        </DescriptionRow>
      </DescriptionList>
    </Card>
  );
}
