import type { BackgroundTask } from "@/server/services/background/background-task";
import { checkHostnameBindings, type BindingCheckResult, type DnsCheckDeps } from "./check-hostname-bindings";

/** The DNS check of every hostname binding (KUBEBYON_DNS_CHECK_INTERVAL_SECONDS); one process resolves them. */
export const dnsCheckTask: BackgroundTask<DnsCheckDeps, BindingCheckResult[]> = {
  name: "hostname-binding-dns-check",
  scope: "leader",
  intervalMs: (config) => config.dnsCheck.intervalSeconds * 1_000,
  run: (deps) => checkHostnameBindings(deps),
};
