"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { LOCALES, isAppLocale } from "@/i18n/locales";
import { setLocaleAction } from "@/i18n/set-locale-action";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { Profile } from "./profile-types";

const MAX_NAME = 100;

/** Display name and language. A new language is also applied to the console (cookie), so both stay in step. */
export function ProfileDetailsCard({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.details");
  const tl = useTranslations("locale");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.display_name);
  const [locale, setLocale] = useState<string>(profile.locale ?? "");
  const [nameError, setNameError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  const update = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
        toast.success(t("saved"));
        startTransition(async () => {
          if (saved.locale && saved.locale !== profile.locale) await setLocaleAction(saved.locale);
          // The header shows the name and the server components hold the translated text.
          router.refresh();
        });
      },
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t("nameRequired"));
    if (trimmed.length > MAX_NAME) return setNameError(t("nameTooLong", { max: MAX_NAME }));
    setNameError(undefined);
    update.mutate({ display_name: trimmed, ...(isAppLocale(locale) ? { locale } : {}) });
  }

  return (
    <Card aria-labelledby="profile-details-title">
      <CardHeader titleId="profile-details-title" title={t("title")} description={t("description", { email: profile.email })} />
      <CardBody>
        <form noValidate onSubmit={submit} className="max-w-md space-y-4" data-testid="profile-details-form">
          <Field id="profile-name" label={t("name")} error={nameError}>
            {(control) => <Input {...control} name="display_name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field id="profile-locale" label={t("language")} hint={t("languageHint")}>
            {(control) => (
              <Select {...control} name="locale" value={locale} onChange={(e) => setLocale(e.target.value)}>
                {profile.locale ? null : <option value="">{t("languageUnset")}</option>}
                {LOCALES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {tl(l)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <FormAlert>{serverError}</FormAlert>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t("saving") : t("save")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
