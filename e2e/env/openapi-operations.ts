import { openApiDocument } from "@/server/api/openapi";

/**
 * The REST operations of our OpenAPI document, for matrix tests that must
 * cover every operation of a kind (a new route cannot be forgotten). Keys are
 * "METHOD /path" as the document spells them, e.g. "DELETE /api-keys/{id}".
 */
export interface RestOperation {
  key: string;
  method: string;
  path: string;
  /** Names of the path and query parameters. */
  parameters: string[];
  /** Top-level property names of the JSON request body, if any. */
  bodyProperties: string[];
}

interface DocumentOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export function restOperations(): RestOperation[] {
  const doc = openApiDocument("http://127.0.0.1/api/console") as { paths?: Record<string, Record<string, DocumentOperation>> };
  const found: RestOperation[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const bodyProperties = Object.values(operation.requestBody?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}));
      const upper = method.toUpperCase();
      found.push({ key: `${upper} ${path}`, method: upper, path, parameters: (operation.parameters ?? []).map((p) => p.name), bodyProperties });
    }
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** True for the back office (/admin/...), whose access is checked by the authorization matrix (403). */
export const isAdminOperation = (op: RestOperation): boolean => op.path.startsWith("/admin/");

/** True when the operation names a cluster (path, query or body `cluster_id`); the cluster access matrix covers these. */
export const isClusterScoped = (op: RestOperation): boolean =>
  op.path.includes("{cluster_id}") || op.parameters.includes("cluster_id") || op.bodyProperties.includes("cluster_id");

/** The `{placeholders}` of the operation's path. */
export const pathPlaceholders = (op: RestOperation): string[] => [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
