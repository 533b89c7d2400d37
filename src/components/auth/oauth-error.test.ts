import { describe, expect, it } from "vitest";
import { oauthErrorKey } from "./oauth-error";

describe("oauthErrorKey", () => {
  it("names each refusal of our OAuth sign-in", () => {
    expect(oauthErrorKey("OAUTH_EMAIL_UNVERIFIED")).toBe("emailUnverified");
    expect(oauthErrorKey("OAUTH_NO_VERIFIED_EMAIL")).toBe("noVerifiedEmail");
    expect(oauthErrorKey("ACCOUNT_DISABLED")).toBe("accountDisabled");
  });

  it("turns next-auth's provider failures into one retry sentence", () => {
    expect(oauthErrorKey("OAuthCallback")).toBe("failed");
    expect(oauthErrorKey("OAuthSignin")).toBe("failed");
    expect(oauthErrorKey("AccessDenied")).toBe("failed");
  });

  it("shows nothing without an error or for unknown codes", () => {
    expect(oauthErrorKey(undefined)).toBeNull();
    expect(oauthErrorKey("CredentialsSignin")).toBeNull();
  });
});
