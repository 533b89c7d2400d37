import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { waitFor } from "@e2e/env/wait-for";

/**
 * The API key owner cache on real PostgreSQL: lookups are reused (shown by a change made with triggers off,
 * which the cache cannot hear), and every real change — from this process or any other — ends the key's next
 * request. A dropped listening connection stops the cache serving until it is back.
 */
let api: InProcessApi;
let sql: pg.Client;
let admin: { cookie: string };

beforeAll(async () => {
  api = await startInProcessApi("api_key_cache", { KUBEBYON_API_KEY_CACHE_SECONDS: "30" });
  sql = new pg.Client({ connectionString: api.db.url });
  await sql.connect();
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await api?.close();
});

async function newKey(email: string): Promise<{ userId: string; keyId: string; secret: string }> {
  const user = await api.createUser(email, "a-long-enough-password");
  const res = await api.rest("POST", "/api-keys", { cookie: user.cookie, body: { name: "script", current_password: "a-long-enough-password" } });
  const body = (await res.json()) as { api_key: { id: string }; secret: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { userId: user.id, keyId: body.api_key.id, secret: body.secret };
}

const me = async (secret: string) => (await api.rest("GET", "/me", { token: secret })).status;

/** Revokes or restores the key with triggers off (session_replication_role = replica): a change no process hears. */
async function silently(keyId: string, revoked: boolean): Promise<void> {
  await sql.query("SET session_replication_role = replica");
  try {
    await sql.query(`UPDATE api_keys SET revoked_at = ${revoked ? "now()" : "NULL"} WHERE id = $1`, [keyId]);
  } finally {
    await sql.query("SET session_replication_role = DEFAULT");
  }
}

/** Waits until the key's owner is served from the cache: a silent revocation is not noticed. Leaves the row restored. */
async function expectCached(key: { keyId: string; secret: string }): Promise<void> {
  await waitFor(
    "the key's lookup to be served from the cache",
    async () => {
      expect(await me(key.secret)).toBe(200);
      await silently(key.keyId, true);
      const status = await me(key.secret);
      await silently(key.keyId, false);
      return status;
    },
    (status) => status === 200,
    10_000,
  );
}

describe("API key owner cache", () => {
  it("reuses the lookup, and a revocation in this process refuses the very next request", async () => {
    const key = await newKey("cache-a@example.test");
    await expectCached(key);
    const revoke = await api.rest("DELETE", `/api-keys/${key.keyId}`, { token: key.secret });
    expect(revoke.status).toBe(200);
    expect(await me(key.secret)).toBe(401);
  });

  it("an administrator disabling the owner refuses the very next request", async () => {
    const key = await newKey("cache-b@example.test");
    await expectCached(key);
    expect((await api.rest("POST", `/admin/users/${key.userId}/disable`, { cookie: admin.cookie, body: {} })).status).toBe(200);
    expect(await me(key.secret)).toBe(401);
  });

  it("a change committed by another process is heard: revoked, expired or deleted keys and a new role", async () => {
    for (const [email, change] of [
      ["cache-c@example.test", "UPDATE api_keys SET revoked_at = now() WHERE id = $1"],
      ["cache-d@example.test", "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1"],
      ["cache-e@example.test", "DELETE FROM api_keys WHERE id = $1"],
    ] as const) {
      const key = await newKey(email);
      await expectCached(key);
      await sql.query(change, [key.keyId]);
      // The announcement arrives on the listening connection within milliseconds of the commit.
      await waitFor("the other process's change to be heard", () => me(key.secret), (s) => s === 401, 2_000);
    }
    const key = await newKey("cache-f@example.test");
    await expectCached(key);
    await sql.query("UPDATE users SET role = 'admin' WHERE id = $1", [key.userId]);
    await waitFor("the new role to be seen", async () => ((await (await api.rest("GET", "/me", { token: key.secret })).json()) as { role: string }).role, (r) => r === "admin", 2_000);
  });

  it("serves nothing while the listening connection is down, and caches again once it is back", async () => {
    const key = await newKey("cache-g@example.test");
    await expectCached(key);
    const killed = await sql.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kubebyon credential changes' AND datname = current_database()");
    expect(killed.rowCount).toBe(1);
    // Down: a change nobody announces is still seen, because every lookup goes to the database.
    await silently(key.keyId, true);
    await waitFor("lookups to bypass the cache", () => me(key.secret), (s) => s === 401, 5_000);
    await silently(key.keyId, false);
    expect(await me(key.secret)).toBe(200);
    // Back (reconnected with backoff): cached again.
    await expectCached(key);
  });
});
