import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProfilePanel } from "@/components/profile/profile-panel";
import { PageHeader } from "@/components/shell/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("title") };
}

export default async function ProfilePage() {
  const t = await getTranslations("profile");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ProfilePanel />
    </>
  );
}
