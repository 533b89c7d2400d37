import { parseSettings, settingNamesReadBy, settingsSchema } from "./env";

/**
 * The settings of the route agent (route-agent/main.ts, the kubebyon-route-agent DaemonSet): the
 * registry entries (settings.ts) whose readers include "route-agent" — its own two, and the
 * protocol, kubeconfig and log level it shares with the platform, parsed the same way.
 */
const routeAgentEnvSchema = settingsSchema(settingNamesReadBy("route-agent"));

export interface RouteAgentConfig {
  /** The plan this agent converges is the one named after its node. */
  nodeName: string;
  /** The marker of the routes it owns (`proto <N>`); the same number the platform's local mode uses. */
  protocol: number;
  /** Converges again this often even without a change of the plan: routes drift (a link flaps, someone deletes one). */
  resyncSeconds: number;
  /** Unset: the pod's service account (in-cluster), as loadHostKubeConfig does. */
  kubeconfigPath: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error";
}

/** Parses the agent's environment; throws ConfigError whose message is one line naming the variable. */
export function parseRouteAgentConfig(env: Record<string, string | undefined>): RouteAgentConfig {
  const e = parseSettings(routeAgentEnvSchema, env);
  return {
    nodeName: e.KUBEBYON_ROUTE_AGENT_NODE_NAME,
    protocol: e.KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO,
    resyncSeconds: e.KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS,
    kubeconfigPath: e.KUBEBYON_KUBECONFIG_PATH,
    logLevel: e.KUBEBYON_LOG_LEVEL,
  };
}
