import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import type { RouterInputs } from "@/lib/trpc/router-types";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clusterJobs");
  return { title: t("title") };
}

type Status = NonNullable<RouterInputs["admin"]["listClusterJobs"]["status"]>;
const STATUSES = ["pending", "running", "succeeded", "failed", "dead"] as const satisfies readonly Status[];
const TONE: Record<Status, BadgeTone> = { pending: "info", running: "warning", succeeded: "success", failed: "danger", dead: "danger" };
const isStatus = (v: unknown): v is Status => typeof v === "string" && (STATUSES as readonly string[]).includes(v);

export default async function ClusterJobsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const params = await searchParams;
  const status = isStatus(params.status) ? params.status : undefined;
  const [t, tJob, format, caller] = await Promise.all([getTranslations("clusterJobs"), getTranslations("jobStatus"), getFormatter(), getServerCaller()]);
  const { items, summary } = await caller.admin.listClusterJobs({ status, limit: 100 });
  const time = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "medium" });

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardBody className="flex flex-wrap items-end justify-between gap-4">
          <form method="get" className="flex items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("filterStatus")}</span>
              <select
                name="status"
                defaultValue={status ?? ""}
                className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              >
                <option value="">{t("filterAll")}</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {tJob(s)}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary" size="sm">
              {t("filterApply")}
            </Button>
          </form>
          <p className="flex flex-wrap gap-2 text-sm" data-testid="job-summary">
            {STATUSES.map((s) => (
              <Badge key={s} tone={TONE[s]}>
                {t("statusCount", { status: tJob(s), count: summary.by_status[s] ?? 0 })}
              </Badge>
            ))}
            <Badge tone={summary.expired_leases > 0 ? "danger" : "neutral"}>{t("expiredLeases", { count: summary.expired_leases })}</Badge>
          </p>
        </CardBody>
        <Table
          caption={t("caption")}
          rows={items}
          rowKey={(job) => job.id}
          empty={t("empty")}
          columns={[
            { key: "job", header: t("colJob"), cell: (job) => <code className="text-xs">{job.id}</code> },
            { key: "cluster", header: t("colCluster"), cell: (job) => <code className="text-xs">{job.cluster_id}</code> },
            { key: "kind", header: t("colKind"), cell: (job) => job.kind },
            { key: "status", header: t("colStatus"), cell: (job) => <Badge tone={TONE[job.status]}>{tJob(job.status)}</Badge> },
            { key: "attempts", header: t("colAttempts"), cell: (job) => `${job.attempts} / ${job.max_attempts}` },
            {
              key: "lease",
              header: t("colLease"),
              cell: (job) =>
                job.lease_owner && job.lease_expires_at ? t("leaseUntil", { owner: job.lease_owner, time: time(job.lease_expires_at) }) : t("noLease"),
            },
            { key: "error", header: t("colError"), cell: (job) => <span className="line-clamp-2 max-w-md text-xs break-words">{job.last_error ?? ""}</span> },
            { key: "created", header: t("colCreated"), cell: (job) => time(job.created_at) },
          ]}
        />
      </Card>
    </>
  );
}
