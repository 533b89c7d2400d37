import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
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

export default async function AdminOverviewPage() {
  const viewer = await getViewer();
  // Non-admins get the same 404 as for a page that does not exist: the admin area is not advertised.
  if (viewer?.role !== "admin") notFound();
  const [t, tCluster, tJob, format, overview] = await Promise.all([
    getTranslations("admin"),
    getTranslations("clusterStatus"),
    getTranslations("jobStatus"),
    getFormatter(),
    getServerCaller().then((caller) => caller.admin.getOverview()),
  ]);
  const clusterStatuses = ["provisioning", "ready", "updating", "error", "deleting", "deleted"] as const;
  const jobStatuses = ["pending", "running", "succeeded", "failed", "dead"] as const;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 md:grid-cols-3">
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
          <CardHeader
            title={t("jobsTitle")}
            description={
              overview.cluster_jobs.oldest_pending_at
                ? t("jobsOldestPending", { time: format.dateTime(new Date(overview.cluster_jobs.oldest_pending_at), { dateStyle: "medium", timeStyle: "short" }) })
                : t("jobsNonePending")
            }
          />
          <CardBody>
            <CountList testId="admin-jobs" items={jobStatuses.map((s) => ({ label: tJob(s), value: overview.cluster_jobs.by_status[s] ?? 0 }))} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
