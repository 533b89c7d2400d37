import { DnsProviderError, kindOfHttpStatus } from "@/server/domain/dns/dns-provider-error";
import type { ExistingRecord } from "@/server/domain/dns/managed-dns-records";
import type { DnsProvider, DnsRecordWrite } from "@/server/services/dns-automation/dns-provider";

export const CLOUDFLARE_API_BASE_URL = "https://api.cloudflare.com/client/v4";

export interface CloudflareDnsProviderOptions {
  /** KUBEBYON_CLOUDFLARE_API_BASE_URL; the real API unless pointed elsewhere (a proxy, tests). */
  baseUrl: string;
  zoneId: string;
  apiToken: string;
  /** Records per list page; Cloudflare accepts 5–5000. */
  perPage?: number;
  /** Bound on one HTTP exchange. */
  timeoutMs?: number;
}

/** Cloudflare's response envelope (API v4). */
interface Envelope {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: unknown;
  result_info?: { page?: number; per_page?: number; total_pages?: number; count?: number; total_count?: number };
}

interface RawRecord {
  id?: unknown;
  type?: unknown;
  name?: unknown;
  content?: unknown;
  comment?: unknown;
}

const MAX_PAGES = 1_000;
/** Codes Cloudflare uses for a token it does not accept (invalid, expired, lacking permission). */
const AUTH_ERROR_CODES = new Set([6003, 6111, 9103, 9106, 9109, 10000]);

/**
 * The DNS records of one Cloudflare zone over API v4
 * (`/zones/{zone_id}/dns_records`), authenticated with an API token (Bearer).
 * New records are DNS-only (proxied false) with automatic TTL; updates PATCH
 * only type, name, content and comment, so an operator's proxy or TTL choice
 * on a platform record is kept. Every failure is a DnsProviderError carrying
 * Cloudflare's own error codes and messages; the token never appears in one.
 */
export class CloudflareDnsProvider implements DnsProvider {
  private readonly base: string;
  private readonly perPage: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: CloudflareDnsProviderOptions) {
    this.base = options.baseUrl.replace(/\/+$/, "");
    this.perPage = options.perPage ?? 500;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async listRecords(filter: { type?: string; name?: string } = {}): Promise<ExistingRecord[]> {
    const records: ExistingRecord[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams();
      if (filter.type) query.set("type", filter.type);
      if (filter.name) query.set("name", filter.name);
      query.set("page", String(page));
      query.set("per_page", String(this.perPage));
      const envelope = await this.call("GET", `/dns_records?${query.toString()}`);
      const result = Array.isArray(envelope.result) ? (envelope.result as RawRecord[]) : [];
      records.push(...result.map((r) => toRecord(r)));
      const totalPages = envelope.result_info?.total_pages;
      const more = typeof totalPages === "number" ? page < totalPages : result.length >= this.perPage;
      if (!more) return records;
    }
    throw new DnsProviderError("permanent", `Cloudflare listed more than ${MAX_PAGES} pages of DNS records; the zone is larger than the platform can page through.`);
  }

  async createRecord(record: DnsRecordWrite): Promise<ExistingRecord> {
    const envelope = await this.call("POST", "/dns_records", { type: record.type, name: record.name, content: record.content, comment: record.comment, proxied: false, ttl: 1 });
    return toRecord(envelope.result as RawRecord);
  }

  async updateRecord(id: string, record: DnsRecordWrite): Promise<ExistingRecord> {
    const envelope = await this.call("PATCH", `/dns_records/${encodeURIComponent(id)}`, { type: record.type, name: record.name, content: record.content, comment: record.comment });
    return toRecord(envelope.result as RawRecord);
  }

  async deleteRecord(id: string): Promise<void> {
    try {
      await this.call("DELETE", `/dns_records/${encodeURIComponent(id)}`);
    } catch (error) {
      // Already gone (deleted by hand, or by an earlier pass whose answer was lost): what we wanted.
      if (error instanceof DnsProviderError && error.status === 404) return;
      throw error;
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<Envelope> {
    const url = `${this.base}/zones/${encodeURIComponent(this.options.zoneId)}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${this.options.apiToken}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new DnsProviderError("transient", `Cloudflare did not answer ${method} within ${this.timeoutMs / 1000} s.`, { cause: error });
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new DnsProviderError("transient", this.redact(`Could not reach the Cloudflare API at ${this.base}${cause}.`));
    }
    const text = await response.text().catch(() => "");
    let envelope: Envelope | null = null;
    try {
      envelope = text ? (JSON.parse(text) as Envelope) : null;
    } catch {
      envelope = null;
    }
    if (response.ok && envelope?.success !== false && envelope !== null) return envelope;
    throw this.errorFor(method, response, envelope);
  }

  private errorFor(method: string, response: Response, envelope: Envelope | null): DnsProviderError {
    const status = response.status;
    const errors = (envelope?.errors ?? []).filter((e) => e && (e.code !== undefined || e.message));
    const detail = errors.map((e) => `${e.code !== undefined ? `code ${e.code}: ` : ""}${e.message ?? "no message"}`).join("; ");
    const said = detail ? ` (${detail})` : envelope === null ? " without a JSON body" : "";
    const retryAfter = Number(response.headers.get("retry-after"));
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    const authProblem = status === 401 || status === 403 || errors.some((e) => e.code !== undefined && AUTH_ERROR_CODES.has(e.code));
    // A 2xx with success:false is Cloudflare refusing the request; treat it like a 400.
    const kind = response.ok ? "permanent" : kindOfHttpStatus(status);
    let message: string;
    if (authProblem && kind === "permanent") {
      message = `Cloudflare rejected the API token: HTTP ${status}${said}. Put a token with Zone → DNS → Edit permission on zone ${this.options.zoneId} in system settings (cloudflare.api_token).`;
    } else if (status === 429) {
      message = `Cloudflare is rate limiting the platform: HTTP 429${said}.`;
    } else if (kind === "transient") {
      message = `Cloudflare failed the ${method} request: HTTP ${status}${said}.`;
    } else {
      message = `Cloudflare refused the ${method} request: HTTP ${status}${said}.`;
    }
    return new DnsProviderError(kind, this.redact(message), { status, retryAfterSeconds });
  }

  /** The token can only get into a message if an error echoes the request; make sure it never leaves. */
  private redact(message: string): string {
    return this.options.apiToken ? message.split(this.options.apiToken).join("[redacted]") : message;
  }
}

function toRecord(raw: RawRecord | undefined): ExistingRecord {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    id: text(raw?.id),
    type: text(raw?.type),
    name: text(raw?.name),
    content: text(raw?.content),
    comment: typeof raw?.comment === "string" ? raw.comment : null,
  };
}
