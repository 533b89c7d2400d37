import { describe, expect, it } from "vitest";
import { githubEmail, googleEmailVerified } from "./oauth-identity";

describe("githubEmail", () => {
  it("takes the primary address with GitHub's verification, not the first or the public one", () => {
    const emails = [
      { email: "other@example.test", primary: false, verified: true },
      { email: "main@example.test", primary: true, verified: true },
    ];
    expect(githubEmail(emails, "typed@example.test")).toEqual({ email: "main@example.test", verified: true });
  });

  it("reports an unverified primary address as unverified even when another address is verified", () => {
    const emails = [
      { email: "verified-secondary@example.test", primary: false, verified: true },
      { email: "main@example.test", primary: true, verified: false },
    ];
    expect(githubEmail(emails, null)).toEqual({ email: "main@example.test", verified: false });
  });

  it("never trusts the public profile email when the list is unavailable", () => {
    expect(githubEmail([], "typed@example.test")).toEqual({ email: "typed@example.test", verified: false });
  });
});

describe("googleEmailVerified", () => {
  it("accepts only a true claim", () => {
    expect(googleEmailVerified(true)).toBe(true);
    expect(googleEmailVerified("true")).toBe(true);
    expect(googleEmailVerified(false)).toBe(false);
    expect(googleEmailVerified(undefined)).toBe(false);
    expect(googleEmailVerified("yes")).toBe(false);
  });
});
