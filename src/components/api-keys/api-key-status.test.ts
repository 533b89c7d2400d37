import { describe, expect, it } from "vitest";
import { apiKeyStatus, validateCreateApiKeyForm } from "./api-key-status";

const now = new Date("2026-01-10T00:00:00Z");

describe("apiKeyStatus", () => {
  it("is active without revocation or with a future expiry", () => {
    expect(apiKeyStatus({ revoked_at: null, expires_at: null }, now)).toBe("active");
    expect(apiKeyStatus({ revoked_at: null, expires_at: "2026-02-01T00:00:00Z" }, now)).toBe("active");
  });

  it("is expired once the expiry has passed", () => {
    expect(apiKeyStatus({ revoked_at: null, expires_at: "2026-01-10T00:00:00Z" }, now)).toBe("expired");
  });

  it("reports revoked even when also expired", () => {
    expect(apiKeyStatus({ revoked_at: "2026-01-01T00:00:00Z", expires_at: "2026-01-02T00:00:00Z" }, now)).toBe("revoked");
  });
});

describe("validateCreateApiKeyForm", () => {
  it("trims the name and omits an empty expiry", () => {
    expect(validateCreateApiKeyForm({ name: "  ci  ", expiresInDays: "" })).toEqual({ ok: true, value: { name: "ci" } });
  });

  it("passes whole days through as a number", () => {
    expect(validateCreateApiKeyForm({ name: "ci", expiresInDays: "30" })).toEqual({ ok: true, value: { name: "ci", expires_in_days: 30 } });
  });

  it("rejects a blank name and non-integer or out-of-range days", () => {
    expect(validateCreateApiKeyForm({ name: " ", expiresInDays: "1.5" })).toEqual({ ok: false, errors: { name: "required", expiresInDays: "invalid" } });
    expect(validateCreateApiKeyForm({ name: "x", expiresInDays: "0" })).toEqual({ ok: false, errors: { expiresInDays: "invalid" } });
    expect(validateCreateApiKeyForm({ name: "x".repeat(101), expiresInDays: "3651" })).toEqual({
      ok: false,
      errors: { name: "tooLong", expiresInDays: "invalid" },
    });
  });
});
