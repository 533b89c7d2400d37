"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LOCALES, isAppLocale } from "@/i18n/locales";
import { setLocaleAction } from "@/i18n/set-locale-action";
import { CompactSelect } from "@/components/ui/compact-select";

export function LocaleSwitch() {
  const t = useTranslations("locale");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <CompactSelect
      label={t("label")}
      testId="locale-switch"
      value={locale}
      disabled={pending}
      options={LOCALES.map((option) => ({ value: option, label: t(option), lang: option }))}
      onChange={(next) => {
        if (!isAppLocale(next)) return;
        startTransition(async () => {
          await setLocaleAction(next);
          // Server components hold the translated text, so they must render again.
          router.refresh();
        });
      }}
    />
  );
}
