import { describe, expect, it } from "vitest";
import { allowedKubeconfigAccess, kubeconfigCredentialState, serviceAccountNameFor } from "./kubeconfig-credential";

describe("kubeconfigCredentialState", () => {
  const now = new Date("2026-12-05T10:00:00Z");
  it("is active before expiry, expired at and after it, revoked once revoked", () => {
    expect(kubeconfigCredentialState({ revokedAt: null, expiresAt: new Date("2026-12-05T10:00:01Z") }, now)).toBe("active");
    expect(kubeconfigCredentialState({ revokedAt: null, expiresAt: now }, now)).toBe("expired");
    expect(kubeconfigCredentialState({ revokedAt: new Date("2026-12-05T09:00:00Z"), expiresAt: new Date("2026-12-05T08:00:00Z") }, now)).toBe("revoked");
  });
});

describe("serviceAccountNameFor", () => {
  it("turns the credential id into a Kubernetes name and refuses anything else", () => {
    expect(serviceAccountNameFor("kc_abc123")).toBe("kubebyon-abc123");
    expect(() => serviceAccountNameFor("kc_../x")).toThrow(/not a kubeconfig credential id/);
    expect(() => serviceAccountNameFor("tok_abc")).toThrow();
  });
});

describe("allowedKubeconfigAccess", () => {
  it("gives the owner admin by default and a non-owner admin view only", () => {
    expect(allowedKubeconfigAccess(true)).toEqual({ allowed: ["admin", "view"], default: "admin" });
    expect(allowedKubeconfigAccess(false)).toEqual({ allowed: ["view"], default: "view" });
  });
});
