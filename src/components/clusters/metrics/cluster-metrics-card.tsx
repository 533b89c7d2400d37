"use client";

import { useTranslations } from "next-intl";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CompactSelect } from "@/components/ui/compact-select";
import { errorMessage } from "@/lib/trpc/error-message";
import { SectionError } from "../section-error";
import { ClusterMetricsCharts } from "./cluster-metrics-charts";
import type { ClusterMetricsOutput } from "./metrics-contract";
import { isMetricsRange, METRICS_RANGES, type MetricsRange } from "./metrics-range";

export type ClusterMetricsState =
  | { kind: "loading" }
  | { kind: "error"; error: unknown }
  /** `refreshing`: an answer for another range or a newer window is on its way; `data` is the previous one. */
  | { kind: "data"; data: ClusterMetricsOutput; refreshing: boolean };

export interface ClusterMetricsCardProps {
  range: MetricsRange;
  onRangeChange: (range: MetricsRange) => void;
  state: ClusterMetricsState;
}

/** The "Control plane metrics" card: range selector in the header, and loading, error or the charts. */
export function ClusterMetricsCard({ range, onRangeChange, state }: ClusterMetricsCardProps) {
  const t = useTranslations("clusterMetrics");
  const tc = useTranslations("common");
  return (
    <Card
      aria-labelledby="cluster-metrics-title"
      data-testid="cluster-metrics"
      data-state={state.kind}
      // The window of the answer on screen (the previous one while a new range loads).
      data-from={state.kind === "data" ? state.data.from : undefined}
      data-to={state.kind === "data" ? state.data.to : undefined}
    >
      <CardHeader
        titleId="cluster-metrics-title"
        title={t("title")}
        description={t("description")}
        actions={
          <>
            {state.kind === "data" && state.refreshing ? (
              <span className="text-xs text-zinc-500" role="status" data-testid="metrics-refreshing">
                {t("refreshing")}
              </span>
            ) : null}
            <CompactSelect
              label={t("rangeLabel")}
              value={range}
              testId="metrics-range"
              options={METRICS_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
              onChange={(value) => {
                if (isMetricsRange(value)) onRangeChange(value);
              }}
            />
          </>
        }
      />
      {state.kind === "error" ? (
        <SectionError error={state.error} testId="metrics-error" text={t("loadFailed", { message: errorMessage(state.error, tc("unknownError")) })} />
      ) : (
        <CardBody>
          {state.kind === "loading" ? (
            <p className="py-10 text-center text-sm text-zinc-500" aria-busy="true" data-testid="metrics-loading">
              {tc("loading")}
            </p>
          ) : (
            <ClusterMetricsCharts data={state.data} range={range} />
          )}
        </CardBody>
      )}
    </Card>
  );
}
