"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { DeliverySettings } from "./notification-types";

/** Admin delivery settings; SMTP itself comes from KUBEBYON_SMTP_* and is only reported here. */
export function DeliverySettingsForm({ initial }: { initial: DeliverySettings }) {
  const t = useTranslations("notificationsAdmin");
  const tn = useTranslations("notifications");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const [form, setForm] = useState({ email: initial.email_enabled, webhook: initial.webhook_enabled, timeout: String(initial.webhook_timeout_seconds), attempts: String(initial.max_attempts) });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.notifications.updateDeliverySettings.mutationOptions({
      onSuccess: () => {
        setError(null);
        toast.success(t("saved"));
        router.refresh();
      },
      onError: (e) => setError(tn("saveFailed", { message: errorMessage(e, tc("unknownError")) })),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ email_enabled: form.email, webhook_enabled: form.webhook, webhook_timeout_seconds: Number(form.timeout), max_attempts: Number(form.attempts) });
  };

  return (
    <Card aria-labelledby="delivery-settings-title">
      <CardHeader titleId="delivery-settings-title" title={t("settingsTitle")} description={initial.smtp_configured ? t("smtpConfigured") : t("smtpMissing")} />
      <CardBody>
        <form onSubmit={submit} className="space-y-4" data-testid="delivery-settings-form">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.checked }))} />
            {t("emailEnabled")}
          </label>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={form.webhook} onChange={(e) => setForm((f) => ({ ...f, webhook: e.target.checked }))} />
            {t("webhookEnabled")}
          </label>
          <Field id="webhook-timeout" label={t("timeout")} hint={t("timeoutHint")}>
            {(p) => <Input {...p} type="number" min={1} max={60} value={form.timeout} onChange={(e) => setForm((f) => ({ ...f, timeout: e.target.value }))} />}
          </Field>
          <Field id="max-attempts" label={t("maxAttempts")} hint={t("maxAttemptsHint")}>
            {(p) => <Input {...p} type="number" min={1} max={20} value={form.attempts} onChange={(e) => setForm((f) => ({ ...f, attempts: e.target.value }))} />}
          </Field>
          <FormAlert>{error}</FormAlert>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? tn("saving") : tn("save")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
