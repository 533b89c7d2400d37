import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE } from "./locales";
import { MESSAGES } from "./messages";
import { resolveLocale } from "./resolve-locale";

// No locale segment in URLs: the locale comes from the NEXT_LOCALE cookie, then Accept-Language.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
  // Server and client must format identically during hydration, so pin a zone; dates in
  // client-fetched tables are formatted in the browser's own zone instead.
  return { locale, messages: MESSAGES[locale], timeZone: "UTC" };
});
