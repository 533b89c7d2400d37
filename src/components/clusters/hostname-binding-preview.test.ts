import { describe, expect, it } from "vitest";
import { previewBindingScope } from "./hostname-binding-preview";

const TARGET = "cl-0a1b2c3d4e5f6g7h8i9j.apps.example.com";

describe("previewBindingScope", () => {
  it("says platform_managed for a hostname under the base domain derived from the CNAME target", () => {
    expect(previewBindingScope("Shop.Apps.Example.com.", TARGET)).toEqual({ kind: "scope", hostname: "shop.apps.example.com", scope: "platform_managed", baseDomain: "apps.example.com" });
    expect(previewBindingScope("a.b.apps.example.com", TARGET)).toMatchObject({ scope: "platform_managed" });
  });

  it("says self_managed for an external hostname, including look-alikes of the base domain", () => {
    expect(previewBindingScope("app.customer.test", TARGET)).toMatchObject({ kind: "scope", scope: "self_managed" });
    expect(previewBindingScope("evilapps.example.com", TARGET)).toMatchObject({ scope: "self_managed" });
    expect(previewBindingScope("example.com", TARGET)).toMatchObject({ scope: "self_managed" });
  });

  it("says self_managed without a CNAME target (no base domain)", () => {
    expect(previewBindingScope("shop.apps.example.com", null)).toEqual({ kind: "scope", hostname: "shop.apps.example.com", scope: "self_managed", baseDomain: null });
  });

  it("shows the server's validation message for names it would refuse, nothing for an empty field", () => {
    expect(previewBindingScope("  ", TARGET)).toEqual({ kind: "empty" });
    expect(previewBindingScope("*.apps.example.com", TARGET)).toMatchObject({ kind: "invalid", message: expect.stringMatching(/Wildcard hostnames/) });
    expect(previewBindingScope("https://app.example.com", TARGET)).toMatchObject({ kind: "invalid", message: expect.stringMatching(/without scheme/) });
  });
});
