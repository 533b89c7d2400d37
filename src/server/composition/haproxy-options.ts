import type { Config } from "@/server/config/env";
import { DEFAULT_HAPROXY_OPTIONS, type HaproxyConfigOptions } from "@/server/domain/control-plane-edge/haproxy-config";

/** The edge options from the deployment's settings: bind address, stats socket; the rest are the renderer's defaults. */
export function haproxyOptionsFor(edge: Config["controlPlaneEdge"]): HaproxyConfigOptions {
  return { ...DEFAULT_HAPROXY_OPTIONS, bind: edge.bind, ...(edge.statsSocketPath ? { statsSocketPath: edge.statsSocketPath } : {}) };
}
