import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { SystemSettingsForm } from "@/components/backoffice/system-settings-form";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("systemSettings");
  return { title: t("title") };
}

export default async function SystemSettingsPage() {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const [t, format, caller] = await Promise.all([getTranslations("systemSettings"), getFormatter(), getServerCaller()]);
  const settings = await caller.settings.get();
  const saved =
    settings.updated_at && settings.updated_by
      ? t("lastSaved", { time: format.dateTime(new Date(settings.updated_at), { dateStyle: "medium", timeStyle: "short" }), email: settings.updated_by.email })
      : t("neverSaved");
  return (
    <>
      <PageHeader title={t("title")} description={`${t("description")} ${saved}`} />
      {/* Keyed by the save time so a saved form re-mounts with the server's normalised values. */}
      <SystemSettingsForm key={settings.updated_at ?? "defaults"} initial={settings} />
    </>
  );
}
