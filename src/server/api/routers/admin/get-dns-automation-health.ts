import { adminProcedure } from "@/server/api/trpc";
import { readDnsAutomationHealth } from "@/server/services/dns-automation/read-dns-automation-health";
import { getDnsAutomationHealthInput, getDnsAutomationHealthMeta, getDnsAutomationHealthOutput } from "./get-dns-automation-health.types";

export const getDnsAutomationHealth = adminProcedure
  .meta(getDnsAutomationHealthMeta)
  .input(getDnsAutomationHealthInput)
  .output(getDnsAutomationHealthOutput)
  .query(({ ctx }) => readDnsAutomationHealth(ctx.deps));
