import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivityView, activityFilters } from "@/components/backoffice/activity-view";
import type { SearchParams } from "@/components/backoffice/search-params";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller } from "@/app/_server/server-caller";
import { loadCursorPage } from "@/app/_server/cursor-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("activity");
  return { title: t("myTitle") };
}

export default async function MyActivityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const filters = activityFilters(await searchParams, false);
  const [t, caller] = await Promise.all([getTranslations("activity"), getServerCaller()]);
  const { page, cursorError } = await loadCursorPage(filters.query.cursor, (cursor) => caller.activity.listMine({ ...filters.query, cursor }));
  return (
    <>
      <PageHeader title={t("myTitle")} description={t("myDescription")} />
      <ActivityView path="/activity" page={page} filters={filters} withActor={false} cursorError={cursorError} />
    </>
  );
}
