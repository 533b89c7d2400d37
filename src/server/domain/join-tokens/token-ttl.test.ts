import { describe, expect, it } from "vitest";
import { ttlSecondsSchema, tokenExpiresAt } from "./token-ttl";

describe("ttl_seconds", () => {
  it("defaults to one hour like vcluster token create", () => {
    expect(ttlSecondsSchema.parse(undefined)).toBe(3600);
  });

  it("accepts the bounds", () => {
    expect(ttlSecondsSchema.parse(600)).toBe(600);
    expect(ttlSecondsSchema.parse(7200)).toBe(7200);
    expect(ttlSecondsSchema.parse(604800)).toBe(604800);
  });

  it("rejects values outside 10 minutes .. 7 days with a message that names the range", () => {
    for (const bad of [599, 604801, 0, -1]) {
      const result = ttlSecondsSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/between 600 \(10 minutes\) and 604800 \(7 days\)/);
    }
  });

  it("rejects fractions and non-numbers", () => {
    expect(ttlSecondsSchema.safeParse(3600.5).error?.issues[0]?.message).toMatch(/whole number/);
    expect(ttlSecondsSchema.safeParse("3600").error?.issues[0]?.message).toMatch(/whole number/);
  });

  it("computes the expiry", () => {
    expect(tokenExpiresAt(new Date("2026-01-01T00:00:00Z"), 7200).toISOString()).toBe("2026-01-01T02:00:00.000Z");
  });
});
