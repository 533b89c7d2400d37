"use server";

import { cookies } from "next/headers";
import { LOCALE_COOKIE, isAppLocale } from "./locales";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export async function setLocaleAction(locale: string): Promise<void> {
  if (!isAppLocale(locale)) throw new Error(`Unsupported locale "${locale}"; use zh-CN or en.`);
  const cookieStore = await cookies();
  cookieStore.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", maxAge: ONE_YEAR_SECONDS });
}
