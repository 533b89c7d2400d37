import { describe, expect, it } from "vitest";
import { createClusterInput, publicAccessFormOf, updateClusterInput } from "./public-access-form";

const cluster = {
  name: "demo",
  plan_id: null,
  public_access_enabled: true,
  public_access_mode: "nodeport" as const,
  control_plane_host: "127.0.0.1",
};
const unchanged = { name: "demo", planId: "", enabled: true, mode: "nodeport" as const, host: "127.0.0.1" };

describe("public access form", () => {
  it("sends mode off when public access is disabled and omits an empty host", () => {
    expect(createClusterInput({ name: " a ", enabled: false, mode: "loadbalancer", host: " " })).toEqual({
      name: "a",
      public_access_enabled: false,
      public_access_mode: "off",
    });
    expect(createClusterInput({ name: "b", enabled: true, mode: "loadbalancer", host: " k.example.com " })).toEqual({
      name: "b",
      public_access_enabled: true,
      public_access_mode: "loadbalancer",
      control_plane_host: "k.example.com",
    });
  });

  it("starts the edit form from the cluster's three-state access, reading a disabled row as off", () => {
    expect(publicAccessFormOf(cluster)).toEqual({ enabled: true, mode: "nodeport", host: "127.0.0.1" });
    expect(publicAccessFormOf({ ...cluster, public_access_enabled: false, public_access_mode: "loadbalancer" })).toEqual({
      enabled: false,
      mode: "loadbalancer",
      host: "127.0.0.1",
    });
    expect(publicAccessFormOf({ ...cluster, public_access_mode: "off", control_plane_host: null })).toEqual({ enabled: false, mode: "nodeport", host: "" });
  });

  it("sends nothing when nothing changed, and only what changed otherwise", () => {
    expect(updateClusterInput(cluster, unchanged)).toBeNull();
    // Switching off→on with the same stored mode is a change; the stored mode alone is not.
    expect(updateClusterInput({ ...cluster, public_access_enabled: false }, { ...unchanged, enabled: false, mode: "loadbalancer" })).toBeNull();
    expect(updateClusterInput(cluster, { ...unchanged, name: " renamed " })).toEqual({ name: "renamed" });
    expect(updateClusterInput(cluster, { ...unchanged, enabled: false })).toEqual({ public_access_enabled: false, public_access_mode: "off" });
    expect(updateClusterInput(cluster, { ...unchanged, mode: "loadbalancer", host: "k.example.com" })).toEqual({
      public_access_enabled: true,
      public_access_mode: "loadbalancer",
      control_plane_host: "k.example.com",
    });
  });

  it("clears an emptied host with null and keeps the plan when the plan field is empty", () => {
    expect(updateClusterInput(cluster, { ...unchanged, host: "  " })).toEqual({ control_plane_host: null });
    expect(updateClusterInput({ ...cluster, plan_id: "plan_a" }, { ...unchanged, planId: "" })).toBeNull();
    expect(updateClusterInput({ ...cluster, plan_id: "plan_a" }, { ...unchanged, planId: " plan_b " })).toEqual({ plan_id: "plan_b" });
  });
});
