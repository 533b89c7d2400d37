import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/server/config/env";
import { enabledOAuthProviders, oauthIdentity, oauthProviders } from "./oauth-providers";

const github = { KUBEBYON_GITHUB_CLIENT_ID: "gh-id", KUBEBYON_GITHUB_CLIENT_SECRET: "gh-secret" };
const google = { KUBEBYON_GOOGLE_CLIENT_ID: "g-id", KUBEBYON_GOOGLE_CLIENT_SECRET: "g-secret" };

describe("OAuth providers", () => {
  it("offers a provider only when both its client id and secret are set", () => {
    expect(enabledOAuthProviders(parseConfig({}))).toEqual([]);
    expect(enabledOAuthProviders(parseConfig(github))).toEqual(["github"]);
    expect(enabledOAuthProviders(parseConfig({ ...github, ...google }))).toEqual(["github", "google"]);
    expect(() => parseConfig({ KUBEBYON_GOOGLE_CLIENT_ID: "g-id" })).toThrow(ConfigError);
  });

  it("talks to the real services by default", () => {
    const [gh, gg] = oauthProviders(parseConfig({ ...github, ...google }));
    expect(gh).toMatchObject({ id: "github", token: "https://github.com/login/oauth/access_token", authorization: { url: "https://github.com/login/oauth/authorize" } });
    expect(gh?.userinfo).toMatchObject({ url: "https://api.github.com/user" });
    expect(gg).toMatchObject({ id: "google", wellKnown: "https://accounts.google.com/.well-known/openid-configuration", idToken: true, checks: ["pkce", "state"] });
  });

  it("follows the endpoint overrides (GitHub Enterprise, a local test provider), trailing slashes removed", () => {
    const config = parseConfig({
      ...github,
      ...google,
      KUBEBYON_GITHUB_BASE_URL: "https://ghe.example.com/",
      KUBEBYON_GITHUB_API_URL: "https://ghe.example.com/api/v3",
      KUBEBYON_GOOGLE_ISSUER: "http://127.0.0.1:9999/google",
    });
    const [gh, gg] = oauthProviders(config);
    expect(gh).toMatchObject({ token: "https://ghe.example.com/login/oauth/access_token", userinfo: { url: "https://ghe.example.com/api/v3/user" } });
    expect(gg?.wellKnown).toBe("http://127.0.0.1:9999/google/.well-known/openid-configuration");
    expect(() => parseConfig({ KUBEBYON_GOOGLE_ISSUER: "ftp://example.com" })).toThrow(/KUBEBYON_GOOGLE_ISSUER/);
  });

  it("reads the email verification from the provider's profile, never assuming it", () => {
    expect(oauthIdentity("google", "sub-1", { email: "a@example.test", email_verified: true, name: "A" })).toEqual({
      provider: "google",
      providerAccountId: "sub-1",
      email: "a@example.test",
      emailVerified: true,
      name: "A",
    });
    expect(oauthIdentity("github", "1", { email: "a@example.test" }).emailVerified).toBe(false);
  });
});
