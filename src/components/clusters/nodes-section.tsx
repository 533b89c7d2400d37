"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, type Column } from "@/components/ui/table";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { NodeItem } from "./cluster-types";
import { SectionError } from "./section-error";

export function NodesSection({ clusterId }: { clusterId: string }) {
  const t = useTranslations("clusters.detail.nodes");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const nodes = useQuery(trpc.nodes.list.queryOptions({ cluster_id: clusterId }));

  const columns: Column<NodeItem>[] = [
    { key: "name", header: t("columns.name"), cell: (n) => <span className="font-medium">{n.name}</span> },
    {
      key: "status",
      header: t("columns.status"),
      cell: (n) => <Badge tone={n.status === "ready" ? "success" : n.status === "not_ready" ? "danger" : "neutral"}>{t(`status.${n.status}`)}</Badge>,
    },
    { key: "ip", header: t("columns.ip"), cell: (n) => n.internal_ip ?? n.external_ip ?? "—" },
    { key: "kubelet", header: t("columns.kubelet"), cell: (n) => n.kubelet_version ?? "—" },
    { key: "roles", header: t("columns.roles"), cell: (n) => (n.roles.length ? n.roles.join(", ") : "—") },
  ];

  return (
    <Card aria-labelledby="cluster-nodes-title" data-testid="cluster-nodes">
      <CardHeader titleId="cluster-nodes-title" title={t("title")} />
      {nodes.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : nodes.isError ? (
        <SectionError error={nodes.error} testId="nodes-unavailable" text={t("unavailable", { message: errorMessage(nodes.error, tc("unknownError")) })} />
      ) : (
        <Table caption={t("caption")} columns={columns} rows={nodes.data.items} rowKey={(n) => n.name} empty={t("empty")} />
      )}
    </Card>
  );
}
