import { describe, expect, it } from "vitest";
import { parseCidrList } from "@/server/domain/net/cidr";
import { clientIp } from "./client-ip";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientIp", () => {
  it("uses the socket peer when no proxy is trusted, ignoring forged hops", () => {
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), [])).toBe("203.0.113.9");
  });
  it("walks back through trusted proxies", () => {
    const trusted = parseCidrList("127.0.0.1/32,10.0.0.0/8");
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.7, 10.1.2.3, 127.0.0.1" }), trusted)).toBe("198.51.100.7");
    expect(clientIp(h({ "x-forwarded-for": "127.0.0.1", "x-real-ip": "198.51.100.8" }), trusted)).toBe("198.51.100.8");
  });
  it("returns null without any address", () => {
    expect(clientIp(h({}), [])).toBeNull();
  });
});
