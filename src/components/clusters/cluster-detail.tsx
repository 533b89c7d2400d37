"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { CLUSTER_STATUS_TONE } from "./cluster-status";
import type { ClusterItem } from "./cluster-types";
import { ClusterKubeconfigsCard } from "./cluster-kubeconfigs-card";
import { ConnectionHistory } from "./connection-history";
import { ConnectionInfo } from "./connection-info";
import { DeleteClusterDialog } from "./delete-cluster-dialog";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { EditClusterDialog } from "./edit-cluster-dialog";
import { ForceDeleteClusterDialog } from "./force-delete-cluster-dialog";
import { HostnameBindingsSection } from "./hostname-bindings-section";
import { JoinSection } from "./join-section";
import { AdmissionWebhookCard } from "./admission-webhook-card";
import { ClusterMetricsSection } from "./metrics/cluster-metrics-section";
import { ManagedIngressCard } from "./managed-ingress-card";
import { WorkloadEdgeCard } from "./workload-edge-card";
import { NodesSection } from "./nodes-section";
import { OperationTimeline } from "./operation-timeline";
import { SectionError } from "./section-error";

const POLL_MS = 2_000;
/** A settled live cluster still changes in the background (DNS automation passes): read it again now and then, like the bindings list. */
const SETTLED_POLL_MS = 10_000;
const SETTLED = new Set(["ready", "error", "deleted"]);

/** A cluster in transition, or a managed ingress reconcile in flight, changes on its own. */
const settled = (c: ClusterItem) => SETTLED.has(c.status) && c.managed_workload_ingress_status !== "provisioning";

/**
 * `publicAccessProvider`: the deployment's, for the edit form's loadbalancer hint and host check. `viewerId`: the
 * signed-in user, to offer the owner's kubeconfig choices and the cluster's credential list to the owner only.
 */
export function ClusterDetail({
  clusterId,
  publicAccessProvider,
  viewerIsAdmin,
  viewerId,
}: {
  clusterId: string;
  publicAccessProvider: PublicAccessProvider;
  viewerIsAdmin: boolean;
  viewerId: string;
}) {
  const t = useTranslations("clusters.detail");
  const tc = useTranslations("common");
  const tStatus = useTranslations("clusterStatus");
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [forceOpen, setForceOpen] = useState(false);
  // Fast until the cluster and its managed ingress settle, then slowly while it lives.
  const cluster = useQuery({
    ...trpc.clusters.get.queryOptions({ cluster_id: clusterId }),
    refetchInterval: (query) => {
      const c = query.state.data;
      if (!c) return false;
      if (!settled(c)) return POLL_MS;
      return c.status === "deleted" ? false : SETTLED_POLL_MS;
    },
  });

  if (cluster.isPending) return <p className="text-sm text-zinc-500">{tc("loading")}</p>;
  if (cluster.isError) return <SectionError error={cluster.error} text={t("loadFailed", { message: errorMessage(cluster.error, tc("unknownError")) })} />;
  const c = cluster.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <Link href="/clusters" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            ← {t("back")}
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{c.name}</h1>
            <Badge tone={CLUSTER_STATUS_TONE[c.status]} data-testid="cluster-status" data-status={c.status}>
              {tStatus(c.status)}
            </Badge>
          </div>
          <p className="font-mono text-xs text-zinc-500">
            {c.id} · {c.namespace}/{c.vcluster_name}
          </p>
        </div>
        {c.status !== "deleting" && c.status !== "deleted" ? (
          <div className="flex flex-wrap gap-2">
            {/* Offered in every live state: while provisioning the server answers why it must wait. */}
            <Button variant="secondary" disabled={!hydrated} onClick={() => setEditOpen(true)}>
              {t("edit")}
            </Button>
            <Button variant="danger" disabled={!hydrated} onClick={() => setDeleteOpen(true)}>
              {t("delete")}
            </Button>
          </div>
        ) : null}
        {/* A deletion stuck on finalizers: deleting (retrying) or error after the last attempt. */}
        {viewerIsAdmin && (c.status === "deleting" || c.status === "error") ? (
          <Button variant="danger" disabled={!hydrated} onClick={() => setForceOpen(true)} data-testid="force-delete-cluster">
            {t("forceDelete.open")}
          </Button>
        ) : null}
      </div>
      <ConnectionInfo cluster={c} isOwner={c.owner_id === viewerId} />
      {c.owner_id === viewerId && c.status !== "deleted" ? <ClusterKubeconfigsCard clusterId={clusterId} /> : null}
      <ConnectionHistory cluster={c} />
      <OperationTimeline clusterId={clusterId} />
      <JoinSection clusterId={clusterId} />
      <NodesSection cluster={c} />
      {c.status !== "deleted" ? <ClusterMetricsSection clusterId={clusterId} /> : null}
      <ManagedIngressCard cluster={c} />
      <WorkloadEdgeCard cluster={c} />
      <AdmissionWebhookCard cluster={c} />
      <HostnameBindingsSection cluster={c} />
      <DeleteClusterDialog cluster={c} open={deleteOpen} onClose={() => setDeleteOpen(false)} />
      {forceOpen ? <ForceDeleteClusterDialog cluster={c} onClose={() => setForceOpen(false)} /> : null}
      {editOpen ? <EditClusterDialog cluster={c} onClose={() => setEditOpen(false)} provider={publicAccessProvider} /> : null}
    </div>
  );
}
