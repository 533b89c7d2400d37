import { describe, expect, it } from "vitest";
import { initialSteps, withStep } from "./operation-steps";

describe("operation steps", () => {
  it("lists every create step as pending, in order", () => {
    const steps = initialSteps("create");
    expect(steps.map((s) => s.name)).toEqual([
      "ensure_namespace",
      "apply_quota",
      "copy_platform_secret",
      "helm_install",
      "wait_control_plane",
      "resolve_endpoint",
      "probe_connection",
    ]);
    expect(new Set(steps.map((s) => s.status))).toEqual(new Set(["pending"]));
  });
  it("changes one step without touching the others", () => {
    const steps = withStep(initialSteps("delete"), "helm_uninstall", { status: "running", started_at: "2026-01-01T00:00:00Z" });
    expect(steps[0]).toMatchObject({ name: "helm_uninstall", status: "running" });
    expect(steps[1]?.status).toBe("pending");
    expect(() => withStep(steps, "helm_install", { status: "running" })).toThrow(/no step "helm_install"/);
  });
});
