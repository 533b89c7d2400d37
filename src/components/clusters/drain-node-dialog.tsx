"use client";

import { useState } from "react";
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
 * The two options are kubectl drain's consents; when the server refuses for lack of one, its
 * message names the Pods and the user can tick the option and drain again from the same dialog.
 */
export function DrainNodeDialog({ clusterId, nodeName, onClose }: { clusterId: string; nodeName: string; onClose: () => void }) {
  const t = useTranslations("clusters.detail.nodes.drainDialog");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const invalidate = useInvalidateNodes(clusterId);
  const drain = useMutation(trpc.nodes.drain.mutationOptions({ onSuccess: () => invalidate() }));
  const [force, setForce] = useState(false);
  const [deleteEmptyDirData, setDeleteEmptyDirData] = useState(false);
  const close = () => {
    if (!drain.isPending) onClose();
  };
  const locked = drain.isPending || drain.isSuccess;

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
            <Button
              variant="danger"
              disabled={drain.isPending}
              onClick={() => drain.mutate({ cluster_id: clusterId, node_name: nodeName, force, delete_emptydir_data: deleteEmptyDirData })}
            >
              {drain.isPending ? t("confirming") : t("confirm")}
            </Button>
          </>
        )
      }
    >
      <fieldset className="space-y-3 text-sm" disabled={locked} data-testid="drain-options">
        <legend className="font-medium">{t("optionsTitle")}</legend>
        <DrainOption checked={force} onChange={setForce} name="force" label={t("force")} hint={t("forceHint")} />
        <DrainOption
          checked={deleteEmptyDirData}
          onChange={setDeleteEmptyDirData}
          name="delete_emptydir_data"
          label={t("deleteEmptyDirData")}
          hint={t("deleteEmptyDirDataHint")}
        />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("daemonSetsNote")}</p>
      </fieldset>
      {drain.isError ? <FormAlert data-testid="drain-node-error">{errorMessage(drain.error, tc("unknownError"))}</FormAlert> : null}
      {drain.data ? <DrainReport result={drain.data} /> : null}
    </Dialog>
  );
}

function DrainOption({ checked, onChange, name, label, hint }: { checked: boolean; onChange: (v: boolean) => void; name: string; label: string; hint: string }) {
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name={name} className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="block">{label}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
      </span>
    </label>
  );
}
