"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc/client";

/** After a node operation: the live list, the node's own read and the event timeline of the cluster are stale. */
export function useInvalidateNodes(clusterId: string): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.nodes.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.nodes.get.queryKey({ cluster_id: clusterId }) }),
      // A partial input matches every filter of this cluster's events (per node, per type).
      queryClient.invalidateQueries({ queryKey: trpc.nodes.events.queryKey({ cluster_id: clusterId }) }),
    ]);
  };
}
