import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getServerCaller } from "@/app/_server/server-caller";
import { ClusterDetail } from "@/components/clusters/cluster-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusters");
  return { title: t("title") };
}

export default async function ClusterPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, caller] = await Promise.all([params, getServerCaller()]);
  // The edit form's hints and checks depend on the deployment's public access provider.
  const [host, me] = await Promise.all([caller.clusters.hostStatus(), caller.me.get()]);
  return <ClusterDetail clusterId={id} publicAccessProvider={host.public_access_provider} viewerId={me.id} />;
}
