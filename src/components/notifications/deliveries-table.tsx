"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Select } from "@/components/ui/select";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useTRPC } from "@/lib/trpc/client";
import { eventLabelKey, type DeliveryFilter, type DeliveryItem } from "./notification-types";

const STATUS_TONE: Record<DeliveryItem["status"], BadgeTone> = { sent: "success", pending: "info", failed: "danger" };
const STATUSES = ["pending", "sent", "failed"] as const satisfies readonly NonNullable<DeliveryFilter["status"]>[];
const CHANNELS = ["email", "webhook"] as const satisfies readonly NonNullable<DeliveryFilter["channel"]>[];

/** Deliveries newest first with status/channel filters: the caller's own, or (scope "all", admins) everyone's. */
export function DeliveriesTable({ scope }: { scope: "mine" | "all" }) {
  const t = useTranslations("notifications");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime();
  const [filter, setFilter] = useState<DeliveryFilter>({});
  const paging = { getNextPageParam: (page: { next_cursor: string | null }) => page.next_cursor ?? undefined };
  const list = useInfiniteQuery(
    scope === "all" ? trpc.notifications.listAllDeliveries.infiniteQueryOptions(filter, paging) : trpc.notifications.listMyDeliveries.infiniteQueryOptions(filter, paging),
  );

  const columns: Column<DeliveryItem>[] = [
    { key: "created", header: t("columns.created"), cell: (d) => formatDateTime(d.created_at) },
    ...(scope === "all" ? [{ key: "user", header: t("columns.user"), cell: (d: DeliveryItem) => d.user_email ?? "—" }] : []),
    { key: "event", header: t("columns.event"), cell: (d) => {
        const key = eventLabelKey(d.event);
        return key ? t(`events.${key}`) : d.event;
      },
    },
    { key: "channel", header: t("columns.channel"), cell: (d) => (d.channel === "email" || d.channel === "webhook" ? t(`channels.${d.channel}`) : d.channel) },
    { key: "recipient", header: t("columns.recipient"), cell: (d) => <span className="font-mono text-xs break-all">{d.recipient}</span> },
    {
      key: "status",
      header: t("columns.status"),
      cell: (d) => (
        <Badge tone={STATUS_TONE[d.status]} data-status={d.status}>
          {t(`status.${d.status}`)}
        </Badge>
      ),
    },
    { key: "attempts", header: t("columns.attempts"), cell: (d) => d.attempts },
    { key: "error", header: t("columns.lastError"), cell: (d) => <span className="text-xs">{d.last_error ?? ""}</span> },
  ];

  return (
    <Card aria-labelledby={`deliveries-${scope}-title`}>
      <CardHeader titleId={`deliveries-${scope}-title`} title={t("deliveriesTitle")} description={t("deliveriesDescription")} />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap gap-3">
          <Select aria-label={t("filterStatus")} value={filter.status ?? ""} onChange={(e) => setFilter((f) => ({ ...f, status: STATUSES.find((s) => s === e.target.value) }))}>
            <option value="">{t("allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
          <Select aria-label={t("filterChannel")} value={filter.channel ?? ""} onChange={(e) => setFilter((f) => ({ ...f, channel: CHANNELS.find((c) => c === e.target.value) }))}>
            <option value="">{t("allChannels")}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channels.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
          {() => (
            <>
              <Table caption={t("deliveriesTitle")} columns={columns} rows={loadedItems<DeliveryItem>(list)} rowKey={(d) => d.id} empty={t("noDeliveries")} />
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

