import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";
import { ClusterDetail } from "@/components/clusters/cluster-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusters");
  return { title: t("title") };
}

export default async function ClusterPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, caller] = await Promise.all([params, getServerCaller()]);
  // The edit form's hints and checks depend on the deployment's public access provider.
  const [host, viewer] = await Promise.all([caller.clusters.hostStatus(), getViewer()]);
  // The admin-only force delete is offered to admins alone (the server refuses everyone else anyway); the owner
  // alone gets the kubeconfig access choice and the cluster's credential list.
  return <ClusterDetail clusterId={id} publicAccessProvider={host.public_access_provider} viewerIsAdmin={viewer?.role === "admin"} viewerId={viewer?.id ?? ""} />;
}
