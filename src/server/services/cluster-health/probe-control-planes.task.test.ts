import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config/env";
import { probeControlPlanesTask } from "./probe-control-planes.task";

const pass = (failing: string[], unrecorded = 0) => ({ probed: 3, failing, unreachable: [], connected: [], unrecorded });

describe("probeControlPlanesTask", () => {
  it("is one leader's task on KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS", () => {
    expect(probeControlPlanesTask.scope).toBe("leader");
    expect(probeControlPlanesTask.intervalMs(parseConfig({}))).toBe(30_000);
    expect(probeControlPlanesTask.intervalMs(parseConfig({ KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: "7", KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: "2" }))).toBe(7_000);
  });

  it("summarises which clusters fail (the engine logs it when it changes) and asks for a retry only for unrecorded results", () => {
    expect(probeControlPlanesTask.summary!(pass([]))).toMatchObject({ level: "info" });
    expect(probeControlPlanesTask.summary!(pass(["cl_a", "cl_b"]))).toEqual({ level: "warn", message: "control planes failing their /readyz probe", fields: { probed: 3, failing_count: 2, failing: "cl_a,cl_b" } });
    expect(probeControlPlanesTask.retry!(pass(["cl_a"]))).toBeUndefined();
    expect(probeControlPlanesTask.retry!(pass([], 2))).toEqual({ reason: "2 probe result(s) could not be recorded" });
  });
});
