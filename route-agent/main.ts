import { parseRouteAgentConfig } from "@/server/config/route-agent-env";
import { createLogger, type LogLevel } from "@/server/observability/logger";
import { runRouteAgent, type RunningRouteAgent } from "./run-route-agent";

// Entry point of the route agent (`npm run route-agent`; the kubebyon-route-agent DaemonSet, one per host node):
// converges this node's PodCIDR routes to its workloadpodcidrnoderouteplans plan (docs/workload-edge-podcidr-routes.md).

const log = createLogger({
  level: (process.env.KUBEBYON_LOG_LEVEL as LogLevel | undefined) ?? "info",
  base: { service: "kubebyon-route-agent" },
});

let agent: RunningRouteAgent | undefined;
let stopping = false;

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    log.warn("second signal; exiting without waiting for the route pass", { signal });
    process.exit(1);
  }
  stopping = true;
  log.info("shutting down", { signal });
  // The routes stay in place: traffic keeps flowing while the agent is replaced (a rolling update).
  (agent ? agent.stop() : Promise.resolve()).then(
    () => {
      log.info("route agent stopped");
      process.exit(0);
    },
    (error: unknown) => {
      log.error("route agent did not stop cleanly", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
}

process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

try {
  const config = parseRouteAgentConfig(process.env);
  agent = runRouteAgent(config, log.child({ node: config.nodeName }));
} catch (error) {
  log.error("route agent failed to start", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
