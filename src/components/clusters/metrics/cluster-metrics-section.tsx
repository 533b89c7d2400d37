"use client";

import { useEffect, useState } from "react";
import { ClusterMetricsCard, type ClusterMetricsState } from "./cluster-metrics-card";
import { DEFAULT_METRICS_RANGE, rangeWindow, type MetricsRange } from "./metrics-range";
import { useClusterMetrics } from "./use-cluster-metrics";

/** The window slides forward this often, so an open page keeps showing the newest samples. */
const SLIDE_MS = 60_000;

/**
 * Container of the cluster page's metrics card: holds the range, asks the history API for the
 * window ending now (moved every minute; the window is whole minutes, so renders in between reuse
 * one query) and hands the answer to the presentational card.
 */
export function ClusterMetricsSection({ clusterId }: { clusterId: string }) {
  const [range, setRange] = useState<MetricsRange>(DEFAULT_METRICS_RANGE);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  const query = useClusterMetrics({ cluster_id: clusterId, ...rangeWindow(range, now) });

  const state: ClusterMetricsState = query.isError
    ? { kind: "error", error: query.error }
    : query.data === undefined
      ? { kind: "loading" }
      : { kind: "data", data: query.data, refreshing: query.isPlaceholderData };
  return (
    <ClusterMetricsCard
      range={range}
      onRangeChange={(next) => {
        setRange(next);
        setNow(new Date());
      }}
      state={state}
    />
  );
}
