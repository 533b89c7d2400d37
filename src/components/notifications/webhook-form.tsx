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
import type { PreferencesView } from "./notification-types";

/** The user's webhook endpoint; a new or rotated signing secret is shown here once. */
export function WebhookForm({ webhook }: { webhook: PreferencesView["webhook"] }) {
  const t = useTranslations("notifications");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [rotate, setRotate] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = (e: unknown) => setError(t("saveFailed", { message: errorMessage(e, tc("unknownError")) }));
  const save = useMutation(
    trpc.notifications.setWebhook.mutationOptions({
      onSuccess: (result) => {
        setError(null);
        setRotate(false);
        setSecret(result.secret);
        toast.success(t("webhookSaved"));
        router.refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.notifications.deleteWebhook.mutationOptions({
      onSuccess: () => {
        setError(null);
        setSecret(null);
        setUrl("");
        toast.success(t("webhookDeleted"));
        router.refresh();
      },
      onError,
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ url, rotate_secret: rotate });
  };

  return (
    <Card aria-labelledby="notification-webhook-title">
      <CardHeader titleId="notification-webhook-title" title={t("webhookTitle")} description={t("webhookDescription")} />
      <CardBody>
        <form onSubmit={submit} className="space-y-4" data-testid="notification-webhook-form">
          <Field id="webhook-url" label={t("webhookUrl")} hint={t("webhookUrlHint")}>
            {(p) => <Input {...p} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.example.com/kubebyon" />}
          </Field>
          {webhook ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={rotate} onChange={(e) => setRotate(e.target.checked)} />
              {t("rotateSecret")}
            </label>
          ) : null}
          {secret ? (
            <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
              <p className="font-medium">{t("secretOnce")}</p>
              <code className="mt-1 block font-mono text-xs break-all" data-testid="webhook-secret">
                {secret}
              </code>
            </div>
          ) : null}
          <FormAlert>{error}</FormAlert>
          <div className="flex justify-end gap-2">
            {webhook ? (
              <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {t("deleteWebhook")}
              </Button>
            ) : null}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t("saving") : t("saveWebhook")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
