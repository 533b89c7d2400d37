"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { saveTextFile } from "@/components/kubeconfigs/kubeconfig-types";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";

const REASON_MIN = 10;
const REASON_MAX = 500;

/**
 * The owner's explicit, audited download of the vCluster's admin client certificate. The dialog says what it is —
 * long-lived, not revocable short of rotating the vCluster's CA — and asks for the reason the audit trail keeps.
 */
export function BreakGlassDialog({ cluster, open, onClose }: { cluster: Pick<ClusterItem, "id" | "vcluster_name" | "name">; open: boolean; onClose: () => void }) {
  const t = useTranslations("kubeconfigs.breakGlass");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const download = useMutation(
    trpc.kubeconfigs.breakGlass.mutationOptions({
      onSuccess: (result) => {
        saveTextFile(result.kubeconfig, `${cluster.vcluster_name}-admin-certificate.kubeconfig`);
        setReason("");
        onClose();
      },
      onError: (e) => setError(errorMessage(e, tc("unknownError"))),
    }),
  );
  const length = reason.trim().length;
  const valid = length >= REASON_MIN && length <= REASON_MAX;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!download.isPending}
      title={t("title")}
      description={t("description", { name: cluster.name })}
      testId="kubeconfig-break-glass-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={download.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={!valid || download.isPending} onClick={() => download.mutate({ cluster_id: cluster.id, reason: reason.trim() })} data-testid="kubeconfig-break-glass-confirm">
            {download.isPending ? t("downloading") : t("confirm")}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Field id="break-glass-reason" label={t("reason")} hint={t("reasonHint", { min: REASON_MIN, max: REASON_MAX })}>
          {(control) => (
            <textarea
              {...control}
              value={reason}
              maxLength={REASON_MAX}
              rows={3}
              onChange={(e) => setReason(e.target.value)}
              className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            />
          )}
        </Field>
        {error ? <FormAlert>{t("failed", { message: error })}</FormAlert> : null}
      </div>
    </Dialog>
  );
}
