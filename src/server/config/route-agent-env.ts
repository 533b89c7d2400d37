import { z } from "zod";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import type { LogLevel } from "@/server/observability/logger";
import { ConfigError, envSchema } from "./env";

/**
 * The settings of the route agent (route-agent/main.ts, the kubebyon-route-agent DaemonSet); docs/configuration.md
 * lists them. The protocol, kubeconfig and log level are the platform's own variables, parsed the same way.
 */
const routeAgentEnvSchema = envSchema
  .pick({ KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: true, KUBEBYON_KUBECONFIG_PATH: true, KUBEBYON_LOG_LEVEL: true })
  .extend({
    KUBEBYON_ROUTE_AGENT_NODE_NAME: z
      .string({ message: "required: the host Node this agent runs on (the DaemonSet sets it from spec.nodeName)" })
      .trim()
      .min(1, "required: the host Node this agent runs on (the DaemonSet sets it from spec.nodeName)")
      .max(253)
      .refine((v) => v.split(".").every((label) => isDnsLabel(label)), "expected a Node name (lower-case letters, digits, '-' and '.')"),
    KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: z.coerce
      .number()
      .int()
      .min(5, "expected whole seconds, at least 5")
      .optional()
      .transform((v) => v ?? 30),
  });

export interface RouteAgentConfig {
  /** The plan this agent converges is the one named after its node. */
  nodeName: string;
  /** The marker of the routes it owns (`proto <N>`); the same number the platform's local mode uses. */
  protocol: number;
  /** Converges again this often even without a change of the plan: routes drift (a link flaps, someone deletes one). */
  resyncSeconds: number;
  /** Unset: the pod's service account (in-cluster), as loadHostKubeConfig does. */
  kubeconfigPath: string | undefined;
  logLevel: LogLevel;
}

/** Parses the agent's environment; throws ConfigError whose message is one line naming the variable. */
export function parseRouteAgentConfig(env: Record<string, string | undefined>): RouteAgentConfig {
  const result = routeAgentEnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    const got = typeof env[name] === "string" ? ` (got ${JSON.stringify(env[name])})` : "";
    throw new ConfigError(`invalid configuration: ${name}: ${issue?.message ?? "invalid value"}${got}`);
  }
  const e = result.data;
  return {
    nodeName: e.KUBEBYON_ROUTE_AGENT_NODE_NAME,
    protocol: e.KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO,
    resyncSeconds: e.KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS,
    kubeconfigPath: e.KUBEBYON_KUBECONFIG_PATH,
    logLevel: e.KUBEBYON_LOG_LEVEL,
  };
}
