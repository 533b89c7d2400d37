import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config/env";
import type { ManagedIngressCheckResult } from "./check-managed-ingress";
import { managedIngressCheckTask } from "./managed-ingress-check.task";

const quiet: ManagedIngressCheckResult = { healthy: 3, broken: [], recovered: [], repairs: [], unreachable: [] };
const summary = (change: Partial<ManagedIngressCheckResult>) => managedIngressCheckTask.summary!({ ...quiet, ...change });

describe("managed-ingress-check task summary", () => {
  it("has one key while nothing changes, so a steady pass logs nothing new", () => {
    expect(summary({})).toMatchObject({ level: "info", key: "", changed: false });
    expect(summary({ healthy: 5 })?.key).toBe(summary({})?.key);
  });

  it("names the clusters it could not reach, keyed by that set: logged when the set changes, not every pass", () => {
    const down = summary({ unreachable: [{ clusterId: "cl_b", error: "connect ECONNREFUSED" }, { clusterId: "cl_a", error: "no Secret vc-a" }] });
    expect(down).toMatchObject({ level: "warn", key: "cl_a,cl_b", changed: false, message: expect.stringMatching(/could not be reached were skipped/) });
    expect(down?.fields?.skipped_unreachable).toHaveLength(2);
  });

  it("logs every pass that changed a status, whatever the key", () => {
    expect(summary({ broken: [{ clusterId: "cl_a", problem: "deployment_missing" }] })).toMatchObject({ level: "warn", changed: true, fields: { broken: ["cl_a: deployment_missing"] } });
    expect(summary({ recovered: ["cl_a"] })).toMatchObject({ level: "info", changed: true });
    expect(summary({ repairs: [{ clusterId: "cl_a", jobId: "job_1" }] })).toMatchObject({ changed: true, fields: { repairs_started: ["cl_a"] } });
  });

  it("is a leader task every KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS (default 60, at least 5); auto-repair is off unless set", () => {
    expect(managedIngressCheckTask.scope).toBe("leader");
    expect(parseConfig({}).managedIngressCheck).toEqual({ intervalSeconds: 60, autoRepair: false });
    const config = parseConfig({ KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS: "30", KUBEBYON_MANAGED_INGRESS_AUTO_REPAIR: "true" });
    expect(managedIngressCheckTask.intervalMs(config)).toBe(30_000);
    expect(config.managedIngressCheck.autoRepair).toBe(true);
    expect(() => parseConfig({ KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS: "2" })).toThrow(/KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS/);
  });
});
