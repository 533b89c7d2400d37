import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the subset of Cloudflare API v4 the platform
 * calls: `GET|POST /zones/{zone_id}/dns_records` and
 * `GET|PATCH|PUT|DELETE /zones/{zone_id}/dns_records/{id}`, with bearer-token
 * auth, page/per_page pagination (result_info), Cloudflare's envelope
 * `{success, errors[{code,message}], messages, result}` and its rules that
 * matter here: a CNAME cannot share its name with any other record, names
 * must lie inside the zone, comments are at most 100 characters (free plan).
 * Fault injection: failNext(n, status) answers the next n API calls with that
 * status (500 / 429 with Retry-After) before touching anything.
 */
export interface StandInRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  comment: string | null;
  proxied: boolean;
  ttl: number;
}

export interface CloudflareApiStandIn {
  /** Value for KUBEBYON_CLOUDFLARE_API_BASE_URL (…/client/v4). */
  baseUrl: string;
  zoneId: string;
  zoneName: string;
  token: string;
  /** The zone's records, live (tests seed foreign records and read results here). */
  records: Map<string, StandInRecord>;
  /** Adds a record as if someone created it in the Cloudflare dashboard. */
  seed(record: Omit<StandInRecord, "id" | "proxied" | "ttl"> & Partial<Pick<StandInRecord, "proxied" | "ttl">>): StandInRecord;
  byName(name: string): StandInRecord[];
  /** Every API call as "METHOD /path?query", in order. */
  requests: string[];
  failNext(count: number, status?: 500 | 502 | 503 | 429, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export interface CloudflareApiStandInOptions {
  zoneName?: string;
  /** Largest page the server returns whatever per_page asks (real: 5000); small values exercise pagination. */
  maxPerPage?: number;
}

const hex32 = () => randomBytes(16).toString("hex");

export async function startCloudflareApiStandIn(options: CloudflareApiStandInOptions = {}): Promise<CloudflareApiStandIn> {
  const zoneId = hex32();
  const zoneName = options.zoneName ?? "example.test";
  const token = `cf-test-${randomBytes(18).toString("base64url")}`;
  const maxPerPage = options.maxPerPage ?? 5_000;
  const records = new Map<string, StandInRecord>();
  const requests: string[] = [];
  let faults: { remaining: number; status: number; retryAfter: number } = { remaining: 0, status: 500, retryAfter: 1 };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    send(res, status, { success: false, errors: [{ code, message }], messages: [], result: null }, headers);
  const ok = (res: http.ServerResponse, result: unknown, resultInfo?: unknown) =>
    send(res, 200, { success: true, errors: [], messages: [], result, ...(resultInfo ? { result_info: resultInfo } : {}) });

  const inZone = (name: string) => name === zoneName || name.endsWith(`.${zoneName}`);
  const normal = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");

  /** Cloudflare's checks on a record write; returns an error to send, or null. */
  const invalid = (r: Omit<StandInRecord, "id">, selfId?: string): [number, string] | null => {
    if (!r.type || !["A", "AAAA", "CNAME", "TXT", "MX"].includes(r.type)) return [9000, "DNS record type is invalid."];
    if (!r.name || !inZone(r.name)) return [9000, `DNS name is invalid: ${r.name} is not in zone ${zoneName}.`];
    if (!r.content) return [9000, "Content for the record is required."];
    if (r.comment && r.comment.length > 100) return [9000, "DNS record comment is too long (at most 100 characters)."];
    for (const other of records.values()) {
      if (other.id === selfId || other.name !== r.name) continue;
      if (r.type === "CNAME" || other.type === "CNAME") return [81053, "An A, AAAA, or CNAME record with that host already exists."];
    }
    return null;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (data += c));
      req.on("end", () => resolve(data));
      req.on("error", reject);
    });

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const m = /^\/client\/v4\/zones\/([^/]+)\/dns_records(?:\/([^/]+))?$/.exec(url.pathname);
      if (!m) return fail(res, 404, 7000, `No route for that URI: ${url.pathname}`);
      const auth = req.headers.authorization ?? "";
      if (!auth) return fail(res, 400, 6003, "Invalid request headers");
      if (auth !== `Bearer ${token}`) return fail(res, 403, 10000, "Authentication error");
      if (faults.remaining > 0) {
        faults.remaining -= 1;
        if (faults.status === 429) return fail(res, 429, 971, "Please wait and consider throttling your request speed", { "Retry-After": String(faults.retryAfter) });
        return fail(res, faults.status, 10001, "Internal server error");
      }
      if (m[1] !== zoneId) return fail(res, 404, 7003, `Could not route to /zones/${m[1]}/dns_records, perhaps your object identifier is invalid?`);
      const id = m[2];
      const method = req.method ?? "GET";
      let body: Record<string, unknown> = {};
      if (method === "POST" || method === "PATCH" || method === "PUT") {
        if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return fail(res, 415, 6017, "Invalid content type");
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return fail(res, 400, 6007, "Malformed JSON in request body");
        }
      }
      const str = (v: unknown) => (typeof v === "string" ? v : undefined);

      if (!id && method === "GET") {
        const type = url.searchParams.get("type");
        const name = url.searchParams.get("name");
        const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
        const asked = Number(url.searchParams.get("per_page") ?? "100") || 100;
        if (asked < 5 || asked > 5_000) return fail(res, 400, 1004, "per_page must be between 5 and 5000");
        const perPage = Math.min(asked, maxPerPage);
        const all = [...records.values()].filter((r) => (!type || r.type === type) && (!name || r.name === normal(name)));
        const slice = all.slice((page - 1) * perPage, page * perPage);
        return ok(res, slice, { page, per_page: perPage, count: slice.length, total_count: all.length, total_pages: Math.max(1, Math.ceil(all.length / perPage)) });
      }
      if (!id && method === "POST") {
        const record = { type: str(body.type) ?? "", name: normal(str(body.name) ?? ""), content: str(body.content) ?? "", comment: str(body.comment) ?? null, proxied: body.proxied === true, ttl: typeof body.ttl === "number" ? body.ttl : 1 };
        const problem = invalid(record);
        if (problem) return fail(res, 400, ...problem);
        const created = { id: hex32(), ...record };
        records.set(created.id, created);
        return ok(res, created);
      }
      if (!id) return fail(res, 405, 10405, "Method not allowed");
      const current = records.get(id);
      if (!current) return fail(res, 404, 81044, "Record does not exist.");
      if (method === "GET") return ok(res, current);
      if (method === "DELETE") {
        records.delete(id);
        return ok(res, { id });
      }
      if (method === "PATCH" || method === "PUT") {
        const base = method === "PUT" ? { type: "", name: "", content: "", comment: null, proxied: false, ttl: 1 } : current;
        const next: StandInRecord = {
          id,
          type: str(body.type) ?? base.type,
          name: body.name !== undefined ? normal(str(body.name) ?? "") : base.name,
          content: str(body.content) ?? base.content,
          comment: body.comment === null ? null : (str(body.comment) ?? base.comment),
          proxied: typeof body.proxied === "boolean" ? body.proxied : base.proxied,
          ttl: typeof body.ttl === "number" ? body.ttl : base.ttl,
        };
        const problem = invalid(next, id);
        if (problem) return fail(res, 400, ...problem);
        records.set(id, next);
        return ok(res, next);
      }
      return fail(res, 405, 10405, "Method not allowed");
    })().catch((error: unknown) => fail(res, 500, 10001, error instanceof Error ? error.message : String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    zoneId,
    zoneName,
    token,
    records,
    requests,
    seed(r) {
      const record: StandInRecord = { id: hex32(), type: r.type, name: normal(r.name), content: r.content, comment: r.comment, proxied: r.proxied ?? false, ttl: r.ttl ?? 1 };
      records.set(record.id, record);
      return record;
    },
    byName: (name) => [...records.values()].filter((r) => r.name === normal(name)),
    failNext(count, status = 500, retryAfterSeconds = 1) {
      faults = { remaining: count, status, retryAfter: retryAfterSeconds };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
