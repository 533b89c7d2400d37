"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { NodeActions } from "./node-actions";
import { NODE_STATUS_TONE } from "./node-display";
import { NodeEventTimeline } from "./node-event-timeline";
import { NodeFacts } from "./node-facts";
import { NodeHealthCard } from "./node-health-card";
import { httpStatusOf, SectionError } from "./section-error";
import { useNodeDialogs } from "./use-node-dialogs";

const POLL_MS = 5_000;

/**
 * One node: its live facts (read on their own, as the node may be on any page of the cluster's list),
 * its time in each state and open alerts, and its event history. A node that is gone keeps its history on this page.
 */
export function NodeDetail({ clusterId, nodeName }: { clusterId: string; nodeName: string }) {
  const t = useTranslations("clusters.nodeDetail");
  const tn = useTranslations("clusters.detail.nodes");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  // Polling goes on after a 404, so a node that registers again shows up without a reload.
  const live = useQuery({ ...trpc.nodes.get.queryOptions({ cluster_id: clusterId, node_name: nodeName }), refetchInterval: POLL_MS });
  const { openDrain, openDelete, dialogs } = useNodeDialogs(clusterId, () => router.push(`/clusters/${clusterId}`));
  const gone = live.isError && httpStatusOf(live.error) === 404;
  const node = gone ? undefined : live.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <Link href={`/clusters/${clusterId}`} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            ← {t("back")}
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{nodeName}</h1>
            {node ? (
              <Badge tone={NODE_STATUS_TONE[node.status]} data-testid="node-status" data-status={node.status}>
                {tn(`status.${node.status}`)}
              </Badge>
            ) : null}
          </div>
        </div>
        {node ? <NodeActions clusterId={clusterId} node={node} onDrain={() => openDrain(node.name)} onDelete={() => openDelete(node.name)} /> : null}
      </div>
      {live.isPending ? (
        <p className="text-sm text-zinc-500">{tc("loading")}</p>
      ) : live.isError && !gone ? (
        <SectionError error={live.error} text={t("loadFailed", { message: errorMessage(live.error, tc("unknownError")) })} />
      ) : node ? (
        <NodeFacts node={node} />
      ) : (
        <p role="status" data-testid="node-not-found" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("notFound", { name: nodeName })}
        </p>
      )}
      <NodeHealthCard clusterId={clusterId} nodeName={nodeName} />
      <NodeEventTimeline clusterId={clusterId} nodeName={nodeName} />
      {dialogs}
    </div>
  );
}
