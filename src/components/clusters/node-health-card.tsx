"use client";

import { useLocale, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { NodeHealth } from "./cluster-types";
import { formatDuration } from "./node-display";
import { SectionError } from "./section-error";

// Times run on while the page is open, and alerts open or resolve in the background.
const POLL_MS = 10_000;

type State = "ready" | "not_ready" | "offline";
const STATES: readonly { state: State; key: "ready_seconds" | "not_ready_seconds" | "offline_seconds"; bar: string; tone: BadgeTone }[] = [
  { state: "ready", key: "ready_seconds", bar: "bg-emerald-500", tone: "success" },
  { state: "not_ready", key: "not_ready_seconds", bar: "bg-red-500", tone: "danger" },
  { state: "offline", key: "offline_seconds", bar: "bg-amber-500", tone: "warning" },
];

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** The node's time in each state (from its node_events; nodes.health) and its open health alerts. */
export function NodeHealthCard({ clusterId, nodeName }: { clusterId: string; nodeName: string }) {
  const t = useTranslations("clusters.nodeDetail.health");
  const tc = useTranslations("common");
  const locale = useLocale();
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime();
  const health = useQuery({ ...trpc.nodes.health.queryOptions({ cluster_id: clusterId, node_name: nodeName }), refetchInterval: POLL_MS });

  return (
    <Card aria-labelledby="node-health-title" data-testid="node-health">
      <CardHeader titleId="node-health-title" title={t("title")} description={t("description")} />
      {health.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : health.isError ? (
        <SectionError error={health.error} text={t("loadFailed", { message: errorMessage(health.error, tc("unknownError")) })} />
      ) : (
        <HealthBody data={health.data} t={t} locale={locale} formatDateTime={formatDateTime} />
      )}
    </Card>
  );
}

function HealthBody({ data, t, locale, formatDateTime }: { data: NodeHealth; t: ReturnType<typeof useTranslations<"clusters.nodeDetail.health">>; locale: string; formatDateTime: (iso: string) => string }) {
  const times = data.time_in_state;
  const total = times.ready_seconds + times.not_ready_seconds + times.offline_seconds;
  return (
    <div className="space-y-4 px-5 py-4">
      {times.current_state === null ? (
        <p className="text-sm text-zinc-500" data-testid="node-health-empty">
          {t("empty")}
        </p>
      ) : (
        <>
          {total > 0 ? (
            <div className="flex h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
              {STATES.map(({ key, bar }) => (times[key] > 0 ? <div key={key} className={bar} style={{ width: `${(times[key] / total) * 100}%` }} /> : null))}
            </div>
          ) : null}
          <dl className="grid gap-3 sm:grid-cols-3">
            {STATES.map(({ state, key, tone }) => (
              <div key={state} className="space-y-1" data-testid={`node-time-${state}`} data-seconds={times[key]}>
                <dt>
                  <Badge tone={tone}>{t(`states.${state}`)}</Badge>
                </dt>
                <dd className="text-lg font-semibold tabular-nums">{formatDuration(times[key], locale)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {times.current_since ? t("currentSince", { state: t(`states.${times.current_state}`), time: formatDateTime(times.current_since) }) : null}
            {times.tracked_since ? ` · ${t("trackedSince", { time: formatDateTime(times.tracked_since) })}` : null}
            {data.truncated ? ` · ${t("truncated")}` : null}
          </p>
        </>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{t("alertsTitle")}</h3>
        {data.open_alerts.length === 0 ? (
          <p className="text-sm text-zinc-500" data-testid="node-alerts-empty">
            {t("noAlerts")}
          </p>
        ) : (
          <ul className="space-y-2">
            {data.open_alerts.map((alert) => (
              <li key={alert.id} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="node-alert" data-kind={alert.kind}>
                <p>
                  {alert.kind === "unhealthy"
                    ? t("alert.unhealthy", { since: text(alert.detail.since) ? formatDateTime(text(alert.detail.since)) : formatDateTime(alert.opened_at) })
                    : alert.kind === "version_skew"
                      ? t("alert.version_skew", { kubelet: text(alert.detail.kubelet_version), controlPlane: text(alert.detail.control_plane_version), supported: text(alert.detail.supported) })
                      : t("alert.node_limit")}
                </p>
                <p className="text-xs opacity-80">
                  {t("openedAt", { time: formatDateTime(alert.opened_at) })}
                  {alert.notified_at === null ? ` · ${t("notNotified")}` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
