"use client";

import { useTranslations } from "next-intl";
import type { Messages } from "@/i18n/messages";

type StepKey = keyof Messages["clusters"]["detail"]["operations"]["steps"];

/**
 * The label of an operation step. Steps arrive from the server as plain strings; a step this build
 * has no label for (a newer server, an old row) shows its key rather than failing.
 */
export function useStepLabel(): (name: string) => string {
  const t = useTranslations("clusters.detail.operations.steps");
  return (name) => (t.has(name as StepKey) ? t(name as StepKey) : name);
}
