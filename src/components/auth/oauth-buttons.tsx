"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-parts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { oauthErrorKey } from "./oauth-error";

export type OAuthButtonProvider = "github" | "google";

const PROVIDER_NAMES: Record<OAuthButtonProvider, string> = { github: "GitHub", google: "Google" };

/** "Continue with GitHub/Google" under the login form; rendered only for configured providers. */
export function OAuthButtons({ providers, error }: { providers: OAuthButtonProvider[]; error?: string }) {
  const t = useTranslations("oauthLogin");
  const [pending, setPending] = useState<OAuthButtonProvider | null>(null);
  const hydrated = useHydrated();
  const errorKey = oauthErrorKey(error);
  if (providers.length === 0 && !errorKey) return null;

  return (
    <div className="space-y-3">
      <FormAlert id="oauth-error">{errorKey ? t(`errors.${errorKey}`) : null}</FormAlert>
      {providers.length > 0 && (
        <>
          <div className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            {t("or")}
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
          {providers.map((id) => (
            <Button
              key={id}
              variant="secondary"
              className="w-full"
              disabled={pending !== null || !hydrated}
              onClick={() => {
                setPending(id);
                // next-auth posts its CSRF token, then the browser leaves for the provider.
                void signIn(id, { callbackUrl: "/dashboard" });
              }}
            >
              {pending === id ? t("redirecting", { provider: PROVIDER_NAMES[id] }) : t("continueWith", { provider: PROVIDER_NAMES[id] })}
            </Button>
          ))}
        </>
      )}
    </div>
  );
}
