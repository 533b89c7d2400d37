"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { loadedItems } from "@/components/ui/load-more";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterOperationItem } from "./cluster-types";

// Operations carry their whole step timelines, so the cluster page reads them 20 at a time (newest first); the
// timeline and the managed ingress card share this one query, so both see the same operations.
const OPERATIONS_PAGE_SIZE = 20;

/** A cluster's operations, newest first, loaded page by page; `pollEvery` decides from the loaded ones. */
export function useClusterOperations(clusterId: string, pollEvery: (loaded: ClusterOperationItem[]) => number | false) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.clusters.listOperations.infiniteQueryOptions({ cluster_id: clusterId, limit: OPERATIONS_PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
    refetchInterval: (query) => pollEvery(loadedItems(query.state)),
  });
}
