"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { loginErrorKey, type LoginErrorKey } from "./login-error";

type FieldErrors = { email?: string; password?: string };

export function LoginForm() {
  const t = useTranslations("login");
  const tAccount = useTranslations("accountLinks");
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<LoginErrorKey | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (email.trim() === "") errors.email = t("emailRequired");
    if (password === "") errors.password = t("passwordRequired");
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) return;

    setPending(true);
    try {
      const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
      if (!result || result.error || !result.ok) {
        setFormError(loginErrorKey(result?.error ?? "", result?.status ?? 0));
        setPending(false);
        return;
      }
      // Keep the button disabled: the navigation replaces this page.
      router.replace("/dashboard");
      router.refresh();
    } catch {
      setFormError("failed");
      setPending(false);
    }
  }

  return (
    // method="post" and a disabled button until hydration: a native submit before React takes over
    // must never put the password into the URL (history, server logs).
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-describedby={formError ? "login-error" : undefined}>
      <FormAlert id="login-error">
        {formError === "emailNotVerified" ? tAccount("emailNotVerified") : formError ? t(formError) : null}
      </FormAlert>
      <Field id="login-email" label={t("email")} error={fieldErrors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field id="login-password" label={t("password")} error={fieldErrors.password}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
