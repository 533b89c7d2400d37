"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { KubeconfigCredentialItem } from "./kubeconfig-types";

const TONE = { active: "success", expired: "neutral", revoked: "warning" } as const;

export function KubeconfigStateBadge({ state }: { state: KubeconfigCredentialItem["state"] }) {
  const t = useTranslations("kubeconfigs.state");
  return <Badge tone={TONE[state]}>{t(state)}</Badge>;
}
