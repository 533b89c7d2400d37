"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CompactSelect } from "@/components/ui/compact-select";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { NodeEventType } from "./cluster-types";
import { isNodeEventType, NODE_EVENT_TONE, NODE_EVENT_TYPES } from "./node-display";
import { SectionError } from "./section-error";

// The node observer appends events in the background; re-read while the page is open.
const POLL_MS = 5_000;
const ALL = "all";

/** The node's `node_events`, newest first (the server's order), optionally of one type. */
export function NodeEventTimeline({ clusterId, nodeName }: { clusterId: string; nodeName: string }) {
  const t = useTranslations("clusters.nodeDetail.events");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime({ seconds: true });
  const [type, setType] = useState<NodeEventType | typeof ALL>(ALL);
  const events = useQuery({
    ...trpc.nodes.events.queryOptions({ cluster_id: clusterId, node_name: nodeName, ...(type === ALL ? {} : { type }) }),
    refetchInterval: POLL_MS,
    // Switching the type filter keeps the current list until the filtered one arrives (no flash of "loading").
    placeholderData: keepPreviousData,
  });
  const typeLabel = (value: string) => (isNodeEventType(value) ? t(`type.${value}`) : value);

  return (
    <Card aria-labelledby="node-events-title" data-testid="node-events">
      <CardHeader
        titleId="node-events-title"
        title={t("title")}
        description={t("description")}
        actions={
          <CompactSelect
            label={t("typeFilter")}
            value={type}
            testId="node-event-type"
            options={[{ value: ALL, label: t("allTypes") }, ...NODE_EVENT_TYPES.map((value) => ({ value, label: typeLabel(value) }))]}
            onChange={(value) => setType(isNodeEventType(value) ? value : ALL)}
          />
        }
      />
      {events.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : events.isError ? (
        <SectionError error={events.error} text={t("loadFailed", { message: errorMessage(events.error, tc("unknownError")) })} />
      ) : events.data.items.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500" data-testid="node-events-empty">
          {t("empty")}
        </p>
      ) : (
        <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {events.data.items.map((event) => (
            <li key={event.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-5 py-3 text-sm" data-testid="node-event" data-type={event.type}>
              <time dateTime={event.observed_at} className="shrink-0 whitespace-nowrap text-zinc-500 tabular-nums dark:text-zinc-400">
                {formatDateTime(event.observed_at)}
              </time>
              <Badge tone={isNodeEventType(event.type) ? NODE_EVENT_TONE[event.type] : "neutral"}>{typeLabel(event.type)}</Badge>
              <div className="min-w-0 flex-1">
                {event.message ? <p>{event.message}</p> : null}
                {event.reason ? <p className="font-mono text-xs text-zinc-500">{event.reason}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
