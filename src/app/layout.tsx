import type { Metadata } from "next";
import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { AppProviders } from "@/components/providers/app-providers";
import { THEME_BOOT_SCRIPT, THEME_COOKIE, parseThemePreference } from "@/components/theme/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("tagline") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, cookieStore] = await Promise.all([getLocale(), cookies()]);
  const theme = parseThemePreference(cookieStore.get(THEME_COOKIE)?.value);
  return (
    // The boot script may add "dark" before hydration when the preference is "system".
    <html lang={locale} className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans">
        <NextIntlClientProvider>
          <AppProviders themePreference={theme}>{children}</AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
