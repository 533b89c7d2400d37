import { describe, expect, it } from "vitest";
import { maxUsesSchema } from "./max-uses";

describe("maxUsesSchema", () => {
  it("accepts 1 to 1000, and absent or null for unlimited", () => {
    for (const v of [1, 2, 999, 1000, null, undefined]) expect(maxUsesSchema.parse(v)).toBe(v);
  });

  it("refuses 0, 1001, fractions and text with a message that says what to send", () => {
    for (const v of [0, -1, 1001, 1.5, "3"]) {
      const result = maxUsesSchema.safeParse(v);
      expect(result.success, String(v)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/max_uses must be a whole number between 1 and 1000/);
    }
  });
});
