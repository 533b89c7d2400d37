import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NodeDetail } from "@/components/clusters/node-detail";

type Params = { params: Promise<{ id: string; name: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { name } = await params;
  const t = await getTranslations("clusters.nodeDetail");
  return { title: t("title", { name: name }) };
}

export default async function NodePage({ params }: Params) {
  const { id, name } = await params;
  return <NodeDetail clusterId={id} nodeName={name} />;
}
