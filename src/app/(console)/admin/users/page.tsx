import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { FilterForm, FilterSelect, FilterText } from "@/components/backoffice/filter-form";
import { oneOf, param, withParams, type SearchParams } from "@/components/backoffice/search-params";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-parts";
import { Table } from "@/components/ui/table";
import type { RouterInputs } from "@/lib/trpc/router-types";
import { loadCursorPage } from "@/app/_server/cursor-page";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminUsers");
  return { title: t("title") };
}

type UserFilters = RouterInputs["adminUsers"]["list"];
const ROLES = ["user", "admin"] as const satisfies readonly NonNullable<UserFilters["role"]>[];
const STATUSES = ["active", "disabled"] as const satisfies readonly NonNullable<UserFilters["status"]>[];
const PAGE_SIZE = 25;

/** Newest accounts first; the URL carries the filters and the cursor of the page shown, so a page can be linked and reloaded. */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const params = await searchParams;
  const filters = { query: param(params, "query"), role: oneOf(ROLES, param(params, "role")), status: oneOf(STATUSES, param(params, "status")) };
  const requested = param(params, "cursor");
  const [t, format, caller] = await Promise.all([getTranslations("adminUsers"), getFormatter(), getServerCaller()]);
  const { page: result, cursorError } = await loadCursorPage(requested, (cursor) => caller.adminUsers.list({ ...filters, cursor, limit: PAGE_SIZE }));
  const cursor = cursorError ? undefined : requested;
  const time = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("never"));

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardBody>
          <FilterForm applyLabel={t("apply")} testId="user-filters">
            <FilterText type="search" name="query" label={t("search")} defaultValue={filters.query} />
            <FilterSelect name="role" label={t("role")} defaultValue={filters.role} options={[{ value: "", label: t("any") }, ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))]} />
            <FilterSelect
              name="status"
              label={t("status")}
              defaultValue={filters.status}
              options={[{ value: "", label: t("any") }, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
            />
          </FilterForm>
          {cursorError ? (
            <div className="mt-3">
              <FormAlert>{cursorError}</FormAlert>
            </div>
          ) : null}
        </CardBody>
        <Table
          caption={t("caption")}
          rows={result.items}
          rowKey={(u) => u.id}
          empty={t("empty")}
          columns={[
            {
              key: "user",
              header: t("colUser"),
              cell: (u) => (
                <Link href={`/admin/users/${u.id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                  {u.email}
                  <span className="block text-xs font-normal text-zinc-500">{u.name}</span>
                </Link>
              ),
            },
            { key: "role", header: t("colRole"), cell: (u) => t(`roles.${u.role}`) },
            { key: "status", header: t("colStatus"), cell: (u) => <Badge tone={u.status === "active" ? "success" : "danger"}>{t(`statuses.${u.status}`)}</Badge> },
            { key: "clusters", header: t("colClusters"), cell: (u) => u.cluster_count },
            { key: "login", header: t("colLastLogin"), cell: (u) => time(u.last_login_at) },
            { key: "created", header: t("colCreated"), cell: (u) => time(u.created_at) },
          ]}
        />
        <CardBody className="flex items-center justify-between gap-3 text-sm">
          <span data-testid="users-shown">{t("shown", { count: result.items.length })}</span>
          <span className="flex gap-2">
            {cursor ? (
              <Link className={buttonClasses("secondary", "sm")} href={withParams("/admin/users", filters)}>
                {t("first")}
              </Link>
            ) : null}
            {result.next_cursor ? (
              <Link className={buttonClasses("secondary", "sm")} href={withParams("/admin/users", { ...filters, cursor: result.next_cursor })}>
                {t("next")}
              </Link>
            ) : null}
          </span>
        </CardBody>
      </Card>
    </>
  );
}
