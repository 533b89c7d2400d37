"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Select } from "@/components/ui/select";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import { saveTextFile } from "@/components/kubeconfigs/kubeconfig-types";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { BreakGlassDialog } from "./break-glass-dialog";
import type { ClusterItem } from "./cluster-types";

/** Lifetimes offered; "" leaves it to the platform's setting. The owner's plan may shorten any of them. */
const TTL_CHOICES = ["", "3600", "28800", "86400", "604800"] as const;

/**
 * "Download kubeconfig": issues a credential for the signed-in user (a ServiceAccount token in the cluster) with the
 * chosen access and lifetime, saves it as a file and shows when it expires. The owner may choose admin or view; a
 * platform admin on someone else's cluster gets view. The owner also finds the audited break-glass path here.
 */
export function KubeconfigDownloadButton({ cluster, isOwner }: { cluster: Pick<ClusterItem, "id" | "vcluster_name" | "name">; isOwner: boolean }) {
  const t = useTranslations("kubeconfigs.download");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState(false);
  const [breakGlassOpen, setBreakGlassOpen] = useState(false);
  const [access, setAccess] = useState<"admin" | "view">(isOwner ? "admin" : "view");
  const [ttl, setTtl] = useState<(typeof TTL_CHOICES)[number]>("");
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const issue = useMutation(
    trpc.kubeconfigs.issue.mutationOptions({
      onSuccess: async (result) => {
        saveTextFile(result.kubeconfig, `${cluster.vcluster_name}-${result.credential.access}.kubeconfig`);
        setExpiresAt(result.expires_at);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.kubeconfigs.listMine.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.kubeconfigs.listForCluster.pathKey() }),
        ]);
      },
      onError: (e) => setError(errorMessage(e, tc("unknownError"))),
    }),
  );

  const close = () => {
    setOpen(false);
    setExpiresAt(null);
    setError(null);
  };
  const download = () => {
    setError(null);
    issue.mutate({ cluster_id: cluster.id, access, ttl_seconds: ttl === "" ? undefined : Number(ttl) });
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="kubeconfig-download">
        {t("open")}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!issue.isPending}
        title={t("title", { name: cluster.name })}
        description={t("description")}
        testId="kubeconfig-download-dialog"
        footer={
          <>
            {isOwner ? (
              <Button variant="ghost" onClick={() => setBreakGlassOpen(true)} disabled={issue.isPending} data-testid="kubeconfig-break-glass-open">
                {t("breakGlass")}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={close} disabled={issue.isPending}>
              {tc("close")}
            </Button>
            <Button onClick={download} disabled={issue.isPending} data-testid="kubeconfig-download-confirm">
              {issue.isPending ? t("downloading") : t("download")}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {isOwner ? (
            <Field id="kubeconfig-access" label={t("access")} hint={t(`accessHint.${access}`)}>
              {(control) => (
                <Select {...control} value={access} onChange={(e) => setAccess(e.target.value === "view" ? "view" : "admin")}>
                  <option value="admin">{t("accessOption.admin")}</option>
                  <option value="view">{t("accessOption.view")}</option>
                </Select>
              )}
            </Field>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("viewOnly")}</p>
          )}
          <Field id="kubeconfig-ttl" label={t("ttl")} hint={t("ttlHint")}>
            {(control) => (
              <Select {...control} value={ttl} onChange={(e) => setTtl(TTL_CHOICES.find((c) => c === e.target.value) ?? "")}>
                {TTL_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`ttlOption.${choice === "" ? "default" : choice}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {expiresAt ? (
            <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="kubeconfig-expires-at">
              {t("downloaded", { expiresAt: formatDateTime(expiresAt) })}
            </p>
          ) : null}
          {error ? <FormAlert>{t("failed", { message: error })}</FormAlert> : null}
        </div>
      </Dialog>
      {isOwner ? <BreakGlassDialog cluster={cluster} open={breakGlassOpen} onClose={() => setBreakGlassOpen(false)} /> : null}
    </>
  );
}
