import { describe, expect, it } from "vitest";
import { AppError } from "@/server/domain/errors";
import { TokenIssuerError } from "./token-issuer-error";

describe("TokenIssuerError", () => {
  it("maps each failure to an AppError code and keeps internals out of the user message", () => {
    const detail = "creating bootstrap token abc123 at https://10.0.0.5:8443: ECONNREFUSED";
    const cases = [
      ["unreachable", "PRECONDITION_FAILED"],
      ["rejected", "PRECONDITION_FAILED"],
      ["conflict", "CONFLICT"],
      ["failed", "PRECONDITION_FAILED"],
    ] as const;
    for (const [reason, code] of cases) {
      const err = new TokenIssuerError(reason, detail);
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe(code);
      expect(err.detail).toBe(detail);
      expect(err.message).not.toMatch(/10\.0\.0\.5|ECONNREFUSED|abc123/);
      expect(err.message).toMatch(/\.$/);
    }
  });
});
