import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * GitHub / Google OAuth apps in system settings, over the REST adapter on a real
 * database: the client secret is write-only (never returned or audited, masked
 * hint, empty keeps, null removes), the admin sees which source is in effect, and
 * next-auth's per-request options use the environment's app where one is set
 * (Google here) and the stored one otherwise (GitHub).
 */
let api: InProcessApi;
let admin: { cookie: string };

const GH_SECRET = "gh-settings-secret-0123456789-ABCD";
const GG_SECRET = "google-settings-secret-0123456789-EFGH";

type OAuthApp = { client_id: string | null; client_secret_set: boolean; client_secret_hint: string | null; effective_source: string };
type Settings = { oauth: { github: OAuthApp; google: OAuthApp } };

const save = async (body: unknown) => {
  const res = await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body });
  return { status: res.status, text: await res.text() };
};
const read = async () => (await (await api.rest("GET", "/admin/settings", { cookie: admin.cookie })).json()) as Settings;

/** The OAuth providers next-auth is built with for a request right now. */
async function nextAuthOAuthClients() {
  const { nextAuthOptions } = await import("@/server/api/auth/next-auth-options");
  const options = await nextAuthOptions(api.runtime, new Headers());
  return options.providers.filter((p) => p.type === "oauth").map((p) => ({ id: p.id, clientId: "clientId" in p ? p.clientId : undefined }));
}

beforeAll(async () => {
  // Google is configured by the environment; GitHub is not.
  api = await startInProcessApi("oauth_settings", { KUBEBYON_GOOGLE_CLIENT_ID: "env-google-client", KUBEBYON_GOOGLE_CLIENT_SECRET: "env-google-secret-0123" });
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
});

afterAll(() => api?.close());

describe("OAuth apps in system settings", () => {
  it("starts with GitHub unconfigured and Google from the environment", async () => {
    expect((await read()).oauth).toEqual({
      github: { client_id: null, client_secret_set: false, client_secret_hint: null, effective_source: "none" },
      google: { client_id: null, client_secret_set: false, client_secret_hint: null, effective_source: "env" },
    });
    expect(await nextAuthOAuthClients()).toEqual([{ id: "google", clientId: "env-google-client" }]);
  });

  it("saves both apps, never returns or audits the secrets, and the environment still wins for Google", async () => {
    const saved = await save({ oauth: { github: { client_id: " gh-client-id ", client_secret: GH_SECRET }, google: { client_id: "settings-google", client_secret: GG_SECRET } } });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(GH_SECRET);
    expect(saved.text).not.toContain(GG_SECRET);
    expect((await read()).oauth).toEqual({
      github: { client_id: "gh-client-id", client_secret_set: true, client_secret_hint: "••••ABCD", effective_source: "settings" },
      google: { client_id: "settings-google", client_secret_set: true, client_secret_hint: "••••EFGH", effective_source: "env" },
    });

    const db = api.runtime.deps.db;
    const stored = await db.systemSetting.findUniqueOrThrow({ where: { key: "oauth_clients" } });
    expect(stored.value).toMatchObject({ github: { client_id: "gh-client-id", client_secret: GH_SECRET } });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { createdAt: "desc" } });
    expect(audit.metadata).toMatchObject({ changed: ["oauth_clients"], values: { oauth_clients: { github: { client_id: "gh-client-id", client_secret: "[set]" } } } });
    expect(JSON.stringify(audit.metadata)).not.toContain(GH_SECRET);
    expect(JSON.stringify(audit.metadata)).not.toContain(GG_SECRET);

    // next-auth: GitHub from settings (the save cleared this process's cache), Google still from the environment.
    expect(await nextAuthOAuthClients()).toEqual([
      { id: "github", clientId: "gh-client-id" },
      { id: "google", clientId: "env-google-client" },
    ]);
  });

  it("keeps the secret on an empty input, removes it on null, and then GitHub is off", async () => {
    expect((await save({ oauth: { github: { client_id: "gh-client-2", client_secret: "" } } })).status).toBe(200);
    expect((await read()).oauth.github).toMatchObject({ client_id: "gh-client-2", client_secret_set: true, client_secret_hint: "••••ABCD" });

    expect((await save({ oauth: { github: { client_secret: null } } })).status).toBe(200);
    expect((await read()).oauth.github).toEqual({ client_id: "gh-client-2", client_secret_set: false, client_secret_hint: null, effective_source: "none" });
    expect((await nextAuthOAuthClients()).map((p) => p.id)).toEqual(["google"]);
  });

  it("refuses a secret that cannot be one, with the fix", async () => {
    const res = await save({ oauth: { github: { client_secret: "has space" } } });
    expect(res.status).toBe(400);
    expect(res.text).toContain("oauth.github.client_secret does not look like an OAuth client secret");
  });
});
