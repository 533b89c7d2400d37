import { describe, expect, it } from "vitest";
import type { ClusterOperationItem } from "./cluster-types";
import { managedIngressWaitingMessage } from "./managed-ingress-waiting";

type Step = ClusterOperationItem["steps"][number];
const step = (name: Step["name"], status: Step["status"], message: string | null = null): Step => ({ name, status, message, started_at: null, finished_at: null });
const op = (status: ClusterOperationItem["status"], steps: Step[], kind = "create"): ClusterOperationItem => ({
  id: `op_${Math.random()}`,
  kind,
  status,
  error: null,
  steps,
  created_at: "2026-12-01T10:00:00Z",
  started_at: null,
  finished_at: null,
  report: null,
});
const WAIT = "Waiting for a Ready node (0 node(s) joined, none Ready): …";

describe("managedIngressWaitingMessage", () => {
  it("is the skipped step's message when the newest ended operation skipped managed_ingress", () => {
    expect(managedIngressWaitingMessage("provisioning", [op("succeeded", [step("helm_install", "succeeded"), step("managed_ingress", "skipped", WAIT)])])).toBe(WAIT);
  });

  it("looks past newer operations that did not reach the step (e.g. a kubeconfig-only update)", () => {
    const ops = [op("succeeded", [step("resolve_endpoint", "succeeded")], "update"), op("succeeded", [step("managed_ingress", "skipped", WAIT)])];
    expect(managedIngressWaitingMessage("provisioning", ops)).toBe(WAIT);
  });

  it("is null while a job is queued or running: that is provisioning, not waiting", () => {
    const earlier = op("succeeded", [step("managed_ingress", "skipped", WAIT)]);
    expect(managedIngressWaitingMessage("provisioning", [op("pending", [], "managed_ingress"), earlier])).toBeNull();
    expect(managedIngressWaitingMessage("provisioning", [op("running", [step("resolve_endpoint", "succeeded")], "managed_ingress"), earlier])).toBeNull();
  });

  it("is null for other statuses and for a step that ran", () => {
    const waited = [op("succeeded", [step("managed_ingress", "skipped", WAIT)])];
    expect(managedIngressWaitingMessage("ready", waited)).toBeNull();
    expect(managedIngressWaitingMessage("error", waited)).toBeNull();
    expect(managedIngressWaitingMessage("provisioning", [op("succeeded", [step("managed_ingress", "failed", "helm failed")])])).toBeNull();
    expect(managedIngressWaitingMessage("provisioning", [])).toBeNull();
  });
});
