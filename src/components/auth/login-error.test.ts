import { describe, expect, it } from "vitest";
import { loginErrorKey } from "./login-error";

describe("loginErrorKey", () => {
  it("treats next-auth's CredentialsSignin as wrong email or password", () => {
    expect(loginErrorKey("CredentialsSignin", 401)).toBe("invalidCredentials");
    expect(loginErrorKey("Email or password is incorrect.", 200)).toBe("invalidCredentials");
  });

  it("recognises rate limiting by status or message", () => {
    expect(loginErrorKey("CredentialsSignin", 429)).toBe("tooManyAttempts");
    expect(loginErrorKey("Too many sign-in attempts. Try again in 60 seconds.", 200)).toBe("tooManyAttempts");
    expect(loginErrorKey("TOO_MANY_REQUESTS", 401)).toBe("tooManyAttempts");
  });

  it("recognises a disabled account", () => {
    expect(loginErrorKey("ACCOUNT_DISABLED", 200)).toBe("accountDisabled");
  });

  it("recognises an account whose email is not confirmed yet", () => {
    expect(loginErrorKey("EMAIL_NOT_VERIFIED", 200)).toBe("emailNotVerified");
  });

  it("falls back to a generic failure", () => {
    expect(loginErrorKey("Configuration", 500)).toBe("failed");
  });
});
