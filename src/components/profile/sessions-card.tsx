"use client";

import { useTranslations } from "next-intl";
import { signOut } from "next-auth/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { Table, type Column } from "@/components/ui/table";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { OwnSession } from "./profile-types";

/** The user's signed-in browsers; each can be signed out, or all but this one at once. */
export function SessionsCard() {
  const t = useTranslations("profile.sessions");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  const list = useQuery(trpc.profile.listSessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.profile.listSessions.queryKey() });
  const failed = (error: Parameters<typeof errorMessage>[0]) => toast.error(t("failed", { message: errorMessage(error, tc("unknownError")) }));

  const revoke = useMutation(
    trpc.profile.revokeSession.mutationOptions({
      onSuccess: async (result) => {
        // Signing out the current browser is a logout: clear the cookie and go to the login page.
        if (result.current) return void signOut({ callbackUrl: "/login" });
        await refresh();
        toast.success(t("revoked"));
      },
      onError: failed,
    }),
  );
  const revokeOthers = useMutation(
    trpc.profile.revokeOtherSessions.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast.success(t("revokedOthers", { count: result.revoked_sessions }));
      },
      onError: failed,
    }),
  );

  const columns: Column<OwnSession>[] = [
    {
      key: "device",
      header: t("columns.device"),
      cell: (s) => (
        <span className="flex items-center gap-2">
          <span className="max-w-xs truncate" title={s.user_agent ?? undefined}>
            {s.user_agent ?? t("unknownDevice")}
          </span>
          {s.current ? <Badge tone="success">{t("current")}</Badge> : null}
        </span>
      ),
    },
    { key: "ip", header: t("columns.ip"), cell: (s) => <code className="font-mono text-xs">{s.ip ?? "—"}</code> },
    { key: "created", header: t("columns.created"), cell: (s) => formatDateTime(s.created_at) },
    { key: "lastSeen", header: t("columns.lastSeen"), cell: (s) => (s.last_seen_at ? formatDateTime(s.last_seen_at) : "—") },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      className: "text-right",
      cell: (s) => (
        <Button variant="ghost" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate({ session_id: s.id })}>
          {s.current ? t("signOutHere") : t("revoke")}
        </Button>
      ),
    },
  ];

  return (
    <Card aria-labelledby="profile-sessions-title" data-testid="profile-sessions">
      <CardHeader
        titleId="profile-sessions-title"
        title={t("title")}
        description={t("description")}
        actions={
          <Button variant="secondary" size="sm" disabled={revokeOthers.isPending} onClick={() => revokeOthers.mutate()} data-testid="revoke-other-sessions">
            {t("revokeOthers")}
          </Button>
        }
      />
      <QueryState query={list} failedMessage={(message) => t("loadFailed", { message })}>
        {(data) => <Table caption={t("title")} columns={columns} rows={data.items} rowKey={(s) => s.id} empty={t("empty")} />}
      </QueryState>
    </Card>
  );
}
