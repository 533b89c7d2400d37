import { parser } from "@prometheus-io/lezer-promql";

export interface ParsedPromQL {
  /** Where Prometheus' grammar found an error, with the text around it; empty when the expression parses. */
  errors: string[];
  /** The metric names the expression selects (every vector selector's name). */
  metricNames: string[];
}

/**
 * Parses a PromQL expression with Prometheus' own grammar (@prometheus-io/lezer-promql, the parser of
 * Prometheus' web UI), so a chart's alert rules and dashboards are checked without a Prometheus server.
 */
export function parsePromQL(expr: string): ParsedPromQL {
  const errors: string[] = [];
  const metricNames = new Set<string>();
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(`at ${node.from}: …${expr.slice(Math.max(0, node.from - 20), node.from + 20)}…`);
      if (node.name === "Identifier" && node.node.parent?.name === "VectorSelector") metricNames.add(expr.slice(node.from, node.to));
    },
  });
  return { errors, metricNames: [...metricNames] };
}

/** The names a Prometheus scrape shows for a prom-client metric (a histogram's _bucket, _sum and _count series). */
export function exposedNames(metric: { name: string; type: string }): string[] {
  if (metric.type === "histogram") return [metric.name, `${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`];
  if (metric.type === "summary") return [metric.name, `${metric.name}_sum`, `${metric.name}_count`];
  return [metric.name];
}
