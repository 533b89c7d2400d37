import { describe, expect, it } from "vitest";
import type { Viewer } from "@/server/domain/auth/viewer";
import { ApiKeyCache, type CachedApiKey, type CredentialChangeFeed } from "./api-key-cache";

/** A feed driven by the test: what the database's announcements and connection drops would do. */
function manualFeed() {
  let handlers: Parameters<CredentialChangeFeed["start"]>[0] | undefined;
  const feed: CredentialChangeFeed & { starts: number } = {
    starts: 0,
    start(h) {
      this.starts++;
      handlers = h;
    },
    close: () => Promise.resolve(),
  };
  return { feed, change: (userId: string) => handlers!.onChange(userId), live: (v: boolean) => handlers!.onLive(v) };
}

const viewer = (id: string): Viewer => ({ id, email: `${id}@example.test`, name: id, role: "user", auth: { method: "api_key", apiKeyId: `key_${id}` } });
const entry = (userId: string): CachedApiKey => ({ keyId: `key_${userId}`, expiresAt: null, lastUsedAt: null, viewer: viewer(userId) });

function setup(ttlMs = 5_000, maxEntries = 100) {
  let now = 1_000_000;
  const f = manualFeed();
  const cache = new ApiKeyCache({ ttlMs, maxEntries, feed: f.feed, nowMs: () => now });
  return { cache, ...f, advance: (ms: number) => (now += ms) };
}

describe("ApiKeyCache", () => {
  it("serves nothing until the feed is live, starting it on first use only once", () => {
    const { cache, feed, live } = setup();
    expect(feed.starts).toBe(0);
    cache.set("h1", entry("usr_a"), cache.currentGeneration());
    expect(cache.get("h1")).toBeUndefined();
    expect(feed.starts).toBe(1);
    live(true);
    cache.set("h1", entry("usr_a"), cache.currentGeneration());
    expect(cache.get("h1")?.viewer.id).toBe("usr_a");
    expect(feed.starts).toBe(1);
  });

  it("expires entries after the TTL", () => {
    const { cache, live, advance } = setup(5_000);
    cache.get("x");
    live(true);
    cache.set("h1", entry("usr_a"), cache.currentGeneration());
    advance(4_999);
    expect(cache.get("h1")).toBeDefined();
    advance(1);
    expect(cache.get("h1")).toBeUndefined();
  });

  it("drops every entry of a user the feed announces, and only theirs", () => {
    const { cache, live, change } = setup();
    cache.get("x");
    live(true);
    cache.set("a1", entry("usr_a"), cache.currentGeneration());
    cache.set("a2", entry("usr_a"), cache.currentGeneration());
    cache.set("b1", entry("usr_b"), cache.currentGeneration());
    change("usr_a");
    expect(cache.get("a1")).toBeUndefined();
    expect(cache.get("a2")).toBeUndefined();
    expect(cache.get("b1")?.viewer.id).toBe("usr_b");
  });

  it("does not store a lookup that raced with a change (read before the announcement, stored after)", () => {
    const { cache, live, change } = setup();
    cache.get("x");
    live(true);
    const readAt = cache.currentGeneration();
    change("usr_a");
    cache.set("a1", entry("usr_a"), readAt);
    expect(cache.get("a1")).toBeUndefined();
  });

  it("empties and stops serving when the feed drops; stays empty when it is back", () => {
    const { cache, live } = setup();
    cache.get("x");
    live(true);
    cache.set("a1", entry("usr_a"), cache.currentGeneration());
    const readAt = cache.currentGeneration();
    live(false);
    expect(cache.get("a1")).toBeUndefined();
    live(true);
    expect(cache.get("a1")).toBeUndefined();
    cache.set("a1", entry("usr_a"), readAt);
    expect(cache.get("a1")).toBeUndefined();
  });

  it("is off with a TTL of 0 and never starts the feed", () => {
    const { cache, feed } = setup(0);
    expect(cache.get("h1")).toBeUndefined();
    expect(feed.starts).toBe(0);
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const { cache, live } = setup(5_000, 2);
    cache.get("x");
    live(true);
    for (const id of ["a", "b", "c"]) cache.set(id, entry(`usr_${id}`), cache.currentGeneration());
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });
});
