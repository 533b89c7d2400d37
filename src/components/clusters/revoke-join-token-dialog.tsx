"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
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
          <Button variant="danger" disabled={revoke.isPending || !token} onClick={() => token && revoke.mutate({ cluster_id: clusterId, token_id: token.token_id })}>
            {revoke.isPending ? t("revokeDialog.confirming") : t("revokeDialog.confirm")}
          </Button>
        </>
      }
    />
  );
}
