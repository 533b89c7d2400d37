"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ApiKeyItem } from "./api-key-types";

export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyItem | null; onClose: () => void }) {
  const t = useTranslations("apiKeys");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.pathKey() });
        toast.success(t("toast.revoked", { name: apiKey?.name ?? "" }));
        onClose();
      },
      onError: (error) => toast.error(t("toast.revokeFailed", { message: errorMessage(error, tc("unknownError")) })),
    }),
  );

  return (
    <Dialog
      open={apiKey !== null}
      onClose={onClose}
      dismissible={!revoke.isPending}
      title={t("revokeDialog.title")}
      description={apiKey ? t("revokeDialog.body", { name: apiKey.name }) : undefined}
      testId="revoke-api-key-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={revoke.isPending || !apiKey} onClick={() => apiKey && revoke.mutate({ id: apiKey.id })}>
            {revoke.isPending ? t("revokeDialog.confirming") : t("revokeDialog.confirm")}
          </Button>
        </>
      }
    />
  );
}
