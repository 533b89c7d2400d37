"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { QueryState } from "@/components/ui/query-state";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useTRPC } from "@/lib/trpc/client";
import type { RouterOutputs } from "@/lib/trpc/router-types";

type Health = RouterOutputs["admin"]["getDnsAutomationHealth"];
type Counts = Health["clusters"];

const HEALTH_TONE: Record<Health["status"], BadgeTone> = { off: "neutral", ok: "success", error: "danger" };
const ORDER = ["synced", "error", "pending", "disabled"] as const satisfies readonly (keyof Counts)[];

/** Back office: whether the DNS automation keeps its records in step, from what the passes wrote (read-only). */
export function DnsAutomationHealthCard() {
  const t = useTranslations("systemSettings.dnsHealth");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime();
  const health = useQuery(trpc.admin.getDnsAutomationHealth.queryOptions());

  const countsText = (c: Counts) => ORDER.map((s) => t("count", { status: t(`status.${s}`), count: c[s] })).join(" · ");

  return (
    <Card aria-labelledby="dns-health-title" data-testid="dns-automation-health">
      <CardHeader titleId="dns-health-title" title={t("title")} description={t("description")} />
      <QueryState query={health} failedMessage={(message) => t("loadFailed", { message })}>
        {(h) => (
          <DescriptionList>
            <DescriptionRow label={t("overall")}>
              <Badge tone={HEALTH_TONE[h.status]} data-testid="dns-health-status" data-status={h.status}>
                {t(`overallValue.${h.status}`)}
              </Badge>
              {h.enabled && !h.configured ? <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">{t("notConfigured")}</p> : null}
            </DescriptionRow>
            <DescriptionRow label={t("clusters")} testId="dns-health-clusters">
              <span data-synced={h.clusters.synced} data-error={h.clusters.error} data-pending={h.clusters.pending} data-disabled={h.clusters.disabled}>
                {countsText(h.clusters)}
              </span>
            </DescriptionRow>
            <DescriptionRow label={t("bindings")} testId="dns-health-bindings">
              <span data-synced={h.bindings.synced} data-error={h.bindings.error} data-pending={h.bindings.pending} data-disabled={h.bindings.disabled}>
                {countsText(h.bindings)}
              </span>
            </DescriptionRow>
            <DescriptionRow label={t("lastSyncedAt")} testId="dns-health-last-synced-at">
              {h.last_synced_at ? formatDateTime(h.last_synced_at) : t("never")}
            </DescriptionRow>
            <DescriptionRow label={t("latestError")} testId="dns-health-latest-error">
              {h.latest_error ? (
                <span className="space-y-1">
                  <span className="block text-red-700 dark:text-red-300">{h.latest_error.message}</span>
                  <span className="block text-xs text-zinc-500">
                    {t(h.latest_error.source === "binding" ? "errorSourceBinding" : "errorSourceCluster", {
                      name: h.latest_error.name ?? h.latest_error.cluster_id,
                      cluster: h.latest_error.cluster_id,
                      time: formatDateTime(h.latest_error.at),
                    })}{" "}
                    {h.latest_error.current_status === "synced" ? t("errorRecovered") : t("errorNow", { status: t(`status.${h.latest_error.current_status}`) })}
                  </span>
                </span>
              ) : (
                t("noErrors")
              )}
            </DescriptionRow>
          </DescriptionList>
        )}
      </QueryState>
    </Card>
  );
}
