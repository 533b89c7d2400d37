import { describe, expect, it } from "vitest";
import { dnsManagementScopeFor, normalizeBindingHostname } from "./hostname-binding";

describe("normalizeBindingHostname", () => {
  it("lower-cases and drops surrounding space and a trailing dot", () => {
    expect(normalizeBindingHostname("  Shop.Example.COM. ")).toBe("shop.example.com");
    expect(normalizeBindingHostname("a-1.b2.example")).toBe("a-1.b2.example");
  });

  it("refuses wildcards and says they are not supported", () => {
    expect(() => normalizeBindingHostname("*.example.com")).toThrow('Wildcard hostnames such as "*.example.com" are not supported: add each hostname (e.g. app.example.com) as its own binding.');
  });

  it.each([
    ["https://shop.example.com", /without scheme, port, path/],
    ["shop.example.com:443", /without scheme, port, path/],
    ["shop.example.com/cart", /without scheme, port, path/],
    ["localhost", /single label; use a fully qualified hostname such as localhost\.example\.com/],
    ["shop..example.com", /empty label/],
    [".example.com", /empty label/],
    ["-shop.example.com", /label "-shop" of the hostname is not valid/],
    ["shop_1.example.com", /label "shop_1" of the hostname is not valid/],
    ["bücher.example.com", /label "bücher" of the hostname is not valid/],
    [`${"a".repeat(64)}.example.com`, /is 64 characters long; each label has at most 63/],
    [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`, /is 259 characters long; a DNS name has at most 253/],
    ["   ", /Give a hostname/],
  ])("refuses %s with a message saying what is wrong", (raw, message) => {
    expect(() => normalizeBindingHostname(raw)).toThrow(message);
  });

  it("accepts a name of exactly 253 characters with 63-character labels", () => {
    const name = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(name).toHaveLength(253);
    expect(normalizeBindingHostname(name)).toBe(name);
  });
});

describe("dnsManagementScopeFor", () => {
  it("is platform_managed under the base domain and self_managed elsewhere or without one", () => {
    expect(dnsManagementScopeFor("shop.apps.example.com", "apps.example.com")).toBe("platform_managed");
    expect(dnsManagementScopeFor("a.b.apps.example.com", "apps.example.com")).toBe("platform_managed");
    expect(dnsManagementScopeFor("shop.example.org", "apps.example.com")).toBe("self_managed");
    // A suffix match on the string is not a subdomain.
    expect(dnsManagementScopeFor("shopapps.example.com", "apps.example.com")).toBe("self_managed");
    expect(dnsManagementScopeFor("shop.apps.example.com", null)).toBe("self_managed");
  });
});
