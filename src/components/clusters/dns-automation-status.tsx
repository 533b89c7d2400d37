"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { DescriptionRow } from "@/components/ui/description-list";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { DNS_SYNC_STATUS_TONE, isDnsRecovered, type DnsSyncStatus, type DnsSyncTimes } from "./managed-dns-display";

interface DnsAutomationProps {
  status: DnsSyncStatus;
  message: string | null;
  lastError: string | null;
  times: DnsSyncTimes;
  testIdPrefix: string;
}

function StatusBadges({ status, times, testIdPrefix }: Pick<DnsAutomationProps, "status" | "times" | "testIdPrefix">) {
  const t = useTranslations("clusters.dnsAutomation");
  const recovered = isDnsRecovered(times);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={DNS_SYNC_STATUS_TONE[status]} data-testid={`${testIdPrefix}-status`} data-status={status}>
        {t(`status.${status}`)}
      </Badge>
      {recovered ? (
        <Badge tone="success" data-testid={`${testIdPrefix}-recovered`} title={t("recoveredHint")}>
          {t("recovered")}
        </Badge>
      ) : null}
    </span>
  );
}

/** The cluster record's automation as description rows: status (+ Recovered), message, last success, last failure. */
export function DnsAutomationRows({ status, message, lastError, times, testIdPrefix }: DnsAutomationProps) {
  const t = useTranslations("clusters.dnsAutomation");
  const formatDateTime = useFormatDateTime();
  const none = "—";
  return (
    <>
      <DescriptionRow label={t("title")}>
        <StatusBadges status={status} times={times} testIdPrefix={testIdPrefix} />
        {isDnsRecovered(times) ? <p className="mt-1 text-xs text-zinc-500">{t("recoveredHint")}</p> : null}
      </DescriptionRow>
      <DescriptionRow label={t("message")} testId={`${testIdPrefix}-message`}>
        {message ?? none}
      </DescriptionRow>
      <DescriptionRow label={t("lastSyncedAt")} testId={`${testIdPrefix}-last-synced-at`}>
        {times.lastSyncedAt ? formatDateTime(times.lastSyncedAt) : none}
      </DescriptionRow>
      <DescriptionRow label={t("lastError")} testId={`${testIdPrefix}-last-error`}>
        {lastError ? (
          <span className="text-red-700 dark:text-red-300">
            {lastError}
            {times.lastErrorAt ? <span className="ml-1 text-zinc-500">({formatDateTime(times.lastErrorAt)})</span> : null}
          </span>
        ) : (
          none
        )}
      </DescriptionRow>
    </>
  );
}

/** The same facts in one table cell (hostname bindings). */
export function DnsAutomationCell({ status, message, lastError, times, testIdPrefix }: DnsAutomationProps) {
  const t = useTranslations("clusters.dnsAutomation");
  const formatDateTime = useFormatDateTime();
  return (
    <div className="space-y-1 whitespace-normal">
      <StatusBadges status={status} times={times} testIdPrefix={testIdPrefix} />
      {status === "error" && lastError ? <p className="max-w-xs text-xs text-red-700 dark:text-red-300">{lastError}</p> : message ? <p className="max-w-xs text-xs text-zinc-500">{message}</p> : null}
      {times.lastSyncedAt ? <p className="text-xs text-zinc-500">{t("syncedAt", { time: formatDateTime(times.lastSyncedAt) })}</p> : null}
      {status !== "error" && lastError && times.lastErrorAt ? (
        <p className="max-w-xs text-xs text-zinc-500">{t("lastFailure", { time: formatDateTime(times.lastErrorAt), message: lastError })}</p>
      ) : null}
    </div>
  );
}
