import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en.json";
import zhCN from "@/i18n/messages/zh-CN.json";
import { CREATE_STEPS, DELETE_STEPS, FORCE_DELETE_STEPS, MANAGED_INGRESS_STEPS, PUBLISH_ROUTE_STEPS, UPDATE_STEPS, WITHDRAW_ROUTE_STEPS, type StepName } from "@/server/domain/clusters/operation-steps";

// Compile-time half: every step the server can record has a label key.
const labelled: Record<StepName, string> = zhCN.clusters.detail.operations.steps;

describe("operation step labels", () => {
  it("exist in both languages for every step of create, update, delete, managed ingress, the Gateway API route and the forced delete", () => {
    const steps = [...new Set([...CREATE_STEPS, ...UPDATE_STEPS, ...DELETE_STEPS, ...FORCE_DELETE_STEPS, ...MANAGED_INGRESS_STEPS, ...PUBLISH_ROUTE_STEPS, ...WITHDRAW_ROUTE_STEPS])].sort();
    expect(Object.keys(en.clusters.detail.operations.steps).sort()).toEqual(steps);
    expect(Object.keys(labelled).sort()).toEqual(steps);
  });
});
