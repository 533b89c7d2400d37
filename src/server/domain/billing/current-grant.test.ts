import { describe, expect, it } from "vitest";
import { currentGrant } from "./current-grant";

const g = (planId: string, startsAt: string, endsAt: string) => ({ planId, startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
const now = new Date("2026-06-15T00:00:00Z");

describe("currentGrant", () => {
  it("is null without a grant covering now (ended, or renewal not started yet)", () => {
    expect(currentGrant([], now)).toBeNull();
    expect(currentGrant([g("a", "2026-01-01", "2026-06-15T00:00:00Z"), g("a", "2026-07-01", "2026-08-01")], now)).toBeNull();
  });

  it("takes the grant that started last among those in force", () => {
    const older = g("basic", "2026-01-01", "2026-12-31");
    const upgrade = g("pro", "2026-06-01", "2026-07-01");
    expect(currentGrant([older, upgrade], now)?.planId).toBe("pro");
    expect(currentGrant([older, upgrade], new Date("2026-07-02"))?.planId).toBe("basic");
  });
});
