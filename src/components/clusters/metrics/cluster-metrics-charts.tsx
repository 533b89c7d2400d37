"use client";

import { useLocale, useTranslations } from "next-intl";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { CHART_GROUPS, chartLines, type ChartUnit } from "./metric-chart-groups";
import { MetricChart } from "./metric-chart";
import type { ClusterMetricName, ClusterMetricsOutput } from "./metrics-contract";
import { formatAxisValue, formatMetricValue, formatTimeTick, formatTooltipTime } from "./metrics-format";
import { rangeShowsDates, type MetricsRange } from "./metrics-range";
import { firstPointAt, latestValue, seriesToRows, startsBeforeFirstSample } from "./metrics-rows";

/**
 * The charts of one history answer, with the notes that make partial data honest: the resolution
 * used, where the data begins when the range reaches further back, and what a break in a line means.
 * Pure presentation: the answer comes in as a prop (ClusterMetricsSection fetches it).
 */
export function ClusterMetricsCharts({ data, range }: { data: ClusterMetricsOutput; range: MetricsRange }) {
  const t = useTranslations("clusterMetrics");
  const locale = useLocale();
  const formatDateTime = useFormatDateTime();
  const first = firstPointAt(data.series);

  if (first === null) {
    return (
      <p className="rounded-md bg-zinc-50 px-3 py-6 text-center text-sm text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400" data-testid="metrics-empty" data-empty={data.last_sampled_at ? "range" : "never"}>
        {data.last_sampled_at ? t("emptyRange", { time: formatDateTime(data.last_sampled_at) }) : t("empty", { seconds: data.step_seconds })}
      </p>
    );
  }

  const rows = seriesToRows(data.series, data.step_seconds);
  const domain = [Date.parse(data.from), Date.parse(data.to)] as const;
  const showDates = rangeShowsDates(range);
  const unitLabel = (unit: ChartUnit | "seconds") => t(`units.${unit}`);
  const valueText = (value: number, unit: ChartUnit) => {
    const f = formatMetricValue(value, unit, locale);
    // Counts take the plural form of their unit ("1 node", "2 nodes"); rates and durations a symbol.
    return f.unit === "requests" || f.unit === "nodes" || f.unit === "objects" ? t(`count.${f.unit}`, { count: f.rounded }) : t("value", { value: f.text, unit: unitLabel(f.unit) });
  };

  return (
    <div className="space-y-3" data-testid="metrics-charts">
      <ul className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <li data-testid="metrics-resolution" data-resolution={data.resolution}>
          {t(`resolution.${data.resolution}`, { seconds: data.step_seconds })}
          {data.last_sampled_at ? ` · ${t("lastSampled", { time: formatDateTime(data.last_sampled_at) })}` : null}
        </li>
        {startsBeforeFirstSample(data.series, data.from, data.step_seconds) ? (
          <li data-testid="metrics-partial">{t("partial", { time: formatDateTime(new Date(first).toISOString()) })}</li>
        ) : null}
        <li>{t("gaps")}</li>
      </ul>
      <div className="grid gap-3 lg:grid-cols-2">
        {CHART_GROUPS.map((group) => {
          const title = t(`charts.${group.id}`);
          const lines = chartLines(group, data.series).map((line) => {
            const latest = latestValue(line.series);
            return {
              key: line.key,
              color: line.color,
              // Stored objects are named by their resource; the others by the metric.
              name: line.label ?? t(`series.${line.metric as Exclude<ClusterMetricName, "stored_objects">}`),
              latest: latest ? { text: valueText(latest.v, group.unit), at: formatDateTime(latest.t) } : null,
            };
          });
          return (
            <MetricChart
              key={group.id}
              id={group.id}
              title={title}
              unitLabel={unitLabel(group.unit)}
              ariaLabel={t("chartAria", { title, range: t(`ranges.${range}`), unit: unitLabel(group.unit) })}
              lines={lines}
              rows={rows}
              domain={domain}
              formatTime={(ms) => formatTimeTick(ms, showDates, locale)}
              formatTooltipTime={(ms) => formatTooltipTime(ms, locale)}
              formatAxisValue={(v) => formatAxisValue(v, locale)}
              formatValue={(v) => valueText(v, group.unit)}
              emptyText={t("chartEmpty")}
              latestCaption={t("latestCaption", { title })}
              columns={{ series: t("colSeries"), latest: t("colLatest"), at: t("colAt") }}
              noValue={t("noValue")}
            />
          );
        })}
      </div>
    </div>
  );
}
