import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeliveriesTable } from "@/components/notifications/deliveries-table";
import { DeliverySettingsForm } from "@/components/notifications/delivery-settings-form";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notificationsAdmin");
  return { title: t("title") };
}

export default async function AdminNotificationsPage() {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const [t, caller] = await Promise.all([getTranslations("notificationsAdmin"), getServerCaller()]);
  const settings = await caller.notifications.getDeliverySettings();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <DeliverySettingsForm key={JSON.stringify(settings)} initial={settings} />
        <DeliveriesTable scope="all" />
      </div>
    </>
  );
}
