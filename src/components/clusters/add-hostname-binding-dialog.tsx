"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormActions, FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";
import { previewBindingScope } from "./hostname-binding-preview";

/** Mounted only while open, so every opening starts empty. */
export function AddHostnameBindingDialog({ cluster, onClose }: { cluster: ClusterItem; onClose: () => void }) {
  const t = useTranslations("clusters.detail.bindings.addDialog");
  const tb = useTranslations("clusters.detail.bindings");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [hostname, setHostname] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  const preview = previewBindingScope(hostname, cluster.managed_workload_ingress_cname_target);

  const create = useMutation(
    trpc.hostnameBindings.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.hostnameBindings.list.pathKey() });
        toast.success(tb("added", { hostname: created.hostname }));
        onClose();
      },
      // 400 (not a hostname, wildcard), 409 (bound elsewhere, reserved), 412 (no CNAME target): the server's words.
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  function close() {
    if (!create.isPending) onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    create.mutate({ cluster_id: cluster.id, hostname });
  }

  const previewText =
    preview.kind === "empty"
      ? t("previewEmpty")
      : preview.kind === "invalid"
        ? preview.message
        : preview.scope === "platform_managed"
          ? t("previewPlatformManaged", { hostname: preview.hostname, baseDomain: preview.baseDomain ?? "" })
          : preview.baseDomain
            ? t("previewSelfManaged", { hostname: preview.hostname, baseDomain: preview.baseDomain })
            : t("previewSelfManagedNoBase", { hostname: preview.hostname });

  return (
    <Dialog open onClose={close} dismissible={!create.isPending} title={t("title")} description={t("description")} testId="add-hostname-binding-dialog">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="binding-hostname" label={t("hostname")} hint={cluster.managed_workload_ingress_cname_target ? t("hint", { target: cluster.managed_workload_ingress_cname_target }) : t("hintNoTarget")}>
          {(control) => (
            <Input {...control} name="hostname" autoComplete="off" spellCheck={false} placeholder="app.example.com" value={hostname} onChange={(e) => setHostname(e.target.value)} />
          )}
        </Field>
        <p
          role="status"
          aria-live="polite"
          data-testid="binding-scope-preview"
          data-scope={preview.kind === "scope" ? preview.scope : undefined}
          className={preview.kind === "invalid" ? "text-sm text-amber-800 dark:text-amber-300" : "text-sm text-zinc-600 dark:text-zinc-400"}
        >
          {previewText}
        </p>
        <FormAlert data-testid="add-binding-error">{serverError}</FormAlert>
        <FormActions cancelLabel={tc("cancel")} submitLabel={create.isPending ? t("submitting") : t("submit")} pending={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}
