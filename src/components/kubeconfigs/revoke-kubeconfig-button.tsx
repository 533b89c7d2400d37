"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { KubeconfigCredentialItem } from "./kubeconfig-types";

/** Revokes one credential (its ServiceAccount is deleted in the cluster) and refreshes both credential lists. */
export function RevokeKubeconfigButton({ credential }: { credential: Pick<KubeconfigCredentialItem, "id" | "cluster_id"> }) {
  const t = useTranslations("kubeconfigs");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.kubeconfigs.revoke.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.kubeconfigs.listMine.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.kubeconfigs.listForCluster.pathKey() }),
        ]);
        toast.success(t("revoked"));
      },
      onError: (error) => toast.error(t("revokeFailed", { message: errorMessage(error, tc("unknownError")) })),
    }),
  );
  return (
    <Button variant="ghost" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate({ cluster_id: credential.cluster_id, credential_id: credential.id })} data-testid={`revoke-kubeconfig-${credential.id}`}>
      {t("revoke")}
    </Button>
  );
}
