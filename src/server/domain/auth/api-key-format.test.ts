import { describe, expect, it } from "vitest";
import { apiKeyHashMatches, generateApiKey, parseApiKey } from "./api-key-format";

describe("api key format", () => {
  it("generates keys whose prefix and hash round-trip", () => {
    const k = generateApiKey();
    expect(k.key).toMatch(/^kbk_[0-9a-z]{8}_[0-9a-z]{40}$/);
    expect(parseApiKey(k.key)).toEqual({ prefix: k.prefix });
    expect(apiKeyHashMatches(k.key, k.hash)).toBe(true);
    expect(k.hash).not.toContain(k.key.slice(13));
  });
  it("rejects other shapes and other keys", () => {
    const k = generateApiKey();
    expect(parseApiKey("kbk_short_x")).toBeNull();
    expect(parseApiKey(k.key.toUpperCase())).toBeNull();
    expect(apiKeyHashMatches(generateApiKey().key, k.hash)).toBe(false);
    expect(apiKeyHashMatches(k.key, "zz")).toBe(false);
  });
  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
    expect(keys.size).toBe(200);
  });
});
