"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Table, type Column } from "@/components/ui/table";
import type { DrainResult } from "./cluster-types";
import { DRAIN_OUTCOME_TONE } from "./node-display";

type PodRow = DrainResult["pods"][number];

/** What drain did to each pod: evicted, skipped (DaemonSet / static) or failed with the reason. */
export function DrainReport({ result }: { result: DrainResult }) {
  const t = useTranslations("clusters.detail.nodes.drainDialog");
  const columns: Column<PodRow>[] = [
    { key: "pod", header: t("columns.pod"), cell: (p) => <code className="font-mono text-xs">{`${p.namespace}/${p.name}`}</code> },
    {
      key: "outcome",
      header: t("columns.outcome"),
      cell: (p) => (
        <Badge tone={DRAIN_OUTCOME_TONE[p.outcome]} data-outcome={p.outcome}>
          {t(`outcome.${p.outcome}`)}
        </Badge>
      ),
    },
    { key: "message", header: t("columns.message"), cell: (p) => <span className="text-xs whitespace-normal text-zinc-600 dark:text-zinc-400">{p.message}</span> },
  ];
  return (
    <div className="space-y-3" data-testid="drain-report" data-completed={result.completed ? "true" : "false"}>
      <p
        role="status"
        className={
          result.completed
            ? "rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
            : "rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        }
      >
        {result.completed ? t("completed", { name: result.node }) : t("incomplete", { name: result.node })}
      </p>
      <Table caption={t("reportCaption", { name: result.node })} columns={columns} rows={result.pods} rowKey={(p) => `${p.namespace}/${p.name}`} empty={t("noPods")} />
    </div>
  );
}
