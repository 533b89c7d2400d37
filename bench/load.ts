import autocannon from "autocannon";

/** One target as a benchmark drives it: a GET, with an API key when it needs one. */
export interface LoadTarget {
  name: string;
  url: string;
  token?: string;
}

/** What one autocannon run gave: mean req/s, latency percentiles, mean bytes per response, failed requests. */
export interface LoadFigures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

/** Drives `target` with autocannon at `connections` for `seconds`; errors count timeouts and non-2xx answers too. */
export async function driveLoad(target: LoadTarget, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
