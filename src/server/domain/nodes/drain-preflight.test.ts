import { describe, expect, it } from "vitest";
import { describeDrainRefusal, drainRefusal, type DrainPreflightPod } from "./drain-preflight";

const rs = [{ kind: "ReplicaSet", controller: true }];
const pod = (name: string, extra: Partial<DrainPreflightPod> = {}): DrainPreflightPod => ({ namespace: "default", name, phase: "Running", ...extra });
const none = { force: false, deleteEmptyDirData: false };

describe("drainRefusal (kubectl drain's filters)", () => {
  it("lets a drain of controller-managed Pods without local data go ahead", () => {
    expect(drainRefusal("n1", [pod("web", { ownerReferences: rs }), pod("db", { ownerReferences: [{ kind: "StatefulSet", controller: true }] })], none)).toBeNull();
  });

  it("refuses unmanaged Pods unless force, and Pods with emptyDir unless delete_emptydir_data", () => {
    const pods = [
      pod("bare"),
      pod("owned-not-controlled", { ownerReferences: [{ kind: "ReplicaSet" }] }),
      pod("cache", { ownerReferences: rs, volumes: [{ emptyDir: {} }] }),
      pod("bare-cache", { volumes: [{ emptyDir: { medium: "Memory" } }, {}] }),
      pod("with-config", { ownerReferences: rs, volumes: [{}] }),
    ];
    expect(drainRefusal("n1", pods, none)).toEqual({
      node: "n1",
      unmanaged: ["default/bare", "default/bare-cache", "default/owned-not-controlled"],
      withEmptyDir: ["default/bare-cache", "default/cache"],
    });
    expect(drainRefusal("n1", pods, { force: true, deleteEmptyDirData: false })).toEqual({ node: "n1", unmanaged: [], withEmptyDir: ["default/bare-cache", "default/cache"] });
    expect(drainRefusal("n1", pods, { force: false, deleteEmptyDirData: true })?.withEmptyDir).toEqual([]);
    expect(drainRefusal("n1", pods, { force: true, deleteEmptyDirData: true })).toBeNull();
  });

  it("skips DaemonSet and mirror Pods (with emptyDir or not) and never refuses finished Pods", () => {
    const pods = [
      pod("agent", { ownerReferences: [{ kind: "DaemonSet", controller: true }], volumes: [{ emptyDir: {} }] }),
      pod("kube-proxy-n1", { annotations: { "kubernetes.io/config.mirror": "x" }, volumes: [{ emptyDir: {} }] }),
      pod("done", { phase: "Succeeded", volumes: [{ emptyDir: {} }] }),
      pod("crashed", { phase: "Failed" }),
    ];
    expect(drainRefusal("n1", pods, none)).toBeNull();
  });
});

describe("describeDrainRefusal", () => {
  it("names the Pods and the field that allows each", () => {
    const message = describeDrainRefusal({ node: "n1", unmanaged: ["default/bare"], withEmptyDir: ["apps/cache", "apps/tmp"] });
    expect(message).toMatch(/^Drain of node n1 was refused and nothing was changed/);
    expect(message).toContain('1 Pod not managed by a controller (ReplicaSet, StatefulSet, Job, …) would be deleted for good, nothing recreates them: default/bare. Set "force"');
    expect(message).toContain('2 Pods with emptyDir volumes would lose that data: apps/cache, apps/tmp. Set "delete_emptydir_data"');
  });

  it("mentions only what applies and keeps long lists short", () => {
    const many = Array.from({ length: 25 }, (_, i) => `default/p${String(i).padStart(2, "0")}`);
    const message = describeDrainRefusal({ node: "n1", unmanaged: many, withEmptyDir: [] });
    expect(message).not.toContain("delete_emptydir_data");
    expect(message).toContain("default/p19 and 5 more");
    expect(message).not.toContain("default/p20");
  });
});
