import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";


export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("platformHealth");
  return { title: t("title") };
}

type Health = RouterOutputs["admin"]["getPlatformHealth"];
type Status = Health["checks"][number]["status"];
const TONE: Record<Status, BadgeTone> = { ok: "success", warning: "warning", error: "danger", skipped: "neutral" };
type TaskState = Health["processes"][number]["tasks"][number]["state"];
const TASK_TONE: Record<TaskState, BadgeTone> = { ok: "success", starting: "neutral", failing: "danger", late: "warning", following: "neutral" };

/** Runs the checks on every load (they are bounded by their own timeouts); "Check again" reloads. */
export default async function PlatformHealthPage() {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const [t, format, caller] = await Promise.all([getTranslations("platformHealth"), getFormatter(), getServerCaller()]);
  const health = await caller.admin.getPlatformHealth();

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardBody className="flex flex-wrap items-center justify-between gap-4">
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <Badge tone={TONE[health.status]} data-testid="platform-health-overall" data-status={health.status}>
              {t("overall", { status: t(`status.${health.status}`) })}
            </Badge>
            <span>{t("checkedAt", { time: format.dateTime(new Date(health.checked_at), { dateStyle: "short", timeStyle: "medium" }) })}</span>
          </p>
          <form method="get">
            <Button type="submit" variant="secondary" size="sm">
              {t("recheck")}
            </Button>
          </form>
          {/* Deployment-level (KUBEBYON_PUBLIC_ACCESS_PROVIDER); the public_access check below, when the provider has one, says what it needs. */}
          <p className="w-full text-sm" data-testid="platform-health-provider" data-provider={health.public_access_provider}>
            <span className="font-medium">{t("provider", { provider: health.public_access_provider })}</span>
            <span className="text-zinc-600 dark:text-zinc-400"> — {health.public_access_provider_description}</span>
          </p>
        </CardBody>
        <Table
          caption={t("caption")}
          rows={health.checks}
          rowKey={(check) => check.name}
          empty=""
          columns={[
            { key: "check", header: t("colCheck"), cell: (check) => <span className="font-medium">{t(`checks.${check.name}`)}</span> },
            {
              key: "status",
              header: t("colStatus"),
              cell: (check) => (
                <Badge tone={TONE[check.status]} data-testid={`health-${check.name}`} data-status={check.status}>
                  {t(`status.${check.status}`)}
                </Badge>
              ),
            },
            {
              key: "detail",
              header: t("colDetail"),
              // Findings and next steps are sentences: let them wrap instead of widening the table.
              className: "min-w-72 whitespace-normal",
              cell: (check) => (
                <div className="text-xs break-words">
                  <p>{check.detail}</p>
                  {check.missing.length > 0 && (
                    <div className="mt-1">
                      <p className="font-medium">{t("missing")}</p>
                      <ul className="list-disc pl-4 font-mono" data-testid={`health-${check.name}-missing`}>
                        {check.missing.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <p className="mt-1 text-zinc-500">{t("duration", { ms: check.duration_ms })}</p>
                </div>
              ),
            },
            {
              key: "next",
              header: t("colNextStep"),
              className: "min-w-72 whitespace-normal",
              cell: (check) => <span className="text-xs break-words">{check.next_step ?? t("noNextStep")}</span>,
            },
          ]}
        />
      </Card>
      {/* Read from the heartbeat rows: workers serve no page, so what their tasks do is written where this page can read it. */}
      <Card className="mt-6" data-testid="platform-health-processes">
        <CardBody>
          <h2 className="text-base font-semibold">{t("processesTitle")}</h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("processesDescription")}</p>
          {health.processes.length === 0 && <p className="mt-3 text-sm">{t("processesEmpty")}</p>}
        </CardBody>
        {health.processes.map((p) => (
          <div key={p.id} data-testid={`process-${p.id}`} data-state={p.state}>
            <p className="flex flex-wrap items-center gap-2 px-4 pt-2 text-sm">
              <Badge tone={p.state === "beating" ? "success" : "danger"}>{t(`processStates.${p.state}`)}</Badge>
              <span>
                {t("processLine", {
                  id: p.id,
                  hostname: p.hostname,
                  pid: p.pid,
                  started: format.dateTime(new Date(p.started_at), { dateStyle: "short", timeStyle: "medium" }),
                  beat: format.dateTime(new Date(p.beat_at), { dateStyle: "short", timeStyle: "medium" }),
                })}
              </span>
            </p>
            <Table
              caption={p.id}
              rows={p.tasks}
              rowKey={(task) => task.name}
              empty=""
              columns={[
                { key: "task", header: t("colTask"), cell: (task) => <span className="font-mono text-xs">{task.name}</span> },
                {
                  key: "state",
                  header: t("colTaskState"),
                  cell: (task) => (
                    <Badge tone={TASK_TONE[task.state]} data-testid={`task-${p.id}-${task.name}`} data-state={task.state}>
                      {t(`taskStates.${task.state}`)}
                    </Badge>
                  ),
                },
                { key: "interval", header: t("colInterval"), cell: (task) => `${t("intervalSeconds", { seconds: task.interval_seconds })} · ${t(`scopes.${task.scope}`)}` },
                {
                  key: "success",
                  header: t("colLastSuccess"),
                  cell: (task) => (task.last_success_at ? format.dateTime(new Date(task.last_success_at), { timeStyle: "medium" }) : t("never")),
                },
                {
                  key: "error",
                  header: t("colLastError"),
                  className: "min-w-72 whitespace-normal",
                  cell: (task) =>
                    task.error_streak > 0 ? (
                      <span className="text-xs break-words">
                        {t("errorStreak", { count: task.error_streak })}: {task.last_error}
                      </span>
                    ) : (
                      ""
                    ),
                },
              ]}
            />
          </div>
        ))}
      </Card>
    </>
  );
}
