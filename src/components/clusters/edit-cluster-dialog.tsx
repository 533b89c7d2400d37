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
import { PublicAccessFields } from "./public-access-fields";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { publicAccessFormOf, updateAccessProblem, updateClusterInput, type PublicAccessForm } from "./public-access-form";

/** Mounted only while open, so every opening starts from the cluster's current settings. */
export function EditClusterDialog({ cluster, onClose, provider }: { cluster: ClusterItem; onClose: () => void; provider: PublicAccessProvider }) {
  const t = useTranslations("clusters");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(cluster.name);
  const [planId, setPlanId] = useState("");
  const [access, setAccess] = useState<PublicAccessForm>(() => publicAccessFormOf(cluster));
  const [nameError, setNameError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);

  const update = useMutation(
    trpc.clusters.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.clusters.get.queryKey({ cluster_id: cluster.id }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.clusters.listOperations.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.clusters.list.pathKey() }),
        ]);
        toast.success(updated.status === "updating" ? t("toast.updateStarted", { name: updated.name }) : t("toast.saved", { name: updated.name }));
        onClose();
      },
      // e.g. loadbalancer without a host (400) or a cluster still provisioning (409): the server says what to do.
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  function close() {
    if (!update.isPending) onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    if (!name.trim()) {
      setNameError(t("editDialog.nameRequired"));
      return;
    }
    setNameError(undefined);
    const change = updateClusterInput(cluster, { name, planId, ...access });
    if (!change) {
      toast.show(t("toast.noChanges"));
      onClose();
      return;
    }
    const problem = updateAccessProblem(change, access, provider);
    if (problem) {
      setServerError(problem);
      return;
    }
    update.mutate({ cluster_id: cluster.id, ...change });
  }

  return (
    <Dialog
      open
      onClose={close}
      dismissible={!update.isPending}
      title={t("editDialog.title")}
      description={t("editDialog.description")}
      testId="edit-cluster-dialog"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="edit-cluster-name" label={t("editDialog.name")} error={nameError}>
          {(control) => <Input {...control} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field
          id="edit-cluster-plan"
          label={t("editDialog.plan")}
          optionalText={tc("optional")}
          hint={cluster.plan_id ? t("editDialog.planHintCurrent", { plan: cluster.plan_id }) : t("editDialog.planHintNone")}
        >
          {(control) => <Input {...control} name="plan_id" autoComplete="off" value={planId} onChange={(e) => setPlanId(e.target.value)} />}
        </Field>
        <PublicAccessFields idPrefix="edit-cluster" value={access} onChange={setAccess} provider={provider} />
        <FormAlert data-testid="edit-cluster-error">{serverError}</FormAlert>
        <FormActions
          cancelLabel={tc("cancel")}
          submitLabel={update.isPending ? t("editDialog.submitting") : t("editDialog.submit")}
          pending={update.isPending}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
