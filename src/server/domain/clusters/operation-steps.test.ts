import { describe, expect, it } from "vitest";
import { initialSteps, parseOperationSteps, storedOperationSteps, withStep, type OperationStep } from "./operation-steps";

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
      "managed_ingress",
    ]);
    expect(new Set(steps.map((s) => s.status))).toEqual(new Set(["pending"]));
  });
  it("lists the update steps with the certificate check between the control plane and the endpoint", () => {
    expect(initialSteps("update").map((s) => s.name)).toEqual([
      "ensure_namespace",
      "apply_quota",
      "helm_upgrade",
      "wait_control_plane",
      "verify_serving_certificate",
      "resolve_endpoint",
      "probe_connection",
      "managed_ingress",
    ]);
  });

  it("puts the Gateway API route steps after wait_control_plane, and a delete's withdraw first; none without a route action", () => {
    const names = (kind: Parameters<typeof initialSteps>[0], route: Parameters<typeof initialSteps>[1]) => initialSteps(kind, route).map((s) => s.name);
    expect(names("update", "publish")).toEqual(["ensure_namespace", "apply_quota", "helm_upgrade", "wait_control_plane", "verify_serving_certificate", "publish_route", "route_status", "resolve_endpoint", "probe_connection", "managed_ingress"]);
    expect(names("create", "withdraw").slice(4, 7)).toEqual(["wait_control_plane", "withdraw_route", "resolve_endpoint"]);
    expect(names("delete", "withdraw")).toEqual(["withdraw_route", "helm_uninstall", "delete_namespace", "mark_deleted"]);
    expect(names("managed_ingress", "publish")).toEqual(["resolve_endpoint", "managed_ingress"]);
    expect(names("update", null)).toEqual(initialSteps("update").map((s) => s.name));
  });
  it("changes one step without touching the others", () => {
    const steps = withStep(initialSteps("delete"), "helm_uninstall", { status: "running", started_at: "2026-01-01T00:00:00Z" });
    expect(steps[0]).toMatchObject({ name: "helm_uninstall", status: "running" });
    expect(steps[1]?.status).toBe("pending");
    expect(() => withStep(steps, "helm_install", { status: "running" })).toThrow(/no step "helm_install"/);
  });
});

describe("stored operation steps", () => {
  const step: OperationStep = { name: "helm_install", status: "failed", started_at: "2026-01-01T00:00:00.000Z", finished_at: "2026-01-01T00:01:00.000Z", message: "helm said no" };

  it("reads what the writers store", () => {
    const written = storedOperationSteps(withStep(initialSteps("create"), "helm_install", { status: "failed", message: "helm said no" }));
    expect(parseOperationSteps(JSON.parse(JSON.stringify(written)))).toEqual({ ok: true, steps: written });
    expect(parseOperationSteps([step])).toEqual({ ok: true, steps: [step] });
    expect(parseOperationSteps([])).toEqual({ ok: true, steps: [] });
  });

  it.each([
    ["not an array", { steps: [] }],
    ["null", null],
    ["an unknown step name", [{ ...step, name: "reticulate_splines" }]],
    ["an unknown status", [{ ...step, status: "done" }]],
    ["a missing field", [{ name: "helm_install", status: "pending", started_at: null, finished_at: null }]],
    ["a timestamp that is not a string", [{ ...step, started_at: 1767225600000 }]],
  ])("refuses %s and says what is wrong", (_, json) => {
    const read = parseOperationSteps(json);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.problem).toMatch(/\S/);
  });

  it("names the offending entry and field", () => {
    expect(parseOperationSteps([step, { ...step, status: "done" }])).toMatchObject({ ok: false, problem: expect.stringContaining("[1].status") });
  });

  it("writes only the step fields", () => {
    const withExtra = { ...step, debug: "x" };
    expect(storedOperationSteps([withExtra])).toEqual([step]);
  });
});
