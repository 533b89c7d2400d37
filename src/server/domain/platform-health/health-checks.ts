import { z } from "zod";

/** The back office's platform health checks, in the order the page shows them. */
export const healthCheckNames = ["host_apiserver", "host_permissions", "helm", "vcluster_chart", "platform_api_key_secret", "public_access", "rabbitmq", "smtp", "background_work"] as const;
export const healthCheckNameSchema = z.enum(healthCheckNames);
export type HealthCheckName = z.infer<typeof healthCheckNameSchema>;

/** `skipped`: not configured, so nothing to check (RabbitMQ in single-node mode, SMTP unset). */
export const healthStatuses = ["ok", "warning", "error", "skipped"] as const;
export const healthStatusSchema = z.enum(healthStatuses);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** The worst of the statuses (skipped counts as ok). */
export function overallStatus(statuses: readonly HealthStatus[]): "ok" | "warning" | "error" {
  if (statuses.includes("error")) return "error";
  return statuses.includes("warning") ? "warning" : "ok";
}
