import type { EdgeApplyResult } from "@/server/domain/control-plane-edge/edge-config-apply-error";

/**
 * Port: puts a rendered control-plane edge configuration into effect (provider `haproxy`:
 * src/server/infra/haproxy). An implementation validates the text with the proxy itself before it
 * replaces anything, replaces the file atomically and reloads without dropping established
 * connections; a refused or failed step leaves the running proxy serving the previous configuration
 * and throws EdgeConfigApplyError (domain/control-plane-edge, so the adapter can raise it).
 */
export interface EdgeConfigWriter {
  apply(config: string): Promise<EdgeApplyResult>;
}

export type { EdgeApplyResult };
