import { describe, expect, it } from "vitest";
import { bearerSecret, generateSessionSecret, hashSessionSecret, sessionSecretMatches } from "./session-secret";
import { joinTokenRefusal } from "./token-refusal";

const now = new Date("2026-12-05T10:00:00Z");
const later = new Date("2026-12-05T11:00:00Z");

describe("joinTokenRefusal", () => {
  it("refuses revoked, then expired, then used-up tokens", () => {
    expect(joinTokenRefusal({ revokedAt: now, expiresAt: now, maxUses: 1, usedCount: 1 }, now)?.reason).toBe("token_revoked");
    expect(joinTokenRefusal({ revokedAt: null, expiresAt: now, maxUses: 1, usedCount: 1 }, now)?.reason).toBe("token_expired");
    expect(joinTokenRefusal({ revokedAt: null, expiresAt: later, maxUses: 1, usedCount: 1 }, now)).toMatchObject({ reason: "token_used_up", message: expect.stringMatching(/used 1 time, its limit\. Create a new join token/) });
    expect(joinTokenRefusal({ revokedAt: null, expiresAt: later, maxUses: 2, usedCount: 1 }, now)).toBeUndefined();
    expect(joinTokenRefusal({ revokedAt: null, expiresAt: later, maxUses: null, usedCount: 99 }, now)).toBeUndefined();
  });
});

describe("session secrets", () => {
  it("match only their own hash, and bearer parsing takes only 64 hex digits", () => {
    const secret = generateSessionSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionSecretMatches(hashSessionSecret(secret), secret)).toBe(true);
    expect(sessionSecretMatches(hashSessionSecret(secret), generateSessionSecret())).toBe(false);
    expect(sessionSecretMatches(null, secret)).toBe(false);
    expect(bearerSecret(`Bearer ${secret}`)).toBe(secret);
    expect(bearerSecret(`Bearer ${secret}x`)).toBeUndefined();
    expect(bearerSecret(null)).toBeUndefined();
  });
});
