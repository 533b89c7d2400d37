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
import { PublicAccessFields } from "./public-access-fields";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { createClusterInput, publicAccessProblem, type PublicAccessForm } from "./public-access-form";

export function CreateClusterDialog({ open, onClose, provider }: { open: boolean; onClose: () => void; provider: PublicAccessProvider }) {
  const t = useTranslations("clusters");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [access, setAccess] = useState<PublicAccessForm>({ enabled: true, mode: "nodeport", host: "" });
  const [nameError, setNameError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);

  const create = useMutation(
    trpc.clusters.create.mutationOptions({
      onSuccess: async (cluster) => {
        await queryClient.invalidateQueries({ queryKey: trpc.clusters.list.pathKey() });
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
    const problem = publicAccessProblem(access, provider);
    if (problem) {
      setServerError(problem);
      return;
    }
    create.mutate(createClusterInput({ name, ...access }));
  }

  return (
    <Dialog open={open} onClose={close} dismissible={!create.isPending} title={t("createDialog.title")} testId="create-cluster-dialog">
      <form id="create-cluster-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="cluster-name" label={t("createDialog.name")} hint={t("createDialog.nameHint")} error={nameError}>
          {(control) => <Input {...control} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <PublicAccessFields idPrefix="create-cluster" value={access} onChange={setAccess} provider={provider} />
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
