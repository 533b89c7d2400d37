import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActivityView, activityFilters } from "@/components/backoffice/activity-view";
import type { SearchParams } from "@/components/backoffice/search-params";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";
import { loadCursorPage } from "@/app/_server/cursor-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("activity");
  return { title: t("adminTitle") };
}

export default async function AdminActivityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const filters = activityFilters(await searchParams, true);
  const [t, caller] = await Promise.all([getTranslations("activity"), getServerCaller()]);
  const { page, cursorError } = await loadCursorPage(filters.query.cursor, (cursor) => caller.activity.listAll({ ...filters.query, actor: filters.url.actor, cursor }));
  return (
    <>
      <PageHeader title={t("adminTitle")} description={t("adminDescription")} />
      <ActivityView path="/admin/activity" page={page} filters={filters} withActor cursorError={cursorError} />
    </>
  );
}
