"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CompactSelect } from "@/components/ui/compact-select";
import { Input } from "@/components/ui/input";
import { LoadMore, loadedItems } from "@/components/ui/load-more";
import { Table, type Column } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { JOIN_TTL_OPTIONS, type JoinTtlKey } from "./cluster-status";
import type { JoinTokenItem } from "./cluster-types";
import { JoinCommandBox } from "./join-command-box";
import { JoinSessionsPanel } from "./join-sessions/join-sessions-panel";
import { RevokeJoinTokenDialog } from "./revoke-join-token-dialog";
import { SectionError } from "./section-error";

type Created = { joinCommand: string; directJoinCommand: string | null };

export function JoinSection({ clusterId }: { clusterId: string }) {
  const t = useTranslations("clusters.detail.join");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  const [ttl, setTtl] = useState<JoinTtlKey>("24h");
  // Empty: unlimited uses (the server validates 1–1000 and says so).
  const [maxUses, setMaxUses] = useState("");
  const maxUsesId = useId();
  // The command holds the secret: it lives only in this state and is gone after "hide" or a reload.
  const [created, setCreated] = useState<Created | null>(null);
  const [createError, setCreateError] = useState<unknown>(null);
  const [revoking, setRevoking] = useState<JoinTokenItem | null>(null);
  const tokens = useInfiniteQuery(trpc.joinTokens.list.infiniteQueryOptions({ cluster_id: clusterId }, { getNextPageParam: (page) => page.next_cursor ?? undefined }));

  const create = useMutation(
    trpc.joinTokens.create.mutationOptions({
      onSuccess: async (result) => {
        setCreateError(null);
        setCreated({ joinCommand: result.join_command, directJoinCommand: result.direct_join_command });
        await queryClient.invalidateQueries({ queryKey: trpc.joinTokens.list.pathKey() });
        toast.success(tt("tokenCreated"));
      },
      onError: (error) => setCreateError(error),
    }),
  );

  const columns: Column<JoinTokenItem>[] = [
    { key: "id", header: t("columns.tokenId"), cell: (k) => <code className="font-mono text-xs">{k.token_id}</code> },
    {
      key: "state",
      header: t("columns.state"),
      cell: (k) => <Badge tone={k.state === "active" ? "success" : k.state === "revoked" ? "neutral" : "warning"}>{t(`state.${k.state}`)}</Badge>,
    },
    { key: "expires", header: t("columns.expires"), cell: (k) => formatDateTime(k.expires_at) },
    { key: "used", header: t("columns.used"), cell: (k) => (k.max_uses === null ? k.used_count : t("usedOf", { used: k.used_count, max: k.max_uses })) },
    { key: "nodes", header: t("columns.nodes"), cell: (k) => k.nodes_count },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (k) =>
        k.state === "active" ? (
          <Button variant="ghost" size="sm" aria-label={t("revokeLabel", { id: k.token_id })} onClick={() => setRevoking(k)}>
            {t("revoke")}
          </Button>
        ) : null,
    },
  ];

  const ttlSeconds = JOIN_TTL_OPTIONS.find((o) => o.key === ttl)?.seconds ?? 86_400;

  return (
    <Card aria-labelledby="cluster-join-title" data-testid="cluster-join">
      <CardHeader
        titleId="cluster-join-title"
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex items-center gap-2">
            <CompactSelect
              label={t("ttl")}
              value={ttl}
              testId="join-ttl"
              options={JOIN_TTL_OPTIONS.map((o) => ({ value: o.key, label: t(`ttlOptions.${o.key}`) }))}
              onChange={(v) => setTtl((JOIN_TTL_OPTIONS.find((o) => o.key === v)?.key ?? "24h") as JoinTtlKey)}
            />
            <label htmlFor={maxUsesId} className="sr-only">
              {t("maxUses")}
            </label>
            <Input
              id={maxUsesId}
              data-testid="join-max-uses"
              type="number"
              min={1}
              max={1000}
              step={1}
              placeholder={t("maxUsesUnlimited")}
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
              className="h-8 w-32"
            />
            <Button
              size="sm"
              disabled={create.isPending}
              onClick={() => create.mutate({ cluster_id: clusterId, ttl_seconds: ttlSeconds, max_uses: maxUses.trim() === "" ? null : Number(maxUses) })}
            >
              {create.isPending ? t("creating") : t("create")}
            </Button>
          </div>
        }
      />
      {createError ? (
        <SectionError error={createError} testId="join-unavailable" text={t("unavailable", { message: errorMessage(createError, tc("unknownError")) })} />
      ) : null}
      {created ? <JoinCommandBox joinCommand={created.joinCommand} directJoinCommand={created.directJoinCommand} onHide={() => setCreated(null)} /> : null}
      {tokens.isPending ? (
        <p className="px-5 py-6 text-sm text-zinc-500">{tc("loading")}</p>
      ) : tokens.isError ? (
        <SectionError error={tokens.error} text={t("unavailable", { message: errorMessage(tokens.error, tc("unknownError")) })} />
      ) : (
        <>
          <Table caption={t("tokensCaption")} columns={columns} rows={loadedItems(tokens)} rowKey={(k) => k.id} empty={t("tokensEmpty")} />
          <LoadMore query={tokens} />
        </>
      )}
      <JoinSessionsPanel clusterId={clusterId} />
      <RevokeJoinTokenDialog clusterId={clusterId} token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
