"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { Profile } from "./profile-types";

/** Two steps: new address + current password sends a code to the new address; the code switches the address. */
export function EmailChangeCard({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.email");
  const ts = useTranslations("security");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const failed = (error: Parameters<typeof errorMessage>[0]) => setServerError(errorMessage(error, tc("unknownError")));

  const request = useMutation(
    trpc.profile.requestEmailChange.mutationOptions({
      onSuccess: (result) => {
        setPassword("");
        setServerError(null);
        setSentTo(result.email);
      },
      onError: (error) => {
        setPassword("");
        failed(error);
      },
    }),
  );
  const confirm = useMutation(
    trpc.profile.confirmEmailChange.mutationOptions({
      onSuccess: async (saved) => {
        setSentTo(null);
        setNewEmail("");
        setCode("");
        setServerError(null);
        await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
        toast.success(t("changed", { email: saved.email }));
        router.refresh();
      },
      onError: failed,
    }),
  );

  function submitRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    request.mutate({ new_email: newEmail, ...(password ? { current_password: password } : {}) });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sentTo) confirm.mutate({ new_email: sentTo, code });
  }

  return (
    <Card aria-labelledby="profile-email-title">
      <CardHeader titleId="profile-email-title" title={t("title")} description={t("description", { email: profile.email })} />
      <CardBody>
        {sentTo ? (
          <form noValidate onSubmit={submitCode} className="max-w-md space-y-4" data-testid="email-code-form">
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("codeSent", { email: sentTo })}</p>
            <Field id="profile-email-code" label={t("code")}>
              {(control) => <Input {...control} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
            </Field>
            <FormAlert>{serverError}</FormAlert>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? t("confirming") : t("confirm")}
              </Button>
              <Button variant="secondary" onClick={() => setSentTo(null)} disabled={confirm.isPending}>
                {tc("cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <form noValidate onSubmit={submitRequest} className="max-w-md space-y-4" data-testid="email-change-form">
            <Field id="profile-new-email" label={t("newEmail")}>
              {(control) => <Input {...control} name="new_email" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />}
            </Field>
            {profile.has_password ? (
              <Field id="profile-email-password" label={ts("currentPassword")}>
                {(control) => (
                  <Input {...control} name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                )}
              </Field>
            ) : null}
            <FormAlert>{serverError}</FormAlert>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t("sending") : t("send")}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
