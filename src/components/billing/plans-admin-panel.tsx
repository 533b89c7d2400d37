"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { AdminPlanItem } from "./billing-types";
import { PlanDialog } from "./plan-dialog";

/** Admin plan catalogue: create, edit, activate/deactivate, delete (the server refuses deleting a plan in use). */
export function PlansAdminPanel() {
  const t = useTranslations("billingPlans");
  const tc = useTranslations("common");
  const format = useFormatter();
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const list = useInfiniteQuery(trpc.plans.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  // null: closed; "new": create; a plan: edit. The key remounts the dialog with fresh fields.
  const [editing, setEditing] = useState<AdminPlanItem | "new" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.plans.list.pathKey() });
  const failed = (error: unknown) => toast.error(t("toast.failed", { message: errorMessage(error, tc("unknownError")) }));
  const update = useMutation(trpc.plans.update.mutationOptions({ onSuccess: refresh, onError: failed }));
  const remove = useMutation(
    trpc.plans.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("toast.deleted"));
      },
      onError: failed,
    }),
  );

  const columns: Column<AdminPlanItem>[] = [
    {
      key: "plan",
      header: t("columns.plan"),
      cell: (p) => (
        <span>
          <span className="font-medium">{p.name}</span> <code className="text-xs text-zinc-500">{p.code}</code>
        </span>
      ),
    },
    { key: "price", header: t("columns.price"), cell: (p) => format.number(p.price_cents / 100, { style: "currency", currency: p.currency }) },
    { key: "quota", header: t("columns.quota"), cell: (p) => t("quota", { clusters: p.cluster_quota, nodes: p.node_quota }) },
    { key: "resources", header: t("columns.resources"), cell: (p) => (p.cpu_quota ? t("resources", { cpu: p.cpu_quota, memory: p.memory_quota ?? "" }) : t("noResourceQuota")) },
    { key: "orders", header: t("columns.orders"), cell: (p) => p.order_count },
    {
      key: "status",
      header: t("columns.status"),
      cell: (p) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={p.active ? "success" : "neutral"} data-testid={`plan-active-${p.code}`}>
            {t(p.active ? "active" : "inactive")}
          </Badge>
          {p.is_default ? <Badge tone="info">{t("default")}</Badge> : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (p) => (
        <span className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" aria-label={t("editLabel", { name: p.name })} onClick={() => setEditing(p)}>
            {t("edit")}
          </Button>
          <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: p.id, active: !p.active })}>
            {t(p.active ? "deactivate" : "activate")}
          </Button>
          <Button variant="ghost" size="sm" disabled={remove.isPending} aria-label={t("deleteLabel", { name: p.name })} onClick={() => window.confirm(t("deleteConfirm", { name: p.name })) && remove.mutate({ id: p.id })}>
            {t("delete")}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <Card aria-labelledby="plans-card-title">
        <CardHeader
          titleId="plans-card-title"
          title={t("tableCaption")}
          description={t("deleteHint")}
          actions={
            <Button disabled={!hydrated} onClick={() => setEditing("new")}>
              {t("create")}
            </Button>
          }
        />
        <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
          {() => (
            <>
              <Table caption={t("tableCaption")} columns={columns} rows={loadedItems(list)} rowKey={(p) => p.id} empty={t("empty")} />
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </Card>
      {editing !== null ? (
        <PlanDialog key={editing === "new" ? "new" : editing.id} open plan={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
