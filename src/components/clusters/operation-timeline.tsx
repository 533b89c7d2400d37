"use client";

import { useTranslations } from "next-intl";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { errorMessage } from "@/lib/trpc/error-message";
import { hasActiveOperation, STEP_STATUS_ICON, STEP_STATUS_TONE } from "./cluster-status";
import type { ClusterOperationItem } from "./cluster-types";
import { OrphanReportView } from "./orphan-report-view";
import { SectionError } from "./section-error";
import { useClusterOperations } from "./use-cluster-operations";
import { useStepLabel } from "./use-step-label";

const POLL_MS = 2_000;
const KNOWN_KINDS = new Set(["create", "update", "delete", "managed_ingress"]);

export function OperationTimeline({ clusterId }: { clusterId: string }) {
  const t = useTranslations("clusters.detail.operations");
  const tc = useTranslations("common");
  const tJob = useTranslations("jobStatus");
  const formatDateTime = useFormatDateTime();
  const ops = useClusterOperations(clusterId, (loaded) => (hasActiveOperation(loaded) ? POLL_MS : false));
  const loaded = loadedItems(ops);
  const active = hasActiveOperation(loaded);

  return (
    <Card aria-labelledby="cluster-operations-title" data-testid="cluster-operations">
      <CardHeader titleId="cluster-operations-title" title={t("title")} description={active ? t("polling") : undefined} />
      {ops.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : ops.isError ? (
        <SectionError error={ops.error} text={t("loadFailed", { message: errorMessage(ops.error, tc("unknownError")) })} />
      ) : loaded.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <>
          <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {loaded.map((op) => (
              <OperationEntry key={op.id} op={op} kindLabel={KNOWN_KINDS.has(op.kind) ? t(`kind.${op.kind as "create" | "update" | "delete" | "managed_ingress"}`) : op.kind} statusLabel={tJob(op.status)} formatDateTime={formatDateTime} />
            ))}
          </ol>
          <LoadMore query={ops} />
        </>
      )}
    </Card>
  );
}

type EntryProps = { op: ClusterOperationItem; kindLabel: string; statusLabel: string; formatDateTime: (iso: string) => string };

function OperationEntry({ op, kindLabel, statusLabel, formatDateTime }: EntryProps) {
  const t = useTranslations("clusters.detail.operations");
  const stepLabel = useStepLabel();
  return (
    <li className="space-y-3 px-5 py-4" data-testid="cluster-operation" data-kind={op.kind} data-status={op.status}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{kindLabel}</span>
        <Badge tone={op.status === "failed" ? "danger" : op.status === "succeeded" ? "success" : "info"}>{statusLabel}</Badge>
        <span className="text-zinc-500 dark:text-zinc-400">{formatDateTime(op.created_at)}</span>
      </div>
      {op.error ? <p className="text-sm text-red-700 dark:text-red-300">{op.error}</p> : null}
      <ol className="space-y-2">
        {op.steps.map((step) => (
          <li key={step.name} className="flex gap-3 text-sm" data-testid="operation-step" data-step={step.name} data-status={step.status}>
            <span aria-hidden="true" className="w-4 text-center font-mono">
              {STEP_STATUS_ICON[step.status]}
            </span>
            <div className="min-w-0 flex-1 space-y-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium" title={step.name} data-testid="operation-step-label">
                  {stepLabel(step.name)}
                </span>
                <Badge tone={STEP_STATUS_TONE[step.status]}>{t(`stepStatus.${step.status}`)}</Badge>
                {step.started_at ? <span className="text-xs text-zinc-500">{t("started", { time: formatDateTime(step.started_at) })}</span> : null}
                {step.finished_at ? <span className="text-xs text-zinc-500">{t("finished", { time: formatDateTime(step.finished_at) })}</span> : null}
              </div>
              {step.message ? <p className="text-xs break-words whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{step.message}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {op.report ? <OrphanReportView report={op.report} /> : null}
    </li>
  );
}
