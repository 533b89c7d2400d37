import { describe, expect, it } from "vitest";
import { addMonths, grantPeriod } from "./grant-period";

const at = (iso: string) => new Date(iso);

describe("addMonths", () => {
  it("adds calendar months and keeps the time of day", () => {
    expect(addMonths(at("2026-03-15T10:20:30.400Z"), 1).toISOString()).toBe("2026-04-15T10:20:30.400Z");
    expect(addMonths(at("2026-11-30T00:00:00Z"), 3).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addMonths(at("2027-12-31T00:00:00Z"), 2).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(at("2026-01-31T12:00:00Z"), 12).toISOString()).toBe("2027-01-31T12:00:00.000Z");
  });
});

describe("grantPeriod", () => {
  const paidAt = at("2026-05-10T08:00:00Z");

  it("starts at payment when nothing of the same plan is running", () => {
    expect(grantPeriod(paidAt, 2, null)).toEqual({ startsAt: paidAt, endsAt: at("2026-07-10T08:00:00Z") });
    expect(grantPeriod(paidAt, 1, at("2026-05-01T00:00:00Z")).startsAt).toEqual(paidAt);
  });

  it("renews a running grant of the same plan from its end", () => {
    expect(grantPeriod(paidAt, 1, at("2026-05-20T00:00:00Z"))).toEqual({ startsAt: at("2026-05-20T00:00:00Z"), endsAt: at("2026-06-20T00:00:00Z") });
  });
});
