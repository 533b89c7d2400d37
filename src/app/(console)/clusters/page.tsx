import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClustersPanel } from "@/components/clusters/clusters-panel";
import { PageHeader } from "@/components/shell/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusters");
  return { title: t("title") };
}

export default async function ClustersPage() {
  const t = await getTranslations("clusters");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ClustersPanel />
    </>
  );
}
