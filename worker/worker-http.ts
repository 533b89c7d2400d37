import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Logger } from "@/server/observability/logger";
import { checkReadiness, type ReadinessProbe } from "@/server/services/health/check-readiness";

export interface WorkerHttpOptions {
  /** KUBEBYON_WORKER_HTTP_ADDR; host undefined: every address. */
  listen: { host: string | undefined; port: number };
  /** What /readyz checks, by name (the same checkReadiness as the web's /readyz). */
  probes: Record<string, ReadinessProbe>;
  /** Served on /metrics. */
  registry: Registry;
  log: Logger;
}

export interface WorkerHttp {
  /** Where it listens (port 0 in `listen` means the kernel picked one). */
  address: AddressInfo;
  close(): Promise<void>;
}

/**
 * The worker's small HTTP listener for the kubelet and Prometheus: `/healthz` (the process answers),
 * `/readyz` (200 when every probe passes, else 503 with the failing check) and `/metrics`. Plain
 * node:http: the worker has no web framework, and these three paths need none.
 */
export async function startWorkerHttp(options: WorkerHttpOptions): Promise<WorkerHttp> {
  const { probes, registry, log } = options;
  const server = http.createServer((req, res) => {
    void answer(req, res).catch((error: unknown) => {
      log.error("worker HTTP request failed", { path: req.url, error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) send(res, 500, "application/json", JSON.stringify({ status: "error" }));
      else res.destroy();
    });
  });
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "application/json", JSON.stringify({ error: "only GET" }), { Allow: "GET, HEAD" });
    if (path === "/healthz") return send(res, 200, "application/json", JSON.stringify({ status: "ok" }));
    if (path === "/readyz") {
      const report = await checkReadiness(probes);
      return send(res, report.status === "ok" ? 200 : 503, "application/json", JSON.stringify(report));
    }
    if (path === "/metrics") return send(res, 200, registry.contentType, await registry.metrics());
    return send(res, 404, "application/json", JSON.stringify({ error: "not found: the worker serves /healthz, /readyz and /metrics" }));
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  log.info("worker HTTP listening", { address: address.address, port: address.port, paths: ["/healthz", "/readyz", "/metrics"] });
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections (a Prometheus scraper's) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": contentType, "Cache-Control": "no-store", ...headers });
  res.end(res.req.method === "HEAD" ? undefined : body);
}
