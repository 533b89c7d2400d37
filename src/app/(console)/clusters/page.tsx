import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getServerCaller } from "@/app/_server/server-caller";
import { ClustersPanel } from "@/components/clusters/clusters-panel";
import { PageHeader } from "@/components/shell/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusters");
  return { title: t("title") };
}

export default async function ClustersPage() {
  const [t, caller] = await Promise.all([getTranslations("clusters"), getServerCaller()]);
  // Known to the server only: whether a host cluster is configured (a create is refused with 503 otherwise), and the public access provider.
  const host = await caller.clusters.hostStatus();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ClustersPanel hostClusterFix={host.fix} publicAccessProvider={host.public_access_provider} />
    </>
  );
}
