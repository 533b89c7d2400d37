import { z } from "zod";
import { processViewSchema } from "@/server/services/background/process-view";
import { publicAccessProviderSchema } from "@/server/domain/clusters/public-access-provider";
import { healthCheckNameSchema, healthStatusSchema, type HealthCheckName, type HealthStatus } from "@/server/domain/platform-health/health-checks";

export const healthCheckViewSchema = z.object({
  name: healthCheckNameSchema,
  status: healthStatusSchema,
  /** What was found, in one sentence. */
  detail: z.string(),
  /** What to do about it; null when nothing needs doing. */
  next_step: z.string().nullable(),
  /** host_permissions: "resource: verb, verb" per gap; empty otherwise. */
  missing: z.array(z.string()),
  duration_ms: z.number().int(),
});
export type HealthCheckView = z.infer<typeof healthCheckViewSchema>;

export const platformHealthViewSchema = z.object({
  status: z.enum(["ok", "warning", "error"]),
  checked_at: z.string(),
  /** The deployment's KUBEBYON_PUBLIC_ACCESS_PROVIDER; the public_access check (when the provider has one) says what it needs. */
  public_access_provider: publicAccessProviderSchema,
  public_access_provider_description: z.string(),
  checks: z.array(healthCheckViewSchema),
  /** Every process that runs background work and its tasks, from their heartbeats (the background_work check judges them). */
  processes: z.array(processViewSchema),
});
export type PlatformHealthView = z.infer<typeof platformHealthViewSchema>;

/** One check's outcome as the check itself reports it (the runner adds name and timing). */
export interface CheckOutcome {
  status: HealthStatus;
  detail: string;
  nextStep?: string | null;
  missing?: string[];
}

export function toHealthCheckView(name: HealthCheckName, outcome: CheckOutcome, durationMs: number): HealthCheckView {
  return { name, status: outcome.status, detail: outcome.detail, next_step: outcome.nextStep ?? null, missing: outcome.missing ?? [], duration_ms: Math.round(durationMs) };
}
