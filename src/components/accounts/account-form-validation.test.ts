import { describe, expect, it } from "vitest";
import { isCode, isEmail, passwordError } from "./account-form-validation";

describe("account form validation", () => {
  it("accepts emails and 6-digit codes, with or without a space in the middle", () => {
    expect(isEmail(" a@b.io ")).toBe(true);
    expect(isEmail("a@b")).toBe(false);
    expect(isCode("012345")).toBe(true);
    expect(isCode("012 345")).toBe(true);
    expect(isCode("12345")).toBe(false);
    expect(isCode("12345a")).toBe(false);
  });

  it("asks for 12 characters and a matching repeat", () => {
    expect(passwordError("short", "short")).toBe("passwordTooShort");
    expect(passwordError("long-enough-pw", "long-enough-px")).toBe("passwordMismatch");
    expect(passwordError("long-enough-pw", "long-enough-pw")).toBeUndefined();
  });
});
