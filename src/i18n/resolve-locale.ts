import { DEFAULT_LOCALE, isAppLocale, type AppLocale } from "./locales";

/** Maps a BCP 47 tag to one of our locales by its primary language ("zh-TW" -> zh-CN, "en-GB" -> en). */
function matchTag(tag: string): AppLocale | undefined {
  const primary = tag.trim().toLowerCase().split("-")[0];
  if (primary === "zh") return "zh-CN";
  if (primary === "en") return "en";
  return undefined;
}

/** Parses an Accept-Language header into tags ordered by quality (highest first, stable for ties). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The user's explicit choice (cookie) wins over the browser's Accept-Language; zh-CN otherwise. */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): AppLocale {
  if (isAppLocale(cookieValue)) return cookieValue;
  for (const tag of parseAcceptLanguage(acceptLanguage ?? "")) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
