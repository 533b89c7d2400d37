"use client";

import { useId } from "react";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartRow } from "./metrics-rows";

export interface MetricChartLine {
  key: string;
  /** The translated series name (legend, tooltip, table). */
  name: string;
  color: string;
  /** The newest measurable value, already formatted with its unit, and when it was taken; null when none. */
  latest: { text: string; at: string } | null;
}

export interface MetricChartProps {
  /** Stable id for tests and anchors, e.g. "requests". */
  id: string;
  title: string;
  /** The unit shown on the value axis ("req/s"). */
  unitLabel: string;
  /** The accessible name of the drawing ("API requests over the last hour, in req/s"). */
  ariaLabel: string;
  lines: readonly MetricChartLine[];
  rows: readonly ChartRow[];
  /** The requested window in epoch ms, so a range that starts before the first sample shows as empty space. */
  domain: readonly [number, number];
  formatTime: (ms: number) => string;
  formatTooltipTime: (ms: number) => string;
  formatAxisValue: (value: number) => string;
  formatValue: (value: number) => string;
  emptyText: string;
  latestCaption: string;
  columns: { series: string; latest: string; at: string };
  noValue: string;
}

/** Fixed drawing height: the chart sizes to its parent, so the parent must have one (also keeps the page from jumping). */
const CHART_HEIGHT = 192;

/**
 * One time-series chart (SVG) with its title, its unit on the value axis and a small table of the
 * latest values, which is also what screen readers and tests read. Lines break at null values:
 * missing buckets and unmeasurable samples are never drawn across.
 */
export function MetricChart(props: MetricChartProps) {
  const titleId = useId();
  const { lines, rows } = props;
  const hasData = lines.length > 0 && rows.some((row) => lines.some((line) => typeof row[line.key] === "number"));
  return (
    <figure aria-labelledby={titleId} data-testid={`metrics-chart-${props.id}`} data-has-data={hasData ? "true" : "false"} className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <figcaption id={titleId} className="flex items-baseline justify-between gap-2 text-sm font-medium">
        <span>{props.title}</span>
        <span className="text-xs font-normal text-zinc-500">{props.unitLabel}</span>
      </figcaption>
      {hasData ? (
        <div className="mt-2 text-zinc-500" style={{ height: CHART_HEIGHT }}>
          <LineChart responsive width="100%" height={CHART_HEIGHT} data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} desc={props.ariaLabel} aria-label={props.ariaLabel}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[props.domain[0], props.domain[1]]}
              allowDataOverflow
              tickFormatter={props.formatTime}
              tick={{ fill: "currentColor", fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.4}
              minTickGap={24}
            />
            <YAxis
              width={56}
              tickFormatter={props.formatAxisValue}
              tick={{ fill: "currentColor", fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.4}
              allowDecimals
              label={{ value: props.unitLabel, angle: -90, position: "insideLeft", fill: "currentColor", fontSize: 11, style: { textAnchor: "middle" } }}
            />
            <Tooltip
              labelFormatter={(t) => (typeof t === "number" ? props.formatTooltipTime(t) : String(t))}
              formatter={(value) => (typeof value === "number" ? props.formatValue(value) : props.noValue)}
              contentStyle={{ fontSize: 12 }}
            />
            {lines.map((line) => (
              <Line
                key={line.key}
                name={line.name}
                // A function, not a path string: resource names such as "deployments.apps" contain dots.
                dataKey={(row: ChartRow) => row[line.key] ?? null}
                stroke={line.color}
                strokeWidth={1.5}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
                type="linear"
              />
            ))}
          </LineChart>
        </div>
      ) : (
        <p className="mt-2 flex items-center justify-center rounded bg-zinc-50 text-sm text-zinc-500 dark:bg-zinc-950" style={{ height: CHART_HEIGHT }} data-testid="metrics-chart-empty">
          {props.emptyText}
        </p>
      )}
      <table className="mt-2 w-full text-xs" data-testid="metrics-chart-latest">
        <caption className="sr-only">{props.latestCaption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{props.columns.series}</th>
            <th scope="col">{props.columns.latest}</th>
            <th scope="col">{props.columns.at}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} data-series={line.key}>
              <th scope="row" className="py-0.5 text-left font-normal text-zinc-600 dark:text-zinc-400">
                <span aria-hidden="true" className="mr-1.5 inline-block h-2 w-2 rounded-full align-middle" style={{ backgroundColor: line.color }} />
                {line.name}
              </th>
              <td className="py-0.5 text-right font-medium tabular-nums" data-testid="metrics-latest-value">
                {line.latest?.text ?? props.noValue}
              </td>
              <td className="py-0.5 pl-3 text-right text-zinc-500 tabular-nums">{line.latest?.at ?? props.noValue}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
