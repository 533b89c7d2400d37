import { describe, expect, it } from "vitest";
import { effectiveKubeconfigTtlSeconds, kubeconfigTtlSecondsSchema } from "./kubeconfig-ttl";

describe("effectiveKubeconfigTtlSeconds", () => {
  it("uses the setting when nothing is asked for and the plan sets no bound", () => {
    expect(effectiveKubeconfigTtlSeconds({ requested: undefined, setting: 28_800, planMaxSeconds: null })).toBe(28_800);
  });
  it("uses the request over the setting", () => {
    expect(effectiveKubeconfigTtlSeconds({ requested: 3_600, setting: 28_800, planMaxSeconds: null })).toBe(3_600);
  });
  it("caps both at the plan's bound", () => {
    expect(effectiveKubeconfigTtlSeconds({ requested: 86_400, setting: 28_800, planMaxSeconds: 7_200 })).toBe(7_200);
    expect(effectiveKubeconfigTtlSeconds({ requested: undefined, setting: 28_800, planMaxSeconds: 7_200 })).toBe(7_200);
    expect(effectiveKubeconfigTtlSeconds({ requested: 1_200, setting: 28_800, planMaxSeconds: 7_200 })).toBe(1_200);
  });
  it("never goes below what the TokenRequest API issues", () => {
    expect(effectiveKubeconfigTtlSeconds({ requested: undefined, setting: 28_800, planMaxSeconds: 60 })).toBe(600);
  });
});

describe("kubeconfigTtlSecondsSchema", () => {
  it("refuses less than 10 minutes and more than 7 days with the range in the message", () => {
    expect(kubeconfigTtlSecondsSchema.safeParse(599).error?.issues[0]?.message).toMatch(/between 600 .* and 604800/);
    expect(kubeconfigTtlSecondsSchema.safeParse(604_801).success).toBe(false);
    expect(kubeconfigTtlSecondsSchema.safeParse(600).success).toBe(true);
  });
});
