"use client";

import { useState, type FormEvent } from "react";
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

const MIN_PASSWORD = 12;

/** New password with the current one; the server signs out every other session. */
export function ChangePasswordCard({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.password");
  const ts = useTranslations("security");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [fieldError, setFieldError] = useState<{ next?: string; repeat?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const change = useMutation(
    trpc.profile.changePassword.mutationOptions({
      onSuccess: async (result) => {
        setCurrent("");
        setNext("");
        setRepeat("");
        await queryClient.invalidateQueries({ queryKey: trpc.profile.listSessions.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
        toast.success(t("changed", { count: result.revoked_sessions }));
      },
      onError: (error) => {
        setCurrent(""); // never keep a password that was just refused
        setServerError(errorMessage(error, tc("unknownError")));
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const errors = {
      next: next.length < MIN_PASSWORD ? t("tooShort", { min: MIN_PASSWORD }) : undefined,
      repeat: next !== repeat ? t("mismatch") : undefined,
    };
    setFieldError(errors);
    if (errors.next || errors.repeat) return;
    change.mutate({ new_password: next, ...(current ? { current_password: current } : {}) });
  }

  return (
    <Card aria-labelledby="profile-password-title">
      <CardHeader titleId="profile-password-title" title={t("title")} description={t("description")} />
      <CardBody>
        <form noValidate onSubmit={submit} className="max-w-md space-y-4" data-testid="change-password-form">
          {profile.has_password ? (
            <Field id="profile-current-password" label={ts("currentPassword")}>
              {(control) => (
                <Input {...control} name="current_password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
              )}
            </Field>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noPasswordYet")}</p>
          )}
          <Field id="profile-new-password" label={t("new")} hint={t("hint", { min: MIN_PASSWORD })} error={fieldError.next}>
            {(control) => <Input {...control} name="new_password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />}
          </Field>
          <Field id="profile-repeat-password" label={t("repeat")} error={fieldError.repeat}>
            {(control) => <Input {...control} name="repeat_password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />}
          </Field>
          <FormAlert>{serverError}</FormAlert>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t("saving") : t("save")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
