import { describe, expect, it } from "vitest";
import { joinTokenState, remainingUses, type JoinTokenUsage } from "./join-token-state";

const now = new Date("2026-12-05T12:00:00Z");
const later = new Date("2026-12-05T13:00:00Z");
const earlier = new Date("2026-12-05T11:00:00Z");
const token = (over: Partial<JoinTokenUsage>): JoinTokenUsage => ({ revokedAt: null, expiresAt: later, usedCount: 0, maxUses: null, ...over });

describe("remainingUses", () => {
  it("is null for an unlimited token, however often it was used", () => {
    expect(remainingUses({ usedCount: 0, maxUses: null })).toBeNull();
    expect(remainingUses({ usedCount: 5000, maxUses: null })).toBeNull();
  });

  it("counts down to zero and never below", () => {
    expect(remainingUses({ usedCount: 0, maxUses: 3 })).toBe(3);
    expect(remainingUses({ usedCount: 2, maxUses: 3 })).toBe(1);
    expect(remainingUses({ usedCount: 3, maxUses: 3 })).toBe(0);
    expect(remainingUses({ usedCount: 4, maxUses: 3 })).toBe(0);
  });
});

describe("joinTokenState", () => {
  it("is active while unrevoked, unexpired and not used up", () => {
    expect(joinTokenState(token({}), now)).toBe("active");
    expect(joinTokenState(token({ usedCount: 2, maxUses: 3 }), now)).toBe("active");
    expect(joinTokenState(token({ usedCount: 900 }), now)).toBe("active");
  });

  it("is used_up once the uses reach the limit", () => {
    expect(joinTokenState(token({ usedCount: 3, maxUses: 3 }), now)).toBe("used_up");
    expect(joinTokenState(token({ usedCount: 1, maxUses: 1 }), now)).toBe("used_up");
  });

  it("is expired at its expiry instant, before used_up", () => {
    expect(joinTokenState(token({ expiresAt: now }), now)).toBe("expired");
    expect(joinTokenState(token({ expiresAt: earlier, usedCount: 1, maxUses: 1 }), now)).toBe("expired");
  });

  it("is revoked above everything else", () => {
    expect(joinTokenState(token({ revokedAt: earlier }), now)).toBe("revoked");
    expect(joinTokenState(token({ revokedAt: earlier, expiresAt: earlier, usedCount: 1, maxUses: 1 }), now)).toBe("revoked");
  });
});
