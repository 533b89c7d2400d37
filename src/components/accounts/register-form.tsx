"use client";

import { useEffect, useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
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

type DetailErrors = { name?: "nameRequired"; email?: "emailInvalid"; password?: PasswordError };

/**
 * Sign-up in two steps: details, then the emailed code. The password stays in
 * memory between the steps because verify checks it and the login that follows
 * uses it; it is never stored in the browser.
 */
export function RegisterForm() {
  const t = useTranslations("register");
  const tl = useTranslations("accountLinks");
  const locale = useLocale();
  const router = useRouter();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const [step, setStep] = useState<"details" | "code">("details");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<DetailErrors>({});
  const [codeError, setCodeError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(15);
  // Seconds until "send a new code" is allowed again (the server's cooldown).
  const [wait, setWait] = useState(0);
  const [signingIn, setSigningIn] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => Math.max(0, w - 1)), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const fail = (error: unknown) => setServerError(errorMessage(error, t("failed")));
  const register = useMutation(
    trpc.accounts.register.mutationOptions({
      onSuccess: (result) => {
        setMinutes(Math.round(result.code_expires_in_seconds / 60));
        setWait(result.resend_after_seconds);
        setStep("code");
      },
      onError: fail,
    }),
  );
  const resend = useMutation(
    trpc.accounts.resendRegistrationCode.mutationOptions({
      onSuccess: (result) => {
        setWait(result.resend_after_seconds);
        setNotice(t("resent"));
      },
      onError: fail,
    }),
  );
  const verify = useMutation(
    trpc.accounts.verifyRegistration.mutationOptions({
      onSuccess: async () => {
        // The account is active: sign in through the normal login, as the login page would.
        setSigningIn(true);
        const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
        if (!result || result.error || !result.ok) {
          setSigningIn(false);
          setNotice(t("verifiedSignInFailed"));
          return;
        }
        router.replace("/dashboard");
        router.refresh();
      },
      onError: fail,
    }),
  );

  function submitDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: DetailErrors = {
      name: name.trim() === "" ? "nameRequired" : undefined,
      email: isEmail(email) ? undefined : "emailInvalid",
      password: passwordError(password, confirm),
    };
    setErrors(next);
    setServerError(null);
    if (next.name || next.email || next.password) return;
    register.mutate({ email: email.trim(), password, display_name: name.trim(), locale: locale === "en" ? "en" : "zh-CN" });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    setNotice(null);
    const ok = isCode(code);
    setCodeError(!ok);
    if (ok) verify.mutate({ email: email.trim(), code: code.trim(), password });
  }

  if (step === "code") {
    const busy = verify.isPending || signingIn;
    return (
      <form method="post" noValidate onSubmit={submitCode} className="space-y-4">
        <h2 className="text-base font-semibold">{t("codeTitle")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("codeSent", { email: email.trim().toLowerCase(), minutes })}</p>
        <FormAlert id="register-error">{serverError}</FormAlert>
        {notice ? <p className="text-sm text-emerald-700 dark:text-emerald-400" role="status">{notice}</p> : null}
        <Field id="register-code" label={t("code")} error={codeError ? t("codeInvalid") : undefined}>
          {(control) => (
            <Input {...control} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t("verifying") : t("verify")}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={wait > 0 || resend.isPending} onClick={() => resend.mutate({ email: email.trim() })}>
            {wait > 0 ? t("resendIn", { seconds: wait }) : t("resend")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => { setStep("details"); setCode(""); setServerError(null); setNotice(null); }}>
            {t("changeEmail")}
          </Button>
        </div>
      </form>
    );
  }

  return (
    // A disabled button until hydration: a native submit must never put the password into the URL.
    <form method="post" noValidate onSubmit={submitDetails} className="space-y-4">
      <FormAlert id="register-error">{serverError}</FormAlert>
      <Field id="register-name" label={t("name")} error={errors.name ? t(errors.name) : undefined}>
        {(control) => <Input {...control} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field id="register-email" label={t("email")} error={errors.email ? t(errors.email) : undefined}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field id="register-password" label={t("password")} hint={t("passwordHint")} error={errors.password ? t(errors.password) : undefined}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
      </Field>
      <Field id="register-confirm" label={t("confirmPassword")}>
        {(control) => <Input {...control} name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </Field>
      <Button type="submit" className="w-full" disabled={register.isPending || !hydrated}>
        {register.isPending ? t("submitting") : t("submit")}
      </Button>
      <AuthLinks>
        {tl("haveAccount")}{" "}
        <Link href="/login" className={linkClass}>
          {tl("signIn")}
        </Link>
      </AuthLinks>
    </form>
  );
}
