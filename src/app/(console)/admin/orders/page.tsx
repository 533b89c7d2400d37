import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OrdersAdminPanel } from "@/components/billing/orders-admin-panel";
import { PageHeader } from "@/components/shell/page-header";
import { getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billingOrders");
  return { title: t("title") };
}

export default async function AdminOrdersPage() {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const t = await getTranslations("billingOrders");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <OrdersAdminPanel />
    </>
  );
}
