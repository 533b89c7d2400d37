import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { dnsAutomationHealthViewSchema } from "@/server/services/dns-automation/dns-automation-health-view";

export const getDnsAutomationHealthMeta = {
  openapi: {
    method: "GET",
    path: "/admin/dns-automation/health",
    protect: true,
    tags: ["admin"],
    summary:
      "Whether the platform's DNS automation keeps its records in step: live clusters and hostname bindings by DNS status (disabled, pending, synced, error), the latest sync and the most recent failure; read-only",
  },
} satisfies OpenApiMeta;

export const getDnsAutomationHealthInput = z.void();
export const getDnsAutomationHealthOutput = dnsAutomationHealthViewSchema;
