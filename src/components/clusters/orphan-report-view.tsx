"use client";

import { useTranslations } from "next-intl";
import type { ClusterOperationItem } from "./cluster-types";

type Report = NonNullable<ClusterOperationItem["report"]>;

/** A delete operation's orphan report: what the run left behind, what holds the namespace, what a forced run removed. */
export function OrphanReportView({ report }: { report: Report }) {
  const t = useTranslations("clusters.detail.orphanReport");
  const ns = report.namespace;
  const rows: Array<[string, string[]]> = [
    [t("finalizers"), ns.finalizers.map((f) => `${f.finalizer} (${f.count})`)],
    [t("holders"), ns.holders.map((h) => `${h.kind}/${h.name}`)],
    [t("volumes"), report.persistent_volumes.map((v) => `${v.name} ${v.claim ?? ""} ${v.reclaim_policy ?? ""} ${v.phase ?? ""}`.trim())],
    [t("dns"), report.dns_records],
    [t("tokens"), report.active_join_tokens],
    [t("routePlans"), report.route_plans],
    [t("forcedRemoved"), report.forced?.removed.map((h) => `${h.kind}/${h.name} (${h.finalizers.join(", ")})`) ?? []],
  ];
  return (
    <div className="space-y-1 rounded-md border border-zinc-200 p-3 text-xs dark:border-zinc-800" data-testid="orphan-report">
      <p className="font-medium">{t("title")}</p>
      <p data-testid="orphan-report-namespace" data-present={ns.present}>
        {ns.present ? t("namespacePresent", { name: ns.name, phase: ns.phase ?? "?" }) : t("namespaceGone", { name: ns.name })}
      </p>
      {report.forced ? <p>{t("forcedReason", { reason: report.forced.reason })}</p> : null}
      {rows
        .filter(([, items]) => items.length > 0)
        .map(([label, items]) => (
          <p key={label}>
            {label}: <span className="font-mono">{items.join(", ")}</span>
          </p>
        ))}
    </div>
  );
}
