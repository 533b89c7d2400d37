import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { CookieJar, signInOverHttp } from "@e2e/env/http-session";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";

/**
 * Browser safety of the production server (`next start`) over real HTTP, as
 * the spec's KUBEBYON_CORS_ALLOWED_ORIGINS row describes it: listed origins
 * get credentialed CORS, `*` gets CORS without credentials and is never
 * trusted for cookie requests, `Sec-Fetch-Site: cross-site` is refused even
 * from a listed origin, API keys are unaffected; plus the session cookie's
 * attributes, session rotation at login and login answers that do not reveal
 * which emails exist.
 *
 * "Allowed" is observed as 404 from DELETE /api-keys/<unknown id>: the request
 * passed the cross-site check and reached the use case without changing anything.
 */
const LISTED = "https://console.example.com";
const FOREIGN = "https://evil.example";

let listedDb: TestDatabase;
let starDb: TestDatabase;
let listed: AppServer; // KUBEBYON_CORS_ALLOWED_ORIGINS=https://console.example.com
let star: AppServer; // KUBEBYON_CORS_ALLOWED_ORIGINS=*

beforeAll(async () => {
  [listedDb, starDb] = await Promise.all([createTestDatabase("cors_listed"), createTestDatabase("cors_star")]);
  [listed, star] = await Promise.all([
    startAppServer({ databaseUrl: listedDb.url, env: { KUBEBYON_CORS_ALLOWED_ORIGINS: LISTED, KUBEBYON_AUTH_RATE_LIMIT_BURST: "20" } }),
    startAppServer({ databaseUrl: starDb.url, env: { KUBEBYON_CORS_ALLOWED_ORIGINS: "*", KUBEBYON_AUTH_RATE_LIMIT_BURST: "20" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([listed?.stop(), star?.stop()]);
  await Promise.all([listedDb?.drop(), starDb?.drop()]);
});

async function signedIn(app: AppServer): Promise<CookieJar> {
  const jar = new CookieJar();
  const { error } = await signInOverHttp(app.url, jar, TEST_ADMIN.email, TEST_ADMIN.password);
  if (error) throw new Error(`login failed: ${error}`);
  return jar;
}

function preflight(app: AppServer, origin: string): Promise<Response> {
  return fetch(`${app.url}/api/console/api-keys`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
}

/** A state-changing call that is harmless when allowed (404) and 403 when refused as cross-site. */
async function deleteUnknownKey(app: AppServer, headers: Record<string, string>): Promise<{ status: number; message: string }> {
  const res = await fetch(`${app.url}/api/console/api-keys/key_doesnotexist`, { method: "DELETE", headers });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe("KUBEBYON_CORS_ALLOWED_ORIGINS with an explicit origin", () => {
  it("answers a listed origin's preflight with credentialed CORS, and an unlisted one with nothing", async () => {
    const ok = await preflight(listed, LISTED);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
    expect(ok.headers.get("access-control-allow-methods")).toContain("POST");
    expect(ok.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    expect(ok.headers.get("vary")).toContain("Origin");

    const foreign = await preflight(listed, FOREIGN);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
    expect(foreign.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("adds CORS headers to real responses (errors included) for the listed origin only", async () => {
    const jar = await signedIn(listed);
    const me = await fetch(`${listed.url}/api/console/me`, { headers: { cookie: jar.header(), origin: LISTED } });
    expect(me.status).toBe(200);
    expect(me.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(me.headers.get("access-control-allow-credentials")).toBe("true");
    const anonymous = await fetch(`${listed.url}/api/console/me`, { headers: { origin: LISTED } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe(LISTED);
    const foreign = await fetch(`${listed.url}/api/console/me`, { headers: { cookie: jar.header(), origin: FOREIGN } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("accepts cookie writes from the same origin and the listed same-site origin, refuses foreign and cross-site ones", async () => {
    const cookie = (await signedIn(listed)).header();
    expect((await deleteUnknownKey(listed, { cookie, origin: listed.url, "sec-fetch-site": "same-origin" })).status).toBe(404);
    expect((await deleteUnknownKey(listed, { cookie, origin: LISTED, "sec-fetch-site": "same-site" })).status).toBe(404);

    const foreign = await deleteUnknownKey(listed, { cookie, origin: FOREIGN });
    expect(foreign).toEqual({ status: 403, message: expect.stringMatching(/^Cross-site request refused/) });
    // The list is for same-site origins: a cross-site front end is refused even when listed.
    expect((await deleteUnknownKey(listed, { cookie, origin: LISTED, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await deleteUnknownKey(listed, { cookie, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await deleteUnknownKey(listed, { cookie, origin: "null" })).status).toBe(403);
  });

  it("lets API-key clients call from any origin (browsers never attach keys on their own)", async () => {
    const jar = await signedIn(listed);
    const created = await fetch(`${listed.url}/api/console/api-keys`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/json" },
      body: JSON.stringify({ name: "cross-origin script", current_password: TEST_ADMIN.password }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const viaKey = await deleteUnknownKey(listed, { authorization: `Bearer ${secret}`, origin: FOREIGN, "sec-fetch-site": "cross-site" });
    expect(viaKey.status).toBe(404);
  });
});

describe("KUBEBYON_CORS_ALLOWED_ORIGINS=*", () => {
  it("answers any origin with `*` and never with credentials", async () => {
    const pre = await preflight(star, FOREIGN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
    const jar = await signedIn(star);
    const me = await fetch(`${star.url}/api/console/me`, { headers: { cookie: jar.header(), origin: FOREIGN } });
    expect(me.headers.get("access-control-allow-origin")).toBe("*");
    expect(me.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("is not trusted by the cross-site check: cookie writes from another origin are refused", async () => {
    const cookie = (await signedIn(star)).header();
    expect((await deleteUnknownKey(star, { cookie, origin: FOREIGN })).status).toBe(403);
    expect((await deleteUnknownKey(star, { cookie, origin: star.url })).status).toBe(404);
  });
});

describe("session cookie and login", () => {
  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const jar = new CookieJar();
    const { res } = await signInOverHttp(listed.url, jar, TEST_ADMIN.email, TEST_ADMIN.password);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("kubebyon_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("rotates the session at login: the cookie the browser held before stops working", async () => {
    const jar = await signedIn(listed);
    const before = jar.get("kubebyon_session")!;
    expect((await fetch(`${listed.url}/api/console/me`, { headers: { cookie: `kubebyon_session=${before}` } })).status).toBe(200);
    const { error } = await signInOverHttp(listed.url, jar, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(error).toBeNull();
    const after = jar.get("kubebyon_session")!;
    expect(after).not.toBe(before);
    expect((await fetch(`${listed.url}/api/console/me`, { headers: { cookie: `kubebyon_session=${before}` } })).status).toBe(401);
    expect((await fetch(`${listed.url}/api/console/me`, { headers: { cookie: `kubebyon_session=${after}` } })).status).toBe(200);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const unknown = await signInOverHttp(listed.url, new CookieJar(), "nobody@kubebyon.test", "some-password-123");
    const wrong = await signInOverHttp(listed.url, new CookieJar(), TEST_ADMIN.email, "some-password-123");
    expect(unknown.error).toBe("CredentialsSignin");
    expect(wrong.error).toBe(unknown.error);
    expect(wrong.res.status).toBe(unknown.res.status);
  });
});
