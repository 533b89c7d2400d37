"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";

/**
 * Formats ISO timestamps in the browser's own time zone. Only used for data fetched on the client,
 * so server and client never render different text during hydration. `seconds` is for timelines
 * whose entries are often only seconds apart.
 */
export function useFormatDateTime(options: { seconds?: boolean } = {}): (iso: string) => string {
  const locale = useLocale();
  const timeStyle = options.seconds ? "medium" : "short";
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle }), [locale, timeStyle]);
  return (iso) => format.format(new Date(iso));
}
