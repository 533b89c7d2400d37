import https from "node:https";
import type { IncomingMessage } from "node:http";
import type { JoinScriptRequest, JoinScriptResult, JoinScriptSource } from "@/server/services/join-tokens/join-script-source";

export interface VClusterJoinScriptSourceOptions {
  /** Whole request, connect to last byte. Default 10 s. */
  timeoutMs?: number;
  /** Larger answers are refused: a join script is a few KiB. Default 1 MiB. */
  maxBytes?: number;
}

class TooLarge extends Error {}

function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      reject(new TooLarge(`the join script is ${declared} bytes, more than the ${maxBytes}-byte limit`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new TooLarge(`the join script is larger than the ${maxBytes}-byte limit`));
        return;
      }
      chunks.push(chunk);
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
    res.on("close", () => {
      if (!res.complete) reject(new Error("the connection closed before the join script was complete"));
    });
  });
}

function describe(err: unknown): string {
  if (err instanceof TooLarge) return err.message;
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === "AbortError" || e.name === "TimeoutError") return "timed out";
  return e.code ? `${e.code}: ${e.message ?? ""}`.trim() : (e.message ?? String(err));
}

/**
 * Fetches vCluster's `/node/join` script. vCluster serves it with a
 * self-signed certificate: with the cluster CA we verify it, without one we
 * skip verification for this request only (agent: false, nothing global
 * changes). That is no weaker than the spec's own `curl -k` command, and the
 * bootstrap token is what authenticates the node afterwards. Redirects are
 * not followed: the token must not travel to another host.
 */
export class VClusterJoinScriptSource implements JoinScriptSource {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(opts: VClusterJoinScriptSourceOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxBytes = opts.maxBytes ?? 1024 * 1024;
  }

  async fetch(req: JoinScriptRequest): Promise<JoinScriptResult> {
    let url: URL;
    try {
      url = new URL("/node/join", req.endpoint);
    } catch {
      return { status: "unavailable", error: `"${req.endpoint}" is not a URL` };
    }
    if (url.protocol !== "https:") return { status: "unavailable", error: "the vCluster endpoint must use https" };
    url.searchParams.set("token", req.token);

    const signals = [AbortSignal.timeout(this.timeoutMs), ...(req.signal ? [req.signal] : [])];
    const signal = AbortSignal.any(signals);
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const request = https.get(url, {
          agent: false,
          signal,
          ca: req.caPem,
          rejectUnauthorized: req.caPem !== undefined,
          servername: req.tlsServerName,
          headers: { accept: "text/x-shellscript, text/plain, */*" },
        });
        request.once("response", resolve);
        request.once("error", reject);
      });
      const status = res.statusCode ?? 0;
      if (status === 401 || status === 403) {
        res.resume();
        return { status: "unauthorized" };
      }
      if (status !== 200) {
        res.resume();
        const where = status >= 300 && status < 400 ? ` (redirect to ${res.headers.location ?? "?"} not followed)` : "";
        return { status: "unavailable", error: `the vCluster answered HTTP ${status}${where}` };
      }
      const script = await readBody(res, this.maxBytes);
      return { status: "ok", script };
    } catch (err) {
      return { status: "unavailable", error: describe(err) };
    }
  }
}
