import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivityView, activityFilters } from "@/components/backoffice/activity-view";
import type { SearchParams } from "@/components/backoffice/search-params";
import { PageHeader } from "@/components/shell/page-header";
import { getServerCaller } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("activity");
  return { title: t("myTitle") };
}

export default async function MyActivityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const filters = activityFilters(await searchParams, false);
  const [t, caller] = await Promise.all([getTranslations("activity"), getServerCaller()]);
  const page = await caller.activity.listMine(filters.query);
  return (
    <>
      <PageHeader title={t("myTitle")} description={t("myDescription")} />
      <ActivityView path="/activity" page={page} filters={filters} withActor={false} />
    </>
  );
}
