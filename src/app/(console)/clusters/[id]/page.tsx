import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClusterDetail } from "@/components/clusters/cluster-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusters");
  return { title: t("title") };
}

export default async function ClusterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ClusterDetail clusterId={id} />;
}
