"use client";

import { useTranslations } from "next-intl";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { KubeconfigStateBadge } from "./kubeconfig-state-badge";
import type { KubeconfigCredentialItem } from "./kubeconfig-types";
import { RevokeKubeconfigButton } from "./revoke-kubeconfig-button";

/** Credentials as the profile (`show: "cluster"`) and the cluster page (`show: "user"`) list them; active ones can be revoked. */
export function KubeconfigCredentialsTable({ rows, show, caption, empty }: { rows: KubeconfigCredentialItem[]; show: "cluster" | "user"; caption: string; empty: string }) {
  const t = useTranslations("kubeconfigs");
  const formatDateTime = useFormatDateTime();
  const columns: Column<KubeconfigCredentialItem>[] = [
    show === "cluster"
      ? { key: "cluster", header: t("columns.cluster"), cell: (c) => c.cluster_name }
      : { key: "user", header: t("columns.user"), cell: (c) => c.user_email },
    { key: "access", header: t("columns.access"), cell: (c) => t(`access.${c.access}`) },
    { key: "state", header: t("columns.state"), cell: (c) => <KubeconfigStateBadge state={c.state} /> },
    { key: "created", header: t("columns.created"), cell: (c) => formatDateTime(c.created_at) },
    { key: "expires", header: t("columns.expires"), cell: (c) => formatDateTime(c.expires_at) },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (c) => (c.state === "active" ? <RevokeKubeconfigButton credential={c} /> : null),
    },
  ];
  return <Table caption={caption} columns={columns} rows={rows} rowKey={(c) => c.id} empty={empty} />;
}
