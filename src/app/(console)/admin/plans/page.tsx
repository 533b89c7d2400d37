import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlansAdminPanel } from "@/components/billing/plans-admin-panel";
import { PageHeader } from "@/components/shell/page-header";
import { getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billingPlans");
  return { title: t("title") };
}

export default async function AdminPlansPage() {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const t = await getTranslations("billingPlans");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <PlansAdminPanel />
    </>
  );
}
