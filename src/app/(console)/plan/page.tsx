import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { param, withParams, type SearchParams } from "@/components/backoffice/search-params";
import { OrderStatusBadge } from "@/components/billing/order-status-badge";
import { PlanUsageCard } from "@/components/billing/plan-usage-card";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-parts";
import { Table } from "@/components/ui/table";
import { loadCursorPage } from "@/app/_server/cursor-page";
import { getServerCaller } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billingPlan");
  return { title: t("title") };
}

/** The user's current plan, what each cluster uses of it, and their orders (newest first; the URL's `cursor` pages them). */
export default async function PlanPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const requested = param(await searchParams, "cursor");
  const [t, format, caller] = await Promise.all([getTranslations("billingPlan"), getFormatter(), getServerCaller()]);
  const [usage, { page: orders, cursorError }] = await Promise.all([
    caller.plans.usage(),
    loadCursorPage(requested, (cursor) => caller.orders.listMine({ limit: 50, cursor })),
  ]);
  const cursor = cursorError ? undefined : requested;
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium" }) : "—");
  const limit = (n: number | null) => (n === null ? t("unlimited") : String(n));

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <PlanUsageCard usage={usage} />
      <Card>
        <CardHeader title={t("usageTitle")} description={t("usageDescription")} />
        <Table
          caption={t("usageTitle")}
          rows={usage.cluster_usage}
          rowKey={(c) => c.cluster_id}
          empty={t("noClusters")}
          columns={[
            { key: "cluster", header: t("columns.cluster"), cell: (c) => c.name },
            { key: "nodes", header: t("columns.nodes"), cell: (c) => <span data-testid={`nodes-usage-${c.name}`}>{`${c.nodes_used} / ${limit(c.nodes_allowed)}`}</span> },
            { key: "quota", header: t("columns.resourceQuota"), cell: (c) => (c.cpu_quota ? t("resources", { cpu: c.cpu_quota, memory: c.memory_quota ?? "" }) : t("noResourceQuota")) },
          ]}
        />
      </Card>
      <Card>
        <CardHeader title={t("ordersTitle")} />
        {cursorError ? (
          <CardBody>
            <FormAlert>{cursorError}</FormAlert>
          </CardBody>
        ) : null}
        <Table
          caption={t("ordersTitle")}
          rows={orders.items}
          rowKey={(o) => o.id}
          empty={t("noOrders")}
          columns={[
            { key: "plan", header: t("columns.plan"), cell: (o) => o.plan_name },
            { key: "amount", header: t("columns.amount"), cell: (o) => format.number(o.amount_cents / 100, { style: "currency", currency: o.currency }) },
            { key: "period", header: t("columns.period"), cell: (o) => (o.starts_at ? `${date(o.starts_at)} – ${date(o.ends_at)}` : t("months", { count: o.period_months })) },
            { key: "status", header: t("columns.status"), cell: (o) => <OrderStatusBadge order={o} /> },
            { key: "created", header: t("columns.created"), cell: (o) => date(o.created_at) },
          ]}
        />
        {cursor || orders.next_cursor ? (
          <CardBody className="flex justify-end gap-2">
            {cursor ? (
              <Link className={buttonClasses("secondary", "sm")} href="/plan">
                {t("newestOrders")}
              </Link>
            ) : null}
            {orders.next_cursor ? (
              <Link className={buttonClasses("secondary", "sm")} href={withParams("/plan", { cursor: orders.next_cursor })}>
                {t("olderOrders")}
              </Link>
            ) : null}
          </CardBody>
        ) : null}
      </Card>
    </>
  );
}
