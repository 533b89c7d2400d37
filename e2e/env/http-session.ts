/**
 * Browser-like sessions over real HTTP for tests that drive `next start`
 * with fetch: a cookie jar, and next-auth's credentials login (CSRF token
 * first, then the callback) exactly as the login form performs it.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      const value = pair!.slice(eq + 1);
      if (value === "") this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** Signs in through next-auth; `error` is next-auth's error code from the redirect (null on success). */
export async function signInOverHttp(baseUrl: string, jar: CookieJar, email: string, password: string): Promise<{ res: Response; error: string | null }> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${baseUrl}/dashboard` }),
  });
  jar.store(res);
  const body = (await res.clone().json().catch(() => ({}))) as { url?: string };
  const target = body.url ?? res.headers.get("location") ?? "";
  return { res, error: target ? new URL(target, baseUrl).searchParams.get("error") : null };
}
