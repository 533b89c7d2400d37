"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { THEME_PREFERENCES, parseThemePreference } from "./theme";
import { useTheme } from "./theme-provider";
import { selectClasses } from "@/components/ui/select-classes";
import { useHydrated } from "@/components/ui/use-hydrated";

export function ThemeSwitch() {
  const t = useTranslations("theme");
  const { preference, setPreference } = useTheme();
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
        data-testid="theme-switch"
        value={preference}
        disabled={!hydrated}
        onChange={(event) => setPreference(parseThemePreference(event.target.value))}
        className={selectClasses}
      >
        {THEME_PREFERENCES.map((option) => (
          <option key={option} value={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
