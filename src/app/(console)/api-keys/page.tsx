import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeader } from "@/components/shell/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("apiKeys");
  return { title: t("title") };
}

export default async function ApiKeysPage() {
  const t = await getTranslations("apiKeys");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ApiKeysPanel />
    </>
  );
}
