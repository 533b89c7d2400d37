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
import { isEmail } from "./account-form-validation";
import { AuthLinks, linkClass } from "./auth-card";

/** Asks for a reset email; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("forgotPassword");
  const tl = useTranslations("accountLinks");
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const request = useMutation(trpc.accounts.requestPasswordReset.mutationOptions({ onError: (e) => setServerError(errorMessage(e, t("failed"))) }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const ok = isEmail(email);
    setEmailError(!ok);
    if (ok) request.mutate({ email: email.trim() });
  }

  if (request.isSuccess) {
    const address = email.trim().toLowerCase();
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          {t("sent", { email: address })}
        </p>
        <Link href={`/reset-password?email=${encodeURIComponent(address)}`} className={linkClass}>
          {t("enterCode")}
        </Link>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      <FormAlert id="forgot-error">{serverError}</FormAlert>
      <Field id="forgot-email" label={t("email")} error={emailError ? t("emailInvalid") : undefined}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Button type="submit" className="w-full" disabled={request.isPending || !hydrated}>
        {request.isPending ? t("submitting") : t("submit")}
      </Button>
      <AuthLinks>
        <Link href="/login" className={linkClass}>
          {tl("signIn")}
        </Link>
      </AuthLinks>
    </form>
  );
}
