import { describe, expect, it } from "vitest";
import { applyOAuthClientsPatch, effectiveOAuthClient, EMPTY_OAUTH_CLIENTS } from "./oauth-clients";

const env = { clientId: "env-id", clientSecret: "env-secret" };

describe("effectiveOAuthClient", () => {
  it("prefers the environment, then a complete stored pair, else none", () => {
    expect(effectiveOAuthClient(env, { clientId: "s-id", clientSecret: "s-secret" })).toEqual({ source: "env", client: env });
    expect(effectiveOAuthClient(undefined, { clientId: "s-id", clientSecret: "s-secret" })).toEqual({ source: "settings", client: { clientId: "s-id", clientSecret: "s-secret" } });
    expect(effectiveOAuthClient(undefined, { clientId: "s-id", clientSecret: null })).toEqual({ source: "none", client: undefined });
  });
});

describe("applyOAuthClientsPatch", () => {
  const stored = { ...EMPTY_OAUTH_CLIENTS, github: { clientId: "id", clientSecret: "secret-123456" } };

  it("keeps the secret on an empty input and removes it only on null", () => {
    expect(applyOAuthClientsPatch(stored, { github: { clientSecret: "" } }).github.clientSecret).toBe("secret-123456");
    expect(applyOAuthClientsPatch(stored, { github: { clientSecret: null } }).github).toEqual({ clientId: "id", clientSecret: null });
    expect(applyOAuthClientsPatch(stored, { github: { clientId: "  " } }).github.clientId).toBeNull();
    expect(applyOAuthClientsPatch(stored, undefined)).toEqual(stored);
  });

  it("refuses values that cannot be credentials, naming the field", () => {
    expect(() => applyOAuthClientsPatch(stored, { google: { clientSecret: "short" } })).toThrow(/oauth\.google\.client_secret/);
    expect(() => applyOAuthClientsPatch(stored, { github: { clientId: "a b" } })).toThrow(/oauth\.github\.client_id/);
  });
});
