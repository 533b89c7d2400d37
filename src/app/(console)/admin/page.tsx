import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title") };
}

function CountList({ items, testId }: { items: ReadonlyArray<{ label: string; value: number }>; testId: string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm" data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{item.label}</dt>
          <dd className="text-right font-medium tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One headline figure; `attention` tints it when it asks the operator to look (nodes down, a stuck backlog). */
function Figure({ label, value, detail, attention, testId }: { label: string; value: string; detail?: string; attention?: boolean; testId: string }) {
  return (
    <div
      data-testid={testId}
      data-attention={attention ? "true" : "false"}
      className={cn(
        "rounded-lg border px-4 py-3 shadow-sm",
        attention ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950" : "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
      )}
    >
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </dd>
      {detail ? <dd className="mt-0.5 text-xs text-zinc-500">{detail}</dd> : null}
    </div>
  );
}

export default async function AdminOverviewPage() {
  const viewer = await getViewer();
  // Non-admins get the same 404 as for a page that does not exist: the admin area is not advertised.
  if (viewer?.role !== "admin") notFound();
  const [t, tOverview, tCluster, tJob, format, overview] = await Promise.all([
    getTranslations("admin"),
    getTranslations("adminOverview"),
    getTranslations("clusterStatus"),
    getTranslations("jobStatus"),
    getFormatter(),
    getServerCaller().then((caller) => caller.admin.getOverview()),
  ]);
  const clusterStatuses = ["provisioning", "ready", "updating", "error", "deleting", "deleted"] as const;
  const jobStatuses = ["pending", "running", "succeeded", "failed", "dead"] as const;
  const nodeStatuses = ["ready", "not_ready", "unknown"] as const;
  const nodes = overview.nodes.by_status;
  const notReady = (nodes.not_ready ?? 0) + (nodes.unknown ?? 0);
  const jobs = overview.cluster_jobs;
  const formatTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <dl aria-label={tOverview("figuresLabel")} className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure testId="admin-figure-clusters" label={tOverview("liveClusters")} value={String(overview.clusters.total)} />
        <Figure testId="admin-figure-nodes-ready" label={tOverview("nodesReady")} value={tOverview("nodesReadyOf", { ready: nodes.ready ?? 0, total: overview.nodes.total })} />
        <Figure testId="admin-figure-nodes-not-ready" label={tOverview("nodesNotReady")} value={String(notReady)} attention={notReady > 0} />
        <Figure
          testId="admin-figure-job-backlog"
          label={tOverview("jobsWaiting")}
          value={String(jobs.by_status.pending ?? 0)}
          detail={[
            jobs.oldest_pending_at ? tOverview("jobsWaitingSince", { time: formatTime(jobs.oldest_pending_at) }) : null,
            tOverview("jobsRunning", { count: jobs.by_status.running ?? 0 }),
            jobs.expired_leases > 0 ? tOverview("expiredLeases", { count: jobs.expired_leases }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
          attention={jobs.expired_leases > 0}
        />
      </dl>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Card>
          <CardHeader title={t("usersTitle")} />
          <CardBody>
            <CountList
              testId="admin-users"
              items={[
                { label: t("usersTotal"), value: overview.users.total },
                { label: t("usersAdmins"), value: overview.users.admins },
                { label: t("usersDisabled"), value: overview.users.disabled },
              ]}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t("clustersTitle")} description={t("clustersTotal", { count: overview.clusters.total })} />
          <CardBody>
            <CountList testId="admin-clusters" items={clusterStatuses.map((s) => ({ label: tCluster(s), value: overview.clusters.by_status[s] ?? 0 }))} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={tOverview("nodesTitle")} description={tOverview("nodesTotal", { count: overview.nodes.total })} />
          <CardBody>
            <CountList testId="admin-nodes" items={nodeStatuses.map((s) => ({ label: tOverview(`nodeStatus.${s}`), value: nodes[s] ?? 0 }))} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t("jobsTitle")} description={jobs.oldest_pending_at ? t("jobsOldestPending", { time: formatTime(jobs.oldest_pending_at) }) : t("jobsNonePending")} />
          <CardBody>
            <CountList testId="admin-jobs" items={jobStatuses.map((s) => ({ label: tJob(s), value: jobs.by_status[s] ?? 0 }))} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
