import { z } from "zod";
import { byteQuantity, cpuQuantity, cpuQuantitySchema, memoryQuantitySchema } from "@/server/domain/billing/quantities";
import { strictBoolean } from "@/server/api/strict-boolean";
import { MAX_KUBECONFIG_TTL_SECONDS, MIN_KUBECONFIG_TTL_SECONDS } from "@/server/domain/kubeconfigs/kubeconfig-ttl";

/** Path parameter of every /admin/plans/{id} route. */
export const planIdParam = z.string().min(1);

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number.` })
    .int({ error: `${field} must be a whole number.` })
    .min(0, { error: `${field} cannot be negative.` })
    .max(max, { error: `${field} must be at most ${max}.` });

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** Editable fields of a plan. No defaults here: PATCH must not reset absent fields (the create use case fills them). */
export const planFieldsInput = z.object({
  name: z.string().trim().min(1, "name is required: give the plan a name.").max(100, "Use at most 100 characters for the name."),
  description: z.string().trim().max(1000, "Use at most 1000 characters for the description.").nullable().optional(),
  price_cents: count("price_cents", 100_000_000).optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "currency must be a three-letter ISO 4217 code such as USD or CNY.")
    .transform((v) => v.toUpperCase())
    .optional(),
  cluster_quota: count("cluster_quota", 1000),
  node_quota: count("node_quota", 10_000),
  // "" clears a quantity, like null.
  cpu_quota: z.preprocess(emptyToNull, cpuQuantitySchema.nullable()).optional(),
  memory_quota: z.preprocess(emptyToNull, memoryQuantitySchema.nullable()).optional(),
  // The control plane of each cluster on the plan; absent on create: the vcluster chart's defaults.
  control_plane_cpu_request: cpuQuantity("control_plane_cpu_request").optional(),
  // "" or null: no CPU limit (the chart's default).
  control_plane_cpu_limit: z.preprocess(emptyToNull, cpuQuantity("control_plane_cpu_limit").nullable()).optional(),
  control_plane_memory_request: byteQuantity("control_plane_memory_request", "memory").optional(),
  control_plane_memory_limit: z.preprocess(emptyToNull, byteQuantity("control_plane_memory_limit", "memory").nullable()).optional(),
  control_plane_ephemeral_storage_request: byteQuantity("control_plane_ephemeral_storage_request", "storage").optional(),
  control_plane_ephemeral_storage_limit: z.preprocess(emptyToNull, byteQuantity("control_plane_ephemeral_storage_limit", "storage").nullable()).optional(),
  control_plane_data_volume_size: byteQuantity("control_plane_data_volume_size", "storage").optional(),
  // "" or null: the values file's storageClass, else the host's default StorageClass.
  control_plane_storage_class: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/, "control_plane_storage_class must be a StorageClass name (lowercase letters, digits, '-' and '.', e.g. longhorn), or empty for the host's default.")
      .nullable(),
  ).optional(),
  // Policy the admission webhook enforces in each cluster of the plan's users (docs/admission-webhook.md); null or "": no limit.
  admission_max_pods: count("admission_max_pods", 1_000_000).nullable().optional(),
  admission_pod_cpu_requests: z.preprocess(emptyToNull, cpuQuantity("admission_pod_cpu_requests").nullable()).optional(),
  admission_pod_memory_requests: z.preprocess(emptyToNull, byteQuantity("admission_pod_memory_requests", "memory").nullable()).optional(),
  admission_deny_host_namespaces: strictBoolean("admission_deny_host_namespaces must be true or false.").optional(),
  admission_deny_privileged: strictBoolean("admission_deny_privileged must be true or false.").optional(),
  admission_deny_host_path: strictBoolean("admission_deny_host_path must be true or false.").optional(),
  // The longest per-user kubeconfig on the plan's clusters (docs/cluster-access.md); null: only the platform's range.
  kubeconfig_max_ttl_seconds: z
    .number({ error: "kubeconfig_max_ttl_seconds must be a whole number of seconds." })
    .int({ error: "kubeconfig_max_ttl_seconds must be a whole number of seconds." })
    .min(MIN_KUBECONFIG_TTL_SECONDS, { error: `kubeconfig_max_ttl_seconds must be at least ${MIN_KUBECONFIG_TTL_SECONDS} (10 minutes, the shortest token Kubernetes issues), or null for no bound.` })
    .max(MAX_KUBECONFIG_TTL_SECONDS, { error: `kubeconfig_max_ttl_seconds must be at most ${MAX_KUBECONFIG_TTL_SECONDS} (7 days), or null for no bound.` })
    .nullable()
    .optional(),
  active: strictBoolean("active must be true or false.").optional(),
  is_default: strictBoolean("is_default must be true or false.").optional(),
  sort: z.number().int().min(-1000, "sort must be between -1000 and 1000.").max(1000, "sort must be between -1000 and 1000.").optional(),
});

export type PlanFieldsInput = z.infer<typeof planFieldsInput>;
