import { z } from "zod";

/** A Kubernetes node name (RFC 1123 subdomain), as used in /nodes/{node_name}… paths. */
export const nodeNameParam = z
  .string()
  .trim()
  .min(1, "Give a node name.")
  .max(253, "A node name has at most 253 characters.")
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, "A node name uses lowercase letters, digits, '-' and '.', e.g. worker-1.");

/** Every node route names its cluster the same way: `cluster_id` in the query (GET, DELETE) or the body (POST). */
export const nodeClusterId = z.string().trim().min(1, "Give cluster_id, e.g. cl_….").max(64);
