import { describe, expect, it } from "vitest";
import { cidrContains, parseCidr, parseCidrList } from "./cidr";

describe("cidr", () => {
  it("matches IPv4 members and rejects outsiders", () => {
    const c = parseCidr("10.0.0.0/8");
    expect(cidrContains(c, "10.20.30.40")).toBe(true);
    expect(cidrContains(c, "11.0.0.1")).toBe(false);
    expect(cidrContains(c, "::ffff:10.1.2.3")).toBe(true);
  });
  it("handles single hosts and IPv6", () => {
    expect(cidrContains(parseCidr("127.0.0.1/32"), "127.0.0.1")).toBe(true);
    expect(cidrContains(parseCidr("127.0.0.1/32"), "127.0.0.2")).toBe(false);
    expect(cidrContains(parseCidr("fd00::/8"), "fd12:3456::1")).toBe(true);
    expect(cidrContains(parseCidr("fd00::/8"), "fe80::1")).toBe(false);
    expect(cidrContains(parseCidr("::1/128"), "::1")).toBe(true);
  });
  it("rejects malformed networks with the offending text", () => {
    expect(() => parseCidr("10.0.0.0/33")).toThrow(/10.0.0.0\/33/);
    expect(() => parseCidr("not-an-ip/8")).toThrow(/not an IP network/);
    expect(parseCidrList(" 127.0.0.1/32 , 10.0.0.0/8 ,")).toHaveLength(2);
  });
});
