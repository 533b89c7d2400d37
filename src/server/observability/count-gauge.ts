import { Gauge, type Registry } from "prom-client";

/** One series of a count gauge: its labels and value. */
export interface CountSeries<L extends string> {
  labels: Record<L, string>;
  value: number;
}

export interface CountGaugeSpec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  /** Read at every scrape (e.g. one GROUP BY); the gauge shows exactly what it returns. */
  read: () => Promise<Array<CountSeries<L>>>;
  /** A failed read leaves the gauge empty for that scrape (the rest of /metrics still answers). */
  onError: (error: unknown) => void;
}

/**
 * A gauge whose series are counted from the database when the registry is scraped (queue depth,
 * clusters by connection status): every process that serves /metrics reports the same shared
 * figure, so alerts aggregate it with max(), never sum().
 */
export function registerCountGauge<L extends string>(registry: Registry, spec: CountGaugeSpec<L>): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames,
    registers: [registry],
    async collect() {
      let series: Array<CountSeries<L>>;
      try {
        series = await spec.read();
      } catch (error) {
        spec.onError(error);
        series = [];
      }
      this.reset();
      for (const s of series) this.set(s.labels, s.value);
    },
  });
}
