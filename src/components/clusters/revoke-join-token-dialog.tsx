"use client";

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
        await queryClient.invalidateQueries({ queryKey: trpc.joinTokens.list.queryKey({ cluster_id: clusterId }) });
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
          <section aria-label={t("revokeDialog.nodesTitle")}>
            <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{t("revokeDialog.nodesTitle")}</h3>
            {preview.data.joined_nodes.length === 0 ? (
              <p className="text-zinc-500">{t("revokeDialog.noNodes")}</p>
            ) : (
              <ul className="list-disc pl-5">
                {preview.data.joined_nodes.map((n) => (
                  <li key={`${n.node_name}-${n.observed_at}`}>
                    <code className="font-mono text-xs">{n.node_name}</code>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label={t("revokeDialog.sessionsTitle")}>
            <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{t("revokeDialog.sessionsTitle")}</h3>
            {preview.data.open_sessions.length === 0 ? (
              <p className="text-zinc-500">{t("revokeDialog.noSessions")}</p>
            ) : (
              <ul className="list-disc pl-5">
                {preview.data.open_sessions.map((s) => (
                  <li key={s.id}>
                    {t("revokeDialog.sessionLine", {
                      node: s.node_name ?? t("revokeDialog.unknownNode"),
                      ip: s.client_ip ?? t("revokeDialog.unknownIp"),
                      time: formatDateTime(s.created_at),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
