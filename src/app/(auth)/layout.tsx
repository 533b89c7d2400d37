import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { ThemeSwitch } from "@/components/theme/theme-switch";

/** Signed-out pages: no console navigation, just the language and theme controls. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("app");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-end gap-3 px-4 py-3">
        <LocaleSwitch />
        <ThemeSwitch />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16">
        <p className="mb-1 text-2xl font-bold tracking-tight">{t("name")}</p>
        <p className="mb-8 text-sm text-zinc-600 dark:text-zinc-400">{t("tagline")}</p>
        {children}
      </main>
    </div>
  );
}
