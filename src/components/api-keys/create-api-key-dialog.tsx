"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormActions, FormAlert } from "@/components/ui/form-parts";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import {
  MAX_API_KEY_EXPIRY_DAYS,
  MAX_API_KEY_NAME_LENGTH,
  validateCreateApiKeyForm,
  type CreateApiKeyFormErrors,
} from "./api-key-status";

export type CreatedApiKey = { name: string; secret: string };

type Props = { open: boolean; onClose: () => void; onCreated: (created: CreatedApiKey) => void };

export function CreateApiKeyDialog({ open, onClose, onCreated }: Props) {
  const t = useTranslations("apiKeys");
  const ts = useTranslations("security");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [expiresInDays, setExpiresInDays] = useState("");
  // Re-authentication: the server asks for the password again before minting a key.
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<CreateApiKeyFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.pathKey() });
        toast.success(t("toast.created", { name: result.api_key.name }));
        reset();
        onCreated({ name: result.api_key.name, secret: result.secret });
      },
      onError: (error) => {
        setCurrentPassword(""); // never keep a password that was just refused
        const message = errorMessage(error, tc("unknownError"));
        setServerError(message);
        toast.error(t("toast.createFailed", { message }));
      },
    }),
  );

  function reset() {
    setName("");
    setExpiresInDays("");
    setCurrentPassword("");
    setErrors({});
    setServerError(null);
  }

  function close() {
    if (create.isPending) return;
    reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const result = validateCreateApiKeyForm({ name, expiresInDays });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(currentPassword ? { ...result.value, current_password: currentPassword } : result.value);
  }

  const nameError =
    errors.name === "required" ? t("createDialog.nameRequired") : errors.name === "tooLong" ? t("createDialog.nameTooLong", { max: MAX_API_KEY_NAME_LENGTH }) : undefined;
  const expiresError = errors.expiresInDays ? t("createDialog.expiresInvalid", { max: MAX_API_KEY_EXPIRY_DAYS }) : undefined;

  return (
    <Dialog open={open} onClose={close} dismissible={!create.isPending} title={t("createDialog.title")} testId="create-api-key-dialog">
      <form id="create-api-key-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="api-key-name" label={t("createDialog.name")} hint={t("createDialog.nameHint")} error={nameError}>
          {(control) => (
            <Input {...control} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field
          id="api-key-expires"
          label={t("createDialog.expiresInDays")}
          optionalText={tc("optional")}
          hint={t("createDialog.expiresHint")}
          error={expiresError}
        >
          {(control) => (
            <Input
              {...control}
              name="expires_in_days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_API_KEY_EXPIRY_DAYS}
              step={1}
              value={expiresInDays}
              onChange={(e) => setExpiresInDays(e.target.value)}
            />
          )}
        </Field>
        <Field id="api-key-current-password" label={ts("currentPassword")} hint={ts("currentPasswordHint")}>
          {(control) => (
            <Input
              {...control}
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          )}
        </Field>
        <FormAlert>{serverError}</FormAlert>
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
