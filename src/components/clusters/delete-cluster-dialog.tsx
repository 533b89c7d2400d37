"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";
import { DeletionPlanView } from "./deletion-plan-view";

export function DeleteClusterDialog({ cluster, open, onClose }: { cluster: ClusterItem; open: boolean; onClose: () => void }) {
  const t = useTranslations("clusters.detail.deleteDialog");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const remove = useMutation(
    trpc.clusters.delete.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.clusters.get.queryKey({ cluster_id: cluster.id }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.clusters.listOperations.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.clusters.list.pathKey() }),
        ]);
        toast.success(tt("deleting", { name: cluster.name }));
        onClose();
      },
      onError: (error) => toast.error(tt("deleteFailed", { message: errorMessage(error, tc("unknownError")) })),
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!remove.isPending}
      title={t("title")}
      description={t("body", { name: cluster.name })}
      testId="delete-cluster-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ cluster_id: cluster.id })}>
            {remove.isPending ? t("confirming") : t("confirm")}
          </Button>
        </>
      }
    >
      {open ? <DeletionPlanView cluster={cluster} /> : null}
    </Dialog>
  );
}
