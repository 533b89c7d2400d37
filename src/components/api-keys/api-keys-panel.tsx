"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTRPC } from "@/lib/trpc/client";
import { ApiKeySecretDialog } from "./api-key-secret-dialog";
import { apiKeyStatus, type ApiKeyStatus } from "./api-key-status";
import type { ApiKeyItem } from "./api-key-types";
import { CreateApiKeyDialog, type CreatedApiKey } from "./create-api-key-dialog";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";

const STATUS_TONE: Record<ApiKeyStatus, BadgeTone> = { active: "success", expired: "warning", revoked: "neutral" };

export function ApiKeysPanel() {
  const t = useTranslations("apiKeys");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const formatDateTime = useFormatDateTime();
  const list = useInfiniteQuery(trpc.apiKeys.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const now = new Date();
  const hydrated = useHydrated();

  const columns: Column<ApiKeyItem>[] = [
    { key: "name", header: t("columns.name"), cell: (k) => <span className="font-medium">{k.name}</span> },
    { key: "prefix", header: t("columns.prefix"), cell: (k) => <code className="font-mono text-xs">{k.prefix}</code> },
    { key: "created", header: t("columns.created"), cell: (k) => formatDateTime(k.created_at) },
    { key: "lastUsed", header: t("columns.lastUsed"), cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : tc("never")) },
    { key: "expires", header: t("columns.expires"), cell: (k) => (k.expires_at ? formatDateTime(k.expires_at) : tc("never")) },
    {
      key: "status",
      header: t("columns.status"),
      cell: (k) => {
        const status = apiKeyStatus(k, now);
        return (
          <Badge tone={STATUS_TONE[status]} data-status={status}>
            {t(`status.${status}`)}
          </Badge>
        );
      },
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (k) =>
        k.revoked_at ? null : (
          <Button variant="ghost" size="sm" aria-label={t("revokeLabel", { name: k.name })} onClick={() => setRevoking(k)}>
            {t("revoke")}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Card aria-labelledby="api-keys-card-title">
        <CardHeader
          titleId="api-keys-card-title"
          title={t("tableCaption")}
          actions={
            <Button disabled={!hydrated} onClick={() => setCreateOpen(true)}>
              {t("create")}
            </Button>
          }
        />
        <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
          {() => (
            <>
              <Table caption={t("tableCaption")} columns={columns} rows={loadedItems(list)} rowKey={(k) => k.id} empty={t("empty")} />
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </Card>
      <CreateApiKeyDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(result) => {
          setCreateOpen(false);
          setCreated(result);
        }}
      />
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
