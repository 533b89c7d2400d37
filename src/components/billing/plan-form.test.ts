import { describe, expect, it } from "vitest";
import { EMPTY_PLAN_FORM, planInputFrom } from "./plan-form";

describe("planInputFrom", () => {
  it("sends the price in cents and empty quantities as null", () => {
    const result = planInputFrom({ ...EMPTY_PLAN_FORM, name: " Pro ", price: "19.9", cpuQuota: " 4 ", memoryQuota: "" });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "Pro", price_cents: 1990, cpu_quota: "4", memory_quota: null, description: null, cluster_quota: 1, node_quota: 3 }),
    });
  });

  it("flags numbers that are not whole or prices with more than two decimals", () => {
    expect(planInputFrom({ ...EMPTY_PLAN_FORM, price: "1.999", clusterQuota: "1.5", nodeQuota: "-1", sort: "x" })).toEqual({
      ok: false,
      errors: ["price", "clusterQuota", "nodeQuota", "sort"],
    });
  });
});
