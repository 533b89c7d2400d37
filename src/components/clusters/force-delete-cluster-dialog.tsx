"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";

/** Admin only: queues the forced delete, which removes the finalizers holding the host namespace (audited with the reason). */
export function ForceDeleteClusterDialog({ cluster, onClose }: { cluster: ClusterItem; onClose: () => void }) {
  const t = useTranslations("clusters.detail.forceDelete");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const force = useMutation(
    trpc.admin.forceDeleteCluster.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.clusters.get.queryKey({ cluster_id: cluster.id }), updated);
        await queryClient.invalidateQueries({ queryKey: trpc.clusters.listOperations.pathKey() });
        toast.success(t("queued", { name: cluster.name }));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, tc("unknownError"))),
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!force.isPending}
      title={t("title")}
      description={t("body", { name: cluster.name })}
      testId="force-delete-cluster-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={force.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={force.isPending || reason.trim().length === 0} onClick={() => force.mutate({ cluster_id: cluster.id, reason })}>
            {force.isPending ? t("confirming") : t("confirm")}
          </Button>
        </>
      }
    >
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("reason")}</span>
        <textarea
          className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="force-delete-reason"
        />
      </label>
    </Dialog>
  );
}
