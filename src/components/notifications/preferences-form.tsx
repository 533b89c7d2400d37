"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-parts";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import { eventLabelKey, type PreferencesView } from "./notification-types";

type Row = PreferencesView["preferences"][number];

/** The event × channel matrix; saving sends every row, so what is ticked is what is stored. */
export function PreferencesForm({ initial }: { initial: PreferencesView }) {
  const t = useTranslations("notifications");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const [rows, setRows] = useState<Row[]>(initial.preferences);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.notifications.updatePreferences.mutationOptions({
      onSuccess: () => {
        setError(null);
        toast.success(t("preferencesSaved"));
        router.refresh();
      },
      onError: (e) => setError(t("saveFailed", { message: errorMessage(e, tc("unknownError")) })),
    }),
  );
  const toggle = (event: Row["event"], channel: "email" | "webhook", value: boolean) => setRows((list) => list.map((r) => (r.event === event ? { ...r, [channel]: value } : r)));

  return (
    <Card aria-labelledby="notification-preferences-title">
      <CardHeader titleId="notification-preferences-title" title={t("preferencesTitle")} description={t("preferencesDescription")} />
      <CardBody className="space-y-4">
        <table className="w-full text-sm" data-testid="notification-preferences">
          <thead>
            <tr className="text-left text-zinc-500">
              <th className="py-2 font-medium">{t("columns.event")}</th>
              <th className="py-2 font-medium">{t("channels.email")}</th>
              <th className="py-2 font-medium">{t("channels.webhook")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const label = t(`events.${eventLabelKey(row.event) ?? "cluster_ready"}`);
              return (
                <tr key={row.event} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="py-2">{label}</td>
                  {(["email", "webhook"] as const).map((channel) => (
                    <td key={channel} className="py-2">
                      <input
                        type="checkbox"
                        aria-label={t("toggleLabel", { event: label, channel: t(`channels.${channel}`) })}
                        checked={row[channel]}
                        onChange={(e) => toggle(row.event, channel, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {initial.webhook ? null : <p className="text-sm text-zinc-500">{t("webhookNotSetHint")}</p>}
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end">
          <Button disabled={save.isPending} onClick={() => save.mutate({ preferences: rows })}>
            {save.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
