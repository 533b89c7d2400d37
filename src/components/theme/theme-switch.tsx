"use client";

import { useTranslations } from "next-intl";
import { CompactSelect } from "@/components/ui/compact-select";
import { THEME_PREFERENCES, parseThemePreference } from "./theme";
import { useTheme } from "./theme-provider";

export function ThemeSwitch() {
  const t = useTranslations("theme");
  const { preference, setPreference } = useTheme();
  return (
    <CompactSelect
      label={t("label")}
      testId="theme-switch"
      value={preference}
      options={THEME_PREFERENCES.map((option) => ({ value: option, label: t(option) }))}
      onChange={(value) => setPreference(parseThemePreference(value))}
    />
  );
}
