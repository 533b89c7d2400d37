import { describe, expect, it } from "vitest";
import { checkReadiness } from "./check-readiness";

describe("checkReadiness", () => {
  it("is ok only when every probe passes, and reports the failing one", async () => {
    expect((await checkReadiness({ a: async () => {} })).status).toBe("ok");
    const r = await checkReadiness({ a: async () => {}, b: async () => Promise.reject(new Error("connection refused")) });
    expect(r.status).toBe("unavailable");
    expect(r.checks.b).toMatchObject({ status: "error", error: "connection refused" });
    expect(r.checks.a?.status).toBe("ok");
  });
});
