import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterConnectionEventViewSchema } from "@/server/services/cluster-health/list-connection-events";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";
import { clusterIdParam } from "./cluster-id-param";

export const listConnectionEventsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/connection-events",
    protect: true,
    tags: ["clusters"],
    summary: "A cluster's connection history (connected ↔ unreachable, as the control-plane health probe saw it), newest first; page with limit and next_cursor",
  },
} satisfies OpenApiMeta;

export const listConnectionEventsInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });

export const listConnectionEventsOutput = pageSchema(clusterConnectionEventViewSchema);
