"use client";

import { useTranslations } from "next-intl";
import { useFormatDateTime } from "@/components/ui/use-format-date-time";
import type { EndpointChangeNotice } from "./endpoint-change-notice";

/** The notice above the node table after a public-name change that nodes joined before (endpoint-change-notice.ts). */
export function EndpointChangeBanner({ notice }: { notice: EndpointChangeNotice }) {
  const t = useTranslations("clusters.detail.nodes.endpointChange");
  const formatDateTime = useFormatDateTime();
  const common = { count: notice.nodes.length, newName: notice.newName, changedAt: formatDateTime(notice.changedAt) };
  return (
    <p
      role="status"
      className="mx-5 my-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
      data-testid="endpoint-change-notice"
      data-kind={notice.kind}
    >
      {notice.kind === "grace"
        ? t("grace", { ...common, oldName: notice.oldName, until: formatDateTime(notice.until) })
        : t("ended", common)}{" "}
      {t(notice.kind === "grace" ? "rejoinBefore" : "rejoinNow")}
    </p>
  );
}
