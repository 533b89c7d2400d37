import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAppBuild, startAppServer, TEST_ADMIN, type AppServer } from "@e2e/env/app-server";
import { CookieJar, signInOverHttp } from "@e2e/env/http-session";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";

/**
 * The production server (`next build` + `next start`) over real HTTP, the way
 * curl and the console use it: next-auth login, the kubebyon_session cookie,
 * logout revoking the session, login rate limiting, API keys over REST, and
 * start-up refusing bad configuration.
 */
let db: TestDatabase;
let app: AppServer;

beforeAll(async () => {
  db = await createTestDatabase("auth_flow");
  app = await startAppServer({ databaseUrl: db.url, env: { KUBEBYON_AUTH_RATE_LIMIT_BURST: "3" } });
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const login = (jar: CookieJar, email: string, password: string) => signInOverHttp(app.url, jar, email, password);

const api = (method: string, p: string, init: { jar?: CookieJar; token?: string; body?: unknown } = {}) =>
  fetch(`${app.url}/api/console${p}`, {
    method,
    headers: {
      ...(init.jar ? { cookie: init.jar.header() } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe("production server over HTTP", () => {
  it("answers /healthz, /readyz and /api/openapi.json", async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/me", "/api-keys", "/api-keys/{id}"]));
  });

  it("logs the start-up lines of the deployment walkthrough (step 8) with our implementations", async () => {
    const messages = (await readFile(app.logFile, "utf8"))
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { msg?: string; service?: string }))
      .filter((record) => record.service === "kubebyon-web")
      .map((record) => record.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        "storage initialized, driver=postgres",
        "using vcluster backend",
        "control_plane_provisioner=helm-cli",
        "node_observer=client-node-watch",
        "token_issuer=client-node-bootstrap-token",
      ]),
    );
  });

  it("logs in, sets an HttpOnly session cookie, and logout revokes that exact cookie", async () => {
    const jar = new CookieJar();
    const { res, error } = await login(jar, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(error).toBeNull();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("kubebyon_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const me = await api("GET", "/me", { jar });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: TEST_ADMIN.email, role: "admin" });

    const stolen = jar.get("kubebyon_session")!;
    const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers: { cookie: jar.header() } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    await fetch(`${app.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    // Replaying the old cookie (as a thief would) no longer works.
    const replay = await fetch(`${app.url}/api/console/me`, { headers: { cookie: `kubebyon_session=${stolen}` } });
    expect(replay.status).toBe(401);
  });

  it("issues an API key usable with curl-style Bearer auth; a revoked key gets 401", async () => {
    const jar = new CookieJar();
    await login(jar, TEST_ADMIN.email, TEST_ADMIN.password);
    const created = (await (await api("POST", "/api-keys", { jar, body: { name: "curl", current_password: TEST_ADMIN.password } })).json()) as { api_key: { id: string }; secret: string };
    const viaKey = await api("GET", "/me", { token: created.secret });
    expect(viaKey.status).toBe(200);
    expect(viaKey.headers.get("x-request-id")).toBeTruthy();
    expect((await api("DELETE", `/api-keys/${created.api_key.id}`, { token: created.secret })).status).toBe(200);
    const after = await api("GET", "/me", { token: created.secret });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/revoked/) });
  });

  it("rate-limits repeated logins from one address", async () => {
    const jar = new CookieJar();
    const errors: Array<string | null> = [];
    for (let i = 0; i < 5; i++) errors.push((await login(jar, "nobody@example.test", "wrong-password")).error);
    expect(errors).toContain("CredentialsSignin");
    expect(errors.at(-1)).toBe("TOO_MANY_REQUESTS");
  });

  it("exports request counters on /metrics", async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    expect(text).toMatch(/kubebyon_http_requests_total\{route="\/api\/console",method="GET",status="200"\} \d+/);
    expect(text).toContain("kubebyon_http_request_duration_seconds_bucket");
  });
});

describe("start-up configuration", () => {
  it("refuses a malformed variable with one line naming it", async () => {
    await ensureAppBuild();
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", "0"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, KUBEBYON_AUTH_SECRET: "x".repeat(40), KUBEBYON_SESSION_COOKIE_SECURE: "maybe" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^kubebyon: invalid configuration: KUBEBYON_SESSION_COOKIE_SECURE: .+$/m);
  });
});
