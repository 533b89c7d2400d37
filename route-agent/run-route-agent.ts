import type { RouteAgentConfig } from "@/server/config/route-agent-env";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubeNodeRoutePlanAccess } from "@/server/infra/kube/node-route-plan-access";
import { IpRouteCli } from "@/server/infra/net/ip-route-cli";
import type { Logger } from "@/server/observability/logger";
import { convergeNodeRoutePlan, type NodeRoutePlanPass } from "@/server/services/pod-routes/converge-node-route-plan";

export interface RunningRouteAgent {
  /** Ends the watch and the resync timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What makes two passes "the same" for the log: the condition, and whether anything was changed. */
function signatureOf(pass: NodeRoutePlanPass): string {
  return JSON.stringify([pass.planFound, pass.generation, pass.condition?.reason ?? null, pass.condition?.message ?? null, pass.result.blocked.length, pass.result.failed.length]);
}

/**
 * The route agent of one host node: converges the node's routes to its plan (workloadpodcidrnoderouteplans/<node>)
 * on every change the watch reports and every `resyncSeconds` (routes drift: a link flaps, someone deletes one),
 * one pass at a time. A pass is logged when it changed a route or its outcome differs from the last one's.
 */
export function runRouteAgent(config: RouteAgentConfig, log: Logger): RunningRouteAgent {
  const plan = new KubeNodeRoutePlanAccess(loadHostKubeConfig({ kubeconfigPath: config.kubeconfigPath }), config.nodeName);
  const table = new IpRouteCli({ protocol: config.protocol });
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let lastSignature: string | undefined;
  let lastError: string | undefined;

  const record = (pass: NodeRoutePlanPass) => {
    lastError = undefined;
    const changed = pass.result.replaced.length > 0 || pass.result.deleted.length > 0;
    const signature = signatureOf(pass);
    if (!changed && signature === lastSignature) return;
    lastSignature = signature;
    const fields = {
      plan_found: pass.planFound,
      generation: pass.generation,
      replaced: pass.result.replaced.map((r) => `${r.destination} via ${r.gateway}`),
      deleted: pass.result.deleted,
      unchanged: pass.result.unchanged,
      reason: pass.condition?.reason ?? null,
      message: pass.condition?.message ?? null,
    };
    if (pass.result.blocked.length > 0 || pass.result.failed.length > 0) log.warn("routes not fully converged", fields);
    else log.info("routes converged", fields);
  };
  const fail = (err: unknown) => {
    const text = errorText(err);
    lastSignature = undefined;
    if (text === lastError) return;
    lastError = text;
    log.error("route pass failed; retried at the next change or resync", { error: text });
  };
  const requestPass = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await convergeNodeRoutePlan({ plan, table, now: () => new Date() }).then(record, fail);
      } while (again && !stopping.signal.aborted);
      running = null;
    })();
  };

  const watching = (async () => {
    let lastWatchError: string | undefined;
    for await (const event of plan.changes(stopping.signal)) {
      if (event.type === "error") {
        if (event.error.message !== lastWatchError) log.warn("route plan watch failed; reconnecting", { error: event.error.message });
        lastWatchError = event.error.message;
        continue;
      }
      lastWatchError = undefined;
      requestPass();
    }
  })();
  const resync = setInterval(requestPass, config.resyncSeconds * 1_000);
  requestPass();
  log.info("route agent started", { node: config.nodeName, protocol: config.protocol, resync_seconds: config.resyncSeconds });

  return {
    async stop() {
      stopping.abort();
      clearInterval(resync);
      await watching.catch((err: unknown) => log.error("route plan watch ended with an error", { error: errorText(err) }));
      await running;
    },
  };
}
