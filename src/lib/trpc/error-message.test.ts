import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-message";

describe("errorMessage", () => {
  it("returns the server's message", () => {
    expect(errorMessage(new Error("You already have 25 active API keys."), "fallback")).toBe("You already have 25 active API keys.");
  });

  it("turns a JSON list of zod issues into their messages", () => {
    const zod = JSON.stringify([{ code: "too_small", message: "Enter a name." }, { code: "x", message: "Too long." }]);
    expect(errorMessage(new Error(zod), "fallback")).toBe("Enter a name. Too long.");
  });

  it("falls back for non-errors and empty messages", () => {
    expect(errorMessage("boom", "fallback")).toBe("fallback");
    expect(errorMessage(new Error("  "), "fallback")).toBe("fallback");
  });
});
