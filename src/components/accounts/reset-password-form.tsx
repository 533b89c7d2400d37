"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { isCode, isEmail, passwordError, type PasswordError } from "./account-form-validation";
import { AuthLinks, linkClass } from "./auth-card";

type Errors = { email?: "emailInvalid"; code?: "codeInvalid"; password?: PasswordError };

/**
 * New password from the emailed link (the token comes in the URL) or from the
 * emailed code (email + code typed in). Success signs the account out everywhere.
 */
export function ResetPasswordForm({ token, initialEmail }: { token: string | undefined; initialEmail: string }) {
  const t = useTranslations("resetPassword");
  const tl = useTranslations("accountLinks");
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const complete = useMutation(trpc.accounts.completePasswordReset.mutationOptions({ onError: (e) => setServerError(errorMessage(e, t("failed"))) }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const next: Errors = {
      email: token || isEmail(email) ? undefined : "emailInvalid",
      code: token || isCode(code) ? undefined : "codeInvalid",
      password: passwordError(password, confirm),
    };
    setErrors(next);
    if (next.email || next.code || next.password) return;
    complete.mutate(token ? { token, new_password: password } : { email: email.trim(), code: code.trim(), new_password: password });
  }

  if (complete.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          {t("done")}
        </p>
        <Link href="/login" className={linkClass}>
          {tl("signIn")}
        </Link>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{token ? t("subtitleLink") : t("subtitleCode")}</p>
      <FormAlert id="reset-error">{serverError}</FormAlert>
      {token ? null : (
        <>
          <Field id="reset-email" label={t("email")} error={errors.email ? t(errors.email) : undefined}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Field id="reset-code" label={t("code")} error={errors.code ? t(errors.code) : undefined}>
            {(control) => (
              <Input {...control} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
        </>
      )}
      <Field id="reset-password" label={t("newPassword")} hint={t("passwordHint")} error={errors.password ? t(errors.password) : undefined}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
      </Field>
      <Field id="reset-confirm" label={t("confirmPassword")}>
        {(control) => <Input {...control} name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </Field>
      <Button type="submit" className="w-full" disabled={complete.isPending || !hydrated}>
        {complete.isPending ? t("submitting") : t("submit")}
      </Button>
      <AuthLinks>
        <Link href="/forgot-password" className={linkClass}>
          {t("requestNew")}
        </Link>
      </AuthLinks>
    </form>
  );
}
