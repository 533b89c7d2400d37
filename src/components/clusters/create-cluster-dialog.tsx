"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormActions, FormAlert } from "@/components/ui/form-parts";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { createClusterInput } from "./cluster-status";

const selectClasses =
  "h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

export function CreateClusterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("clusters");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [enabled, setEnabled] = useState(true);
  const [mode, setMode] = useState<"nodeport" | "loadbalancer">("nodeport");
  const [host, setHost] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);

  const create = useMutation(
    trpc.clusters.create.mutationOptions({
      onSuccess: async (cluster) => {
        await queryClient.invalidateQueries({ queryKey: trpc.clusters.list.queryKey() });
        toast.success(t("toast.created", { name: cluster.name }));
        router.push(`/clusters/${cluster.id}`);
      },
      // The server owns the public-access rules; its 400 message says what to fix.
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  function close() {
    if (create.isPending) return;
    setServerError(null);
    setNameError(undefined);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    if (!name.trim()) {
      setNameError(t("createDialog.nameRequired"));
      return;
    }
    setNameError(undefined);
    create.mutate(createClusterInput({ name, enabled, mode, host }));
  }

  return (
    <Dialog open={open} onClose={close} dismissible={!create.isPending} title={t("createDialog.title")} testId="create-cluster-dialog">
      <form id="create-cluster-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="cluster-name" label={t("createDialog.name")} hint={t("createDialog.nameHint")} error={nameError}>
          {(control) => <Input {...control} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field id="cluster-public-access" label={t("createDialog.publicAccess")}>
          {(control) => (
            <select {...control} className={selectClasses} value={enabled ? "on" : "off"} onChange={(e) => setEnabled(e.target.value === "on")}>
              <option value="on">{t("createDialog.publicAccessOn")}</option>
              <option value="off">{t("createDialog.publicAccessOff")}</option>
            </select>
          )}
        </Field>
        {enabled ? (
          <Field
            id="cluster-mode"
            label={t("createDialog.mode")}
            hint={mode === "nodeport" ? t("createDialog.nodeportHint") : t("createDialog.loadbalancerHint")}
          >
            {(control) => (
              <select
                {...control}
                className={selectClasses}
                value={mode}
                onChange={(e) => setMode(e.target.value === "loadbalancer" ? "loadbalancer" : "nodeport")}
              >
                <option value="nodeport">{t("createDialog.modeNodeport")}</option>
                <option value="loadbalancer">{t("createDialog.modeLoadbalancer")}</option>
              </select>
            )}
          </Field>
        ) : null}
        <Field
          id="cluster-host"
          label={t("createDialog.host")}
          optionalText={enabled && mode === "loadbalancer" ? undefined : tc("optional")}
          hint={t("createDialog.hostHint")}
        >
          {(control) => <Input {...control} name="control_plane_host" autoComplete="off" value={host} onChange={(e) => setHost(e.target.value)} />}
        </Field>
        <FormAlert data-testid="create-cluster-error">{serverError}</FormAlert>
        <FormActions
          cancelLabel={tc("cancel")}
          submitLabel={create.isPending ? t("createDialog.submitting") : t("createDialog.submit")}
          pending={create.isPending}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
