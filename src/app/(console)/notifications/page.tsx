import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeliveriesTable } from "@/components/notifications/deliveries-table";
import { PreferencesForm } from "@/components/notifications/preferences-form";
import { WebhookForm } from "@/components/notifications/webhook-form";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title") };
}

export default async function NotificationsPage() {
  const [t, caller] = await Promise.all([getTranslations("notifications"), getServerCaller()]);
  const view = await caller.notifications.getPreferences();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        {/* Keyed by the endpoint's update time so a save re-mounts the forms with the server's values. */}
        <PreferencesForm key={`p-${view.webhook?.updated_at ?? "none"}`} initial={view} />
        <WebhookForm key={`w-${view.webhook?.updated_at ?? "none"}`} webhook={view.webhook} />
        <DeliveriesTable scope="mine" />
      </div>
    </>
  );
}
