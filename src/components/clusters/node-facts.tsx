"use client";

import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import type { NodeItem } from "./cluster-types";
import { formatAge, NODE_STATUS_TONE } from "./node-display";

const NONE = "—";

/** The node's live facts as its API server reports them: identity, software, taints, resources, conditions. */
export function NodeFacts({ node }: { node: NodeItem }) {
  const t = useTranslations("clusters.nodeDetail");
  const tn = useTranslations("clusters.detail.nodes");
  const locale = useLocale();
  const formatDateTime = useFormatDateTime();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="node-facts-title" data-testid="node-facts">
        <CardHeader titleId="node-facts-title" title={t("facts.title")} />
        <DescriptionList>
          <DescriptionRow label={t("facts.status")} testId="node-fact-status">
            <Badge tone={NODE_STATUS_TONE[node.status]} data-status={node.status}>
              {tn(`status.${node.status}`)}
            </Badge>
          </DescriptionRow>
          <DescriptionRow label={t("facts.scheduling")} testId="node-fact-scheduling">
            {node.unschedulable ? tn("scheduling.cordoned") : tn("scheduling.schedulable")}
          </DescriptionRow>
          <DescriptionRow label={t("facts.internalIp")} testId="node-fact-internal-ip">
            {node.internal_ip ?? NONE}
          </DescriptionRow>
          <DescriptionRow label={t("facts.externalIp")}>{node.external_ip ?? NONE}</DescriptionRow>
          <DescriptionRow label={t("facts.roles")}>{node.roles.length ? node.roles.join(", ") : NONE}</DescriptionRow>
          <DescriptionRow label={t("facts.osImage")} testId="node-fact-os-image">
            {node.os_image ?? NONE}
          </DescriptionRow>
          <DescriptionRow label={t("facts.kernel")}>{node.kernel_version ?? NONE}</DescriptionRow>
          <DescriptionRow label={t("facts.runtime")}>{node.container_runtime ?? NONE}</DescriptionRow>
          <DescriptionRow label={t("facts.kubelet")} testId="node-fact-kubelet">
            {node.kubelet_version ?? NONE}
          </DescriptionRow>
          <DescriptionRow label={t("facts.podCidr")}>{node.pod_cidr ?? NONE}</DescriptionRow>
          <DescriptionRow label={t("facts.age")}>{node.age_seconds === null ? NONE : formatAge(node.age_seconds, locale)}</DescriptionRow>
          <DescriptionRow label={t("facts.created")}>{node.created_at ? formatDateTime(node.created_at) : NONE}</DescriptionRow>
        </DescriptionList>
      </Card>
      <div className="space-y-6">
        <NodeResources node={node} />
        <Card aria-labelledby="node-taints-title" data-testid="node-taints">
          <CardHeader titleId="node-taints-title" title={t("taints.title")} />
          {node.taints.length === 0 ? (
            <p className="px-5 py-4 text-sm text-zinc-500">{t("taints.empty")}</p>
          ) : (
            <ul className="space-y-1 px-5 py-4">
              {node.taints.map((taint) => (
                <li key={`${taint.key}:${taint.effect}`}>
                  <code className="font-mono text-xs">{`${taint.key}${taint.value ? `=${taint.value}` : ""}:${taint.effect}`}</code>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="lg:col-span-2">
        <NodeConditions node={node} />
      </div>
    </div>
  );
}

type ResourceRow = { key: "cpu" | "memory" | "pods"; capacity: string | null; allocatable: string | null };

function NodeResources({ node }: { node: NodeItem }) {
  const t = useTranslations("clusters.nodeDetail.resources");
  const rows: ResourceRow[] = (["cpu", "memory", "pods"] as const).map((key) => ({ key, capacity: node.capacity[key], allocatable: node.allocatable[key] }));
  const columns: Column<ResourceRow>[] = [
    { key: "resource", header: t("columns.resource"), cell: (r) => t(r.key) },
    { key: "capacity", header: t("columns.capacity"), cell: (r) => r.capacity ?? NONE },
    { key: "allocatable", header: t("columns.allocatable"), cell: (r) => r.allocatable ?? NONE },
  ];
  return (
    <Card aria-labelledby="node-resources-title" data-testid="node-resources">
      <CardHeader titleId="node-resources-title" title={t("title")} />
      <Table caption={t("caption")} columns={columns} rows={rows} rowKey={(r) => r.key} empty={NONE} />
    </Card>
  );
}

function NodeConditions({ node }: { node: NodeItem }) {
  const t = useTranslations("clusters.nodeDetail.conditions");
  const formatDateTime = useFormatDateTime();
  type Row = NodeItem["conditions"][number];
  const columns: Column<Row>[] = [
    { key: "type", header: t("columns.type"), cell: (c) => <span className="font-medium">{c.type}</span> },
    { key: "status", header: t("columns.status"), cell: (c) => c.status },
    { key: "reason", header: t("columns.reason"), cell: (c) => c.reason ?? NONE },
    { key: "message", header: t("columns.message"), cell: (c) => <span className="whitespace-normal">{c.message ?? NONE}</span> },
    { key: "heartbeat", header: t("columns.heartbeat"), cell: (c) => (c.last_heartbeat_at ? formatDateTime(c.last_heartbeat_at) : NONE) },
    { key: "transition", header: t("columns.transition"), cell: (c) => (c.last_transition_at ? formatDateTime(c.last_transition_at) : NONE) },
  ];
  return (
    <Card aria-labelledby="node-conditions-title" data-testid="node-conditions">
      <CardHeader titleId="node-conditions-title" title={t("title")} />
      <Table caption={t("caption")} columns={columns} rows={node.conditions} rowKey={(c) => c.type} empty={t("empty")} />
    </Card>
  );
}
