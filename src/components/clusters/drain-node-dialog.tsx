"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-parts";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { DrainReport } from "./drain-report";
import { useInvalidateNodes } from "./use-node-invalidation";

/**
 * Confirm, drain, then show the per-pod report in place: the dialog stays open after the drain so
 * the user can read what happened (and why a pod could not leave). Mounted only while open.
 */
export function DrainNodeDialog({ clusterId, nodeName, onClose }: { clusterId: string; nodeName: string; onClose: () => void }) {
  const t = useTranslations("clusters.detail.nodes.drainDialog");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const invalidate = useInvalidateNodes(clusterId);
  const drain = useMutation(trpc.nodes.drain.mutationOptions({ onSuccess: () => invalidate() }));
  const close = () => {
    if (!drain.isPending) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      dismissible={!drain.isPending}
      title={t("title")}
      description={t("body", { name: nodeName })}
      testId="drain-node-dialog"
      footer={
        drain.isSuccess ? (
          <Button variant="secondary" onClick={onClose}>
            {t("done")}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={drain.isPending}>
              {tc("cancel")}
            </Button>
            <Button variant="danger" disabled={drain.isPending} onClick={() => drain.mutate({ cluster_id: clusterId, node_name: nodeName })}>
              {drain.isPending ? t("confirming") : t("confirm")}
            </Button>
          </>
        )
      }
    >
      {drain.isError ? <FormAlert data-testid="drain-node-error">{errorMessage(drain.error, tc("unknownError"))}</FormAlert> : null}
      {drain.data ? <DrainReport result={drain.data} /> : null}
    </Dialog>
  );
}
