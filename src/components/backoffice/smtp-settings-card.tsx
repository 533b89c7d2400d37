"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/error-message";
import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

type SmtpView = RouterOutputs["settings"]["get"]["smtp"];
export interface SmtpInput {
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  removePassword: boolean;
  from: string;
}

export const initialSmtp = (view: SmtpView): SmtpInput => ({
  host: view.host ?? "",
  port: String(view.port),
  secure: view.secure,
  user: view.user ?? "",
  password: "",
  removePassword: false,
  from: view.from ?? "",
});

/** What the PATCH sends: an empty password keeps the stored one, "remove" sends null; a blank port means the default 587. */
export const smtpPatch = (input: SmtpInput): NonNullable<RouterInputs["settings"]["update"]["smtp"]> => ({
  host: input.host,
  port: input.port.trim() === "" ? 587 : Number(input.port),
  secure: input.secure,
  user: input.user,
  password: input.removePassword ? null : input.password,
  from: input.from,
});

/**
 * The SMTP server for account and notification email, with the source in
 * effect (KUBEBYON_SMTP_HOST wins) and a test email to the admin's own address
 * that shows the server's error text when it fails.
 */
export function SmtpSettingsCard({ view, value, onChange }: { view: SmtpView; value: SmtpInput; onChange: (next: SmtpInput) => void }) {
  const t = useTranslations("smtpSettings");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const toast = useToast();
  const set = (patch: Partial<SmtpInput>) => onChange({ ...value, ...patch });
  const test = useMutation(
    trpc.settings.sendTestEmail.mutationOptions({
      onSuccess: (r) => (r.delivered ? toast.success(t("testSent", { to: r.to })) : toast.error(t("testFailed", { to: r.to, error: r.error ?? "" }))),
      onError: (e) => toast.error(t("testError", { message: errorMessage(e, tc("unknownError")) })),
    }),
  );
  const passwordHint = view.password_set ? t("passwordHintSet", { hint: view.password_hint ?? t("set") }) : t("passwordHintUnset");
  return (
    <Card>
      <CardHeader title={t("title")} description={t("description")} />
      <CardBody className="space-y-4" data-testid="smtp-settings">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="smtp-source">
          {t(`source.${view.effective_source}`)}
        </p>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field id="smtp-host" label={t("host")}>
            {(p) => <Input {...p} value={value.host} autoComplete="off" onChange={(e) => set({ host: e.target.value })} placeholder="smtp.example.com" />}
          </Field>
          <Field id="smtp-port" label={t("port")}>
            {(p) => <Input {...p} type="number" min={1} max={65535} value={value.port} onChange={(e) => set({ port: e.target.value })} />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={value.secure} onChange={(e) => set({ secure: e.target.checked })} />
          {t("secure")}
        </label>
        <Field id="smtp-user" label={t("user")} hint={t("userHint")}>
          {(p) => <Input {...p} value={value.user} autoComplete="off" onChange={(e) => set({ user: e.target.value })} />}
        </Field>
        <Field id="smtp-password" label={t("password")} hint={passwordHint}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" value={value.password} disabled={value.removePassword} onChange={(e) => set({ password: e.target.value })} />
          )}
        </Field>
        {view.password_set ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={value.removePassword} onChange={(e) => set({ removePassword: e.target.checked })} />
            {t("removePassword")}
          </label>
        ) : null}
        <Field id="smtp-from" label={t("from")} hint={t("fromHint")}>
          {(p) => <Input {...p} value={value.from} onChange={(e) => set({ from: e.target.value })} placeholder="KubeBYON <noreply@example.com>" />}
        </Field>
        <div className="flex items-center gap-3">
          <Button variant="secondary" disabled={test.isPending || view.effective_source === "none"} onClick={() => test.mutate()} data-testid="smtp-test">
            {test.isPending ? t("testing") : t("test")}
          </Button>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("testHint")}</span>
        </div>
      </CardBody>
    </Card>
  );
}
