import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A local GitHub + Google for OAuth tests: the endpoints next-auth (openid-client) calls, speaking
 * the real protocol — authorize redirects straight back with a code (the user "consents" at once),
 * the token endpoint checks client credentials, redirect_uri and PKCE, Google's ID token is an RS256
 * JWT verified against our JWKS. The test says who signs in next with `github.signInAs` /
 * `google.signInAs`.
 *
 * Paths: GitHub web `/github` (KUBEBYON_GITHUB_BASE_URL), GitHub API `/github-api`
 * (KUBEBYON_GITHUB_API_URL), Google issuer `/google` (KUBEBYON_GOOGLE_ISSUER).
 */

export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  /** The public profile email: user-typed, never proof of anything. */
  publicEmail?: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface FakeOAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface FakeOAuthProvider {
  url: string;
  github: FakeOAuthClient & { signInAs(user: FakeGithubUser): void };
  google: FakeOAuthClient & { signInAs(user: FakeGoogleUser): void };
  /** "METHOD path" of every request, for asserting which endpoints were used. */
  requests: string[];
  /** KUBEBYON_* settings that point the app at this server. */
  appEnv(): Record<string, string>;
  close(): Promise<void>;
}

type Grant =
  | { provider: "github"; user: FakeGithubUser; redirectUri: string }
  | { provider: "google"; user: FakeGoogleUser; redirectUri: string; codeChallenge: string | null };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const token = () => randomBytes(16).toString("hex");

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** client_secret_basic (openid-client's default) or client_secret_post. */
function clientOf(req: IncomingMessage, body: URLSearchParams): FakeOAuthClient | null {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":").map(decodeURIComponent);
    return { clientId: id ?? "", clientSecret: secret ?? "" };
  }
  const id = body.get("client_id");
  return id ? { clientId: id, clientSecret: body.get("client_secret") ?? "" } : null;
}

function signJwt(key: KeyObject, kid: string, payload: Record<string, unknown>): string {
  const input = `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign("sha256", Buffer.from(input), key))}`;
}

export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const github = { clientId: "gh-client-id", clientSecret: "gh-client-secret", next: null as FakeGithubUser | null };
  const google = { clientId: "google-client-id.apps.example", clientSecret: "google-client-secret", next: null as FakeGoogleUser | null };
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = token();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const requests: string[] = [];
  let base = "";

  const authorize = (res: ServerResponse, q: URLSearchParams, grant: Grant, expectedClient: string) => {
    if (q.get("client_id") !== expectedClient || q.get("response_type") !== "code") return json(res, 400, { error: "invalid_request" });
    const code = token();
    codes.set(code, grant);
    const back = new URL(grant.redirectUri);
    back.searchParams.set("code", code);
    if (q.get("state")) back.searchParams.set("state", q.get("state")!);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const exchange = async (req: IncomingMessage, res: ServerResponse, client: FakeOAuthClient): Promise<Grant | null> => {
    const body = await readBody(req);
    const presented = clientOf(req, body);
    if (presented?.clientId !== client.clientId || presented.clientSecret !== client.clientSecret) {
      json(res, 401, { error: "invalid_client" });
      return null;
    }
    const grant = codes.get(body.get("code") ?? "");
    codes.delete(body.get("code") ?? "");
    if (!grant || body.get("grant_type") !== "authorization_code" || body.get("redirect_uri") !== grant.redirectUri) {
      json(res, 400, { error: "invalid_grant" });
      return null;
    }
    if (grant.provider === "google") {
      const verifier = body.get("code_verifier") ?? "";
      if (!grant.codeChallenge || b64url(createHash("sha256").update(verifier).digest()) !== grant.codeChallenge) {
        json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
        return null;
      }
    }
    return grant;
  };

  const bearer = (req: IncomingMessage): Grant | undefined => accessTokens.get(/^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "");

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", base);
    requests.push(`${req.method} ${url.pathname}`);
    const q = url.searchParams;
    switch (`${req.method} ${url.pathname}`) {
      case "GET /github/login/oauth/authorize":
        if (!github.next) return json(res, 500, { error: "test did not call github.signInAs" });
        return authorize(res, q, { provider: "github", user: github.next, redirectUri: q.get("redirect_uri") ?? "" }, github.clientId);
      case "POST /github/login/oauth/access_token": {
        const grant = await exchange(req, res, github);
        if (!grant) return;
        const at = `gho_${token()}`;
        accessTokens.set(at, grant);
        return json(res, 200, { access_token: at, token_type: "bearer", scope: "read:user,user:email" });
      }
      case "GET /github-api/user": {
        const grant = bearer(req);
        if (grant?.provider !== "github") return json(res, 401, { message: "Bad credentials" });
        const u = grant.user;
        return json(res, 200, { id: u.id, login: u.login, name: u.name, email: u.publicEmail ?? null, avatar_url: null });
      }
      case "GET /github-api/user/emails": {
        const grant = bearer(req);
        if (grant?.provider !== "github") return json(res, 401, { message: "Bad credentials" });
        return json(res, 200, grant.user.emails.map((e) => ({ ...e, visibility: e.primary ? "private" : null })));
      }
      case "GET /google/.well-known/openid-configuration":
        return json(res, 200, {
          issuer: `${base}/google`,
          authorization_endpoint: `${base}/google/auth`,
          token_endpoint: `${base}/google/token`,
          userinfo_endpoint: `${base}/google/userinfo`,
          jwks_uri: `${base}/google/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        });
      case "GET /google/jwks":
        return json(res, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
      case "GET /google/auth":
        if (!google.next) return json(res, 500, { error: "test did not call google.signInAs" });
        if (q.get("code_challenge_method") !== "S256") return json(res, 400, { error: "invalid_request", error_description: "PKCE S256 required" });
        return authorize(res, q, { provider: "google", user: google.next, redirectUri: q.get("redirect_uri") ?? "", codeChallenge: q.get("code_challenge") }, google.clientId);
      case "POST /google/token": {
        const grant = await exchange(req, res, google);
        if (grant?.provider !== "google") return;
        const at = `ya29.${token()}`;
        accessTokens.set(at, grant);
        const now = Math.floor(Date.now() / 1000);
        const atHash = b64url(createHash("sha256").update(at).digest().subarray(0, 16));
        const idToken = signJwt(privateKey, kid, { iss: `${base}/google`, aud: google.clientId, azp: google.clientId, iat: now, exp: now + 3600, at_hash: atHash, ...grant.user });
        return json(res, 200, { access_token: at, id_token: idToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile" });
      }
      case "GET /google/userinfo": {
        const grant = bearer(req);
        if (grant?.provider !== "google") return json(res, 401, { error: "invalid_token" });
        return json(res, 200, grant.user);
      }
      default:
        return json(res, 404, { error: "not_found", path: url.pathname });
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  return {
    url: base,
    github: { clientId: github.clientId, clientSecret: github.clientSecret, signInAs: (u) => void (github.next = u) },
    google: { clientId: google.clientId, clientSecret: google.clientSecret, signInAs: (u) => void (google.next = u) },
    requests,
    appEnv: () => ({
      KUBEBYON_GITHUB_CLIENT_ID: github.clientId,
      KUBEBYON_GITHUB_CLIENT_SECRET: github.clientSecret,
      KUBEBYON_GITHUB_BASE_URL: `${base}/github`,
      KUBEBYON_GITHUB_API_URL: `${base}/github-api`,
      KUBEBYON_GOOGLE_CLIENT_ID: google.clientId,
      KUBEBYON_GOOGLE_CLIENT_SECRET: google.clientSecret,
      KUBEBYON_GOOGLE_ISSUER: `${base}/google`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
