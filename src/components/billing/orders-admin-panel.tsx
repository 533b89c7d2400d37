"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CompactSelect } from "@/components/ui/compact-select";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useHydrated } from "@/components/ui/use-hydrated";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { OrderItem, OrderStatus } from "./billing-types";
import { CreateOrderDialog } from "./create-order-dialog";
import { OrderStatusBadge } from "./order-status-badge";

const STATUSES: OrderStatus[] = ["pending", "paid", "cancelled", "refunded"];
// The actions the order state machine allows from each state (the server has the final word).
const ACTIONS: Record<OrderStatus, Array<"pay" | "cancel" | "refund">> = { pending: ["pay", "cancel"], paid: ["refund"], cancelled: [], refunded: [] };

/** Admin: every order with a status filter; pay / cancel / refund through the state machine. */
export function OrdersAdminPanel() {
  const t = useTranslations("billingOrders");
  const tc = useTranslations("common");
  const format = useFormatter();
  const formatDateTime = useFormatDateTime();
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [createOpen, setCreateOpen] = useState(false);
  const list = useInfiniteQuery(trpc.orders.list.infiniteQueryOptions({ status: status || undefined }, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  const mutationOptions = {
    onSuccess: async (order: OrderItem) => {
      await queryClient.invalidateQueries({ queryKey: trpc.orders.list.pathKey() });
      toast.success(t("toast.changed", { status: t(`status.${order.status}`) }));
    },
    onError: (error: unknown) => toast.error(t("toast.failed", { message: errorMessage(error, tc("unknownError")) })),
  };
  const mutations = {
    pay: useMutation(trpc.orders.pay.mutationOptions(mutationOptions)),
    cancel: useMutation(trpc.orders.cancel.mutationOptions(mutationOptions)),
    refund: useMutation(trpc.orders.refund.mutationOptions(mutationOptions)),
  };

  const columns: Column<OrderItem>[] = [
    { key: "user", header: t("columns.user"), cell: (o) => o.user_email },
    { key: "plan", header: t("columns.plan"), cell: (o) => o.plan_name },
    { key: "amount", header: t("columns.amount"), cell: (o) => format.number(o.amount_cents / 100, { style: "currency", currency: o.currency }) },
    { key: "period", header: t("columns.period"), cell: (o) => (o.starts_at && o.ends_at ? `${day(o.starts_at)} – ${day(o.ends_at)}` : t("months", { count: o.period_months })) },
    { key: "status", header: t("columns.status"), cell: (o) => <OrderStatusBadge order={o} /> },
    { key: "created", header: t("columns.created"), cell: (o) => formatDateTime(o.created_at) },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (o) => (
        <span className="flex justify-end gap-1">
          {ACTIONS[o.status].map((action) => (
            <Button
              key={action}
              variant={action === "pay" ? "secondary" : "ghost"}
              size="sm"
              disabled={mutations[action].isPending}
              aria-label={t(`actionLabel.${action}`, { email: o.user_email, plan: o.plan_name })}
              onClick={() => (action === "pay" || window.confirm(t(`confirm.${action}`))) && mutations[action].mutate({ id: o.id })}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
        </span>
      ),
    },
  ];

  return (
    <>
      <Card aria-labelledby="orders-card-title">
        <CardHeader
          titleId="orders-card-title"
          title={t("tableCaption")}
          actions={
            <span className="flex items-end gap-2">
              <CompactSelect
                label={t("filterStatus")}
                value={status}
                options={[{ value: "", label: t("filterAll") }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
                onChange={(v) => setStatus(STATUSES.find((s) => s === v) ?? "")}
                testId="order-status-filter"
              />
              <Button disabled={!hydrated} onClick={() => setCreateOpen(true)}>
                {t("create")}
              </Button>
            </span>
          }
        />
        <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
          {() => (
            <>
              <Table caption={t("tableCaption")} columns={columns} rows={loadedItems(list)} rowKey={(o) => o.id} empty={t("empty")} />
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </Card>
      {createOpen ? <CreateOrderDialog open onClose={() => setCreateOpen(false)} /> : null}
    </>
  );
}
