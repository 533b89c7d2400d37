import { describe, expect, it } from "vitest";
import { parseResolverAddress } from "./resolver-address";

describe("parseResolverAddress", () => {
  it.each(["1.1.1.1", "10.0.0.2:53", "127.0.0.1:5353", "2606:4700:4700::1111", "[::1]:5353"])("accepts %s", (entry) => {
    expect(parseResolverAddress(` ${entry} `)).toBe(entry);
  });

  it.each(["dns.example.com", "1.1.1.1:0", "1.1.1.1:70000", "[::1]", "::1:53x", "300.1.1.1"])("refuses %s with an example of what works", (entry) => {
    expect(() => parseResolverAddress(entry)).toThrow(/is not an ip or ip:port \(e\.g\. 1\.1\.1\.1/);
  });
});
