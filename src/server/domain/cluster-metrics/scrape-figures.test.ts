import { describe, expect, it } from "vitest";
import { parsePromText } from "./prometheus-text";
import { figuresBetween, snapshotOf, TOP_STORED_KINDS } from "./scrape-figures";

/** A small apiserver /metrics page: request counters by code and verb, latency buckets, inflight, stored objects. */
function page(o: { ok: number; notFound: number; failed: number; throttled: number; watch: number; fast: number; slow: number; inflight?: [number, number] }) {
  const [readOnly, mutating] = o.inflight ?? [2, 1];
  return `
# TYPE apiserver_request_total counter
apiserver_request_total{code="200",resource="pods",verb="LIST"} ${o.ok}
apiserver_request_total{code="404",resource="pods",verb="GET"} ${o.notFound}
apiserver_request_total{code="500",resource="pods",verb="GET"} ${o.failed}
apiserver_request_total{code="429",resource="pods",verb="GET"} ${o.throttled}
apiserver_request_total{code="200",resource="pods",verb="WATCH"} ${o.watch}
apiserver_request_duration_seconds_bucket{resource="pods",verb="LIST",le="0.01"} ${o.fast}
apiserver_request_duration_seconds_bucket{resource="pods",verb="LIST",le="0.1"} ${o.fast + o.slow}
apiserver_request_duration_seconds_bucket{resource="pods",verb="LIST",le="+Inf"} ${o.fast + o.slow}
apiserver_request_duration_seconds_bucket{resource="pods",verb="WATCH",le="0.01"} 0
apiserver_request_duration_seconds_bucket{resource="pods",verb="WATCH",le="0.1"} 0
apiserver_request_duration_seconds_bucket{resource="pods",verb="WATCH",le="+Inf"} ${o.watch}
apiserver_current_inflight_requests{request_kind="readOnly"} ${readOnly}
apiserver_current_inflight_requests{request_kind="mutating"} ${mutating}
apiserver_storage_objects{resource="pods"} 12
apiserver_storage_objects{resource="deployments.apps"} 3
apiserver_storage_objects{resource="broken"} -1
`;
}

const t0 = new Date("2026-12-04T10:00:00Z");
const t1 = new Date("2026-12-04T10:00:30Z");

describe("figuresBetween", () => {
  it("has gauges but no rates or latencies on a cluster's first scrape", () => {
    const figures = figuresBetween(undefined, snapshotOf(parsePromText(page({ ok: 10, notFound: 1, failed: 0, throttled: 0, watch: 1, fast: 5, slow: 5 }))), t0);
    expect(figures).toEqual({
      apiRequestRate: null,
      apiErrorRate: null,
      apiLatencyP50Ms: null,
      apiLatencyP99Ms: null,
      apiInflightRequests: 3,
      storedObjects: { pods: 12, "deployments.apps": 3 },
    });
  });

  it("computes request and error rates (5xx and 429, not 404) from counter deltas, and latencies without WATCH", () => {
    const before = snapshotOf(parsePromText(page({ ok: 100, notFound: 5, failed: 1, throttled: 0, watch: 2, fast: 90, slow: 10 })));
    const after = snapshotOf(parsePromText(page({ ok: 130, notFound: 20, failed: 4, throttled: 3, watch: 500, fast: 100, slow: 30 })));
    const figures = figuresBetween({ snapshot: before, at: t0 }, after, t1);
    // (30 + 15 + 3 + 3 + 498) / 30 s
    expect(figures.apiRequestRate).toBeCloseTo(549 / 30);
    expect(figures.apiErrorRate).toBeCloseTo(6 / 30);
    // LIST deltas: 10 in (0, 10 ms], 20 in (10, 100 ms]; WATCH's 498 long requests are ignored.
    expect(figures.apiLatencyP50Ms).toBeCloseTo(10 + 90 * (5 / 20));
    expect(figures.apiLatencyP99Ms).toBeCloseTo(10 + 90 * (19.7 / 20));
    expect(figures.apiLatencyP50Ms!).toBeLessThanOrEqual(figures.apiLatencyP99Ms!);
    expect(figures.apiLatencyP99Ms!).toBeLessThanOrEqual(100);
  });

  it("handles an apiserver restart (counters reset) without negative rates", () => {
    const before = snapshotOf(parsePromText(page({ ok: 10_000, notFound: 50, failed: 10, throttled: 0, watch: 20, fast: 9_000, slow: 1_000 })));
    const after = snapshotOf(parsePromText(page({ ok: 30, notFound: 0, failed: 0, throttled: 0, watch: 0, fast: 30, slow: 0 })));
    const figures = figuresBetween({ snapshot: before, at: t0 }, after, t1);
    expect(figures.apiRequestRate).toBeCloseTo(1);
    expect(figures.apiErrorRate).toBe(0);
    expect(figures.apiLatencyP50Ms).toBeGreaterThan(0);
    expect(figures.apiLatencyP99Ms).toBeLessThanOrEqual(10);
  });

  it("leaves latencies null when no request finished between the scrapes", () => {
    const same = snapshotOf(parsePromText(page({ ok: 1, notFound: 0, failed: 0, throttled: 0, watch: 0, fast: 1, slow: 0 })));
    const figures = figuresBetween({ snapshot: same, at: t0 }, same, t1);
    expect(figures.apiRequestRate).toBe(0);
    expect(figures.apiLatencyP50Ms).toBeNull();
    expect(figures.apiLatencyP99Ms).toBeNull();
  });
});

describe("snapshotOf: stored objects", () => {
  it("reads the newer apiserver_resource_objects{group,resource}, prefers it over the older name, skips empty kinds", () => {
    const snapshot = snapshotOf(
      parsePromText(`
apiserver_storage_objects{resource="pods"} 5
apiserver_resource_objects{group="",resource="pods"} 7
apiserver_resource_objects{group="apps",resource="deployments"} 2
apiserver_resource_objects{group="",resource="secrets"} 0
`),
    );
    expect(snapshot.storedObjects).toEqual({ pods: 7, "deployments.apps": 2 });
  });

  it(`keeps only the ${TOP_STORED_KINDS} largest kinds`, () => {
    const lines = Array.from({ length: TOP_STORED_KINDS + 5 }, (_, i) => `apiserver_storage_objects{resource="kind${i}"} ${i + 1}`).join("\n");
    const kinds = Object.keys(snapshotOf(parsePromText(lines)).storedObjects);
    expect(kinds).toHaveLength(TOP_STORED_KINDS);
    expect(kinds).toContain(`kind${TOP_STORED_KINDS + 4}`);
    expect(kinds).not.toContain("kind0");
  });

  it("has no inflight figure when the apiserver does not expose it", () => {
    expect(snapshotOf(parsePromText("apiserver_request_total 1")).inflightRequests).toBeNull();
  });
});
