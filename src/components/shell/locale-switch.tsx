"use client";

import { useId, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LOCALES, isAppLocale } from "@/i18n/locales";
import { setLocaleAction } from "@/i18n/set-locale-action";
import { selectClasses } from "@/components/ui/select-classes";
import { useHydrated } from "@/components/ui/use-hydrated";

export function LocaleSwitch() {
  const t = useTranslations("locale");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();
  // Changing the value before hydration would do nothing, so the control waits for React.
  const hydrated = useHydrated();

  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <select
        id={id}
        data-testid="locale-switch"
        value={locale}
        disabled={pending || !hydrated}
        onChange={(event) => {
          const next = event.target.value;
          if (!isAppLocale(next)) return;
          startTransition(async () => {
            await setLocaleAction(next);
            // Server components hold the translated text, so they must render again.
            router.refresh();
          });
        }}
        className={selectClasses}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
