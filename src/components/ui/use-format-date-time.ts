"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";

/**
 * Formats ISO timestamps in the browser's own time zone. Only used for data fetched on the client,
 * so server and client never render different text during hydration.
 */
export function useFormatDateTime(): (iso: string) => string {
  const locale = useLocale();
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }), [locale]);
  return (iso) => format.format(new Date(iso));
}
