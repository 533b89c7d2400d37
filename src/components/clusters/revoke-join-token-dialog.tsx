"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { JoinTokenItem } from "./cluster-types";

export function RevokeJoinTokenDialog({ clusterId, token, onClose }: { clusterId: string; token: JoinTokenItem | null; onClose: () => void }) {
  const t = useTranslations("clusters.detail.join");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  // What the revocation affects, loaded each time the dialog opens, before the confirm button is offered.
  const preview = useQuery({
    ...trpc.joinTokens.revocationPreview.queryOptions({ cluster_id: clusterId, token_id: token?.token_id ?? "" }),
    enabled: token !== null,
    staleTime: 0,
  });

  const revoke = useMutation(
    trpc.joinTokens.revoke.mutationOptions({
      onSuccess: async (revoked) => {
        await queryClient.invalidateQueries({ queryKey: trpc.joinTokens.list.pathKey() });
        toast.success(tt("tokenRevoked", { id: revoked.token_id }));
        onClose();
      },
      onError: (error) => toast.error(tt("tokenRevokeFailed", { message: errorMessage(error, tc("unknownError")) })),
    }),
  );

  return (
    <Dialog
      open={token !== null}
      onClose={onClose}
      dismissible={!revoke.isPending}
      title={t("revokeDialog.title")}
      description={token ? t("revokeDialog.body", { id: token.token_id }) : undefined}
      testId="revoke-join-token-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={revoke.isPending || !token || !preview.isSuccess} onClick={() => token && revoke.mutate({ cluster_id: clusterId, token_id: token.token_id })}>
            {revoke.isPending ? t("revokeDialog.confirming") : t("revokeDialog.confirm")}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <p className="text-sm text-zinc-500">{t("revokeDialog.loading")}</p>
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t("revokeDialog.previewFailed", { message: errorMessage(preview.error, tc("unknownError")) })}
        </p>
      ) : (
        <div className="space-y-3 text-sm" data-testid="revoke-join-token-preview">
          <PreviewList
            title={t("revokeDialog.nodesTitle")}
            empty={t("revokeDialog.noNodes")}
            items={preview.data.joined_nodes.map((n) => ({ key: `${n.node_name}-${n.observed_at}`, text: <code className="font-mono text-xs">{n.node_name}</code> }))}
          />
          <PreviewList
            title={t("revokeDialog.sessionsTitle")}
            empty={t("revokeDialog.noSessions")}
            items={preview.data.open_sessions.map((s) => ({
              key: s.id,
              text: t("revokeDialog.sessionLine", { node: s.node_name ?? t("revokeDialog.unknownNode"), ip: s.client_ip ?? t("revokeDialog.unknownIp"), time: formatDateTime(s.created_at) }),
            }))}
          />
        </div>
      )}
    </Dialog>
  );
}

function PreviewList({ title, empty, items }: { title: string; empty: string; items: Array<{ key: string; text: ReactNode }> }) {
  return (
    <section aria-label={title}>
      <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{title}</h3>
      {items.length === 0 ? (
        <p className="text-zinc-500">{empty}</p>
      ) : (
        <ul className="list-disc pl-5">
          {items.map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
