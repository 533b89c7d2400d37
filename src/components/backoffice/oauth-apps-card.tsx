"use client";

import { useTranslations } from "next-intl";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

type OAuthView = RouterOutputs["settings"]["get"]["oauth"];
export type OAuthProvider = keyof OAuthView;
export interface OAuthAppInput {
  clientId: string;
  clientSecret: string;
  removeSecret: boolean;
}
export type OAuthAppsInput = Record<OAuthProvider, OAuthAppInput>;

const PROVIDERS: { id: OAuthProvider; name: string }[] = [
  { id: "github", name: "GitHub" },
  { id: "google", name: "Google" },
];

export const initialOAuthApps = (view: OAuthView): OAuthAppsInput => ({
  github: { clientId: view.github.client_id ?? "", clientSecret: "", removeSecret: false },
  google: { clientId: view.google.client_id ?? "", clientSecret: "", removeSecret: false },
});

/** What the PATCH sends: an empty secret keeps the stored one, "remove" sends null. */
export const oauthAppsPatch = (input: OAuthAppsInput): NonNullable<RouterInputs["settings"]["update"]["oauth"]> => {
  const one = (a: OAuthAppInput) => ({ client_id: a.clientId, client_secret: a.removeSecret ? null : a.clientSecret });
  return { github: one(input.github), google: one(input.google) };
};

/**
 * GitHub / Google login apps. Shows which source sign-in uses per provider,
 * because environment variables win over what is saved here.
 */
export function OAuthAppsCard({ view, value, onChange }: { view: OAuthView; value: OAuthAppsInput; onChange: (next: OAuthAppsInput) => void }) {
  const t = useTranslations("oauthSettings");
  const set = (p: OAuthProvider, patch: Partial<OAuthAppInput>) => onChange({ ...value, [p]: { ...value[p], ...patch } });
  return (
    <Card>
      <CardHeader title={t("title")} description={t("description")} />
      <CardBody className="space-y-6">
        {PROVIDERS.map(({ id, name }) => {
          const app = view[id];
          const secretHint = app.client_secret_set ? t("secretHintSet", { hint: app.client_secret_hint ?? t("set") }) : t("secretHintUnset");
          return (
            <fieldset key={id} className="space-y-3" data-testid={`oauth-app-${id}`}>
              <legend className="text-sm font-semibold">{name}</legend>
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid={`oauth-source-${id}`}>
                {t(`source.${app.effective_source}`)}
              </p>
              <Field id={`oauth-${id}-client-id`} label={t("clientId", { name })}>
                {(p) => <Input {...p} value={value[id].clientId} autoComplete="off" onChange={(e) => set(id, { clientId: e.target.value })} />}
              </Field>
              <Field id={`oauth-${id}-client-secret`} label={t("clientSecret", { name })} hint={secretHint}>
                {(p) => (
                  <Input
                    {...p}
                    type="password"
                    autoComplete="new-password"
                    value={value[id].clientSecret}
                    disabled={value[id].removeSecret}
                    onChange={(e) => set(id, { clientSecret: e.target.value })}
                  />
                )}
              </Field>
              {app.client_secret_set ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={value[id].removeSecret} onChange={(e) => set(id, { removeSecret: e.target.checked })} />
                  {t("removeSecret", { name })}
                </label>
              ) : null}
            </fieldset>
          );
        })}
      </CardBody>
    </Card>
  );
}
