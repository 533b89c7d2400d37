"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-parts";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { useInvalidateNodes } from "./use-node-invalidation";

/** Confirms removing a Node object; mounted only while open. `onDeleted` runs after the lists were refreshed. */
export function DeleteNodeDialog({ clusterId, nodeName, onClose, onDeleted }: { clusterId: string; nodeName: string; onClose: () => void; onDeleted?: () => void }) {
  const t = useTranslations("clusters.detail.nodes.deleteDialog");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateNodes(clusterId);
  const remove = useMutation(
    trpc.nodes.delete.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast.success(tt("nodeDeleted", { name: nodeName }));
        onClose();
        onDeleted?.();
      },
    }),
  );
  const close = () => {
    if (!remove.isPending) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      dismissible={!remove.isPending}
      title={t("title")}
      description={t("body", { name: nodeName })}
      testId="delete-node-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ cluster_id: clusterId, node_name: nodeName })}>
            {remove.isPending ? t("confirming") : t("confirm")}
          </Button>
        </>
      }
    >
      {remove.isError ? <FormAlert data-testid="delete-node-error">{errorMessage(remove.error, tc("unknownError"))}</FormAlert> : null}
    </Dialog>
  );
}
