import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatRfc3339, formatToken, generateBootstrapToken, hashTokenSecret, parseToken } from "./bootstrap-token";

describe("bootstrap tokens", () => {
  it("generates ids and secrets in the Kubernetes format, different each time", () => {
    const tokens = Array.from({ length: 200 }, generateBootstrapToken);
    for (const t of tokens) {
      expect(t.id).toMatch(/^[a-z0-9]{6}$/);
      expect(t.secret).toMatch(/^[a-z0-9]{16}$/);
      expect(parseToken(formatToken(t))).toEqual(t);
    }
    expect(new Set(tokens.map(formatToken)).size).toBe(tokens.length);
  });

  it("uses the whole alphabet roughly evenly", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const ch of generateBootstrapToken().secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    // 32000 draws over 36 symbols: ~889 each; a biased or broken generator falls far outside.
    for (const n of counts.values()) expect(n).toBeGreaterThan(700);
    for (const n of counts.values()) expect(n).toBeLessThan(1100);
  });

  it("parses only the strict form", () => {
    expect(parseToken("abc123.0123456789abcdef")).toEqual({ id: "abc123", secret: "0123456789abcdef" });
    for (const bad of [
      "ABC123.0123456789abcdef",
      " abc123.0123456789abcdef",
      "abc123.0123456789abcdef\n",
      "abc12.0123456789abcdef",
      "abc123.0123456789abcde",
      "abc123-0123456789abcdef",
      "abc123.0123456789abcdef0",
      "",
    ]) {
      expect(parseToken(bad), bad).toBeUndefined();
    }
  });

  it("hashes the full token with SHA-256", () => {
    const token = { id: "abc123", secret: "0123456789abcdef" };
    expect(hashTokenSecret(token)).toBe(createHash("sha256").update("abc123.0123456789abcdef").digest("hex"));
    expect(hashTokenSecret({ ...token, secret: "0123456789abcdee" })).not.toBe(hashTokenSecret(token));
    expect(hashTokenSecret(token)).not.toContain(token.secret);
  });

  it("writes RFC 3339 timestamps without fractional seconds", () => {
    expect(formatRfc3339(new Date("2026-03-04T05:06:07.890Z"))).toBe("2026-03-04T05:06:07Z");
  });
});
