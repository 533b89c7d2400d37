import { z } from "zod";
import { formatToken, type BootstrapToken } from "./bootstrap-token";

// The command is pasted into a shell inside double quotes, where these keep a
// special meaning; a URL that needs them is refused rather than escaped.
const SHELL_UNSAFE = /["$`\\!\s]/;
const CLUSTER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function checkUrl(text: string, protocols: readonly string[], what: string, ctx: z.RefinementCtx): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    ctx.addIssue({ code: "custom", message: `${what} must be an absolute URL such as https://console.example.com.` });
    return undefined;
  }
  if (!protocols.includes(url.protocol)) {
    ctx.addIssue({ code: "custom", message: `${what} must start with ${protocols.map((p) => `${p}//`).join(" or ")}.` });
  } else if (text.endsWith("/")) {
    ctx.addIssue({ code: "custom", message: `${what} must not end with "/"; remove the trailing slash.` });
  } else if (url.search || url.hash || url.username || url.password) {
    ctx.addIssue({ code: "custom", message: `${what} must not contain a query, fragment or credentials.` });
  } else if (SHELL_UNSAFE.test(text)) {
    ctx.addIssue({ code: "custom", message: `${what} must not contain spaces, quotes, "$", "!", "\\" or backticks.` });
  } else {
    return url;
  }
  return undefined;
}

/** The `join_base_url` system setting: where nodes reach the platform's join-script proxy. */
export const joinBaseUrlSchema = z.string().superRefine((text, ctx) => {
  checkUrl(text, ["https:", "http:"], "join_base_url", ctx);
});

/** A vCluster's public API endpoint, https://host:port. */
export const vclusterEndpointSchema = z.string().superRefine((text, ctx) => {
  const url = checkUrl(text, ["https:"], "The cluster endpoint", ctx);
  if (url && url.pathname !== "/") ctx.addIssue({ code: "custom", message: "The cluster endpoint must be https://host:port without a path." });
});

/** Flags of vCluster's join script the platform puts into a command (`| sh -s -- <flags>`); a fixed list, never user text. */
export const joinScriptFlags = ["--reset-only"] as const;
export type JoinScriptFlag = (typeof joinScriptFlags)[number];

/**
 * The command users run: the platform proxies vCluster's join script, so curl verifies TLS normally. `flags`
 * go to the script (`--reset-only`: clean a node before its cluster is deleted).
 */
export function buildJoinCommand(opts: { baseUrl: string; clusterId: string; token: BootstrapToken; flags?: readonly JoinScriptFlag[] }): string {
  const baseUrl = joinBaseUrlSchema.parse(opts.baseUrl);
  if (!CLUSTER_ID_PATTERN.test(opts.clusterId)) throw new Error(`"${opts.clusterId}" is not a cluster id.`);
  const url = `${baseUrl}/api/join/clusters/${opts.clusterId}/script?token=${formatToken(opts.token)}`;
  const flags = opts.flags ?? [];
  return flags.length > 0 ? `curl -fsSL "${url}" | sh -s -- ${flags.join(" ")}` : `curl -fsSL "${url}" | sh -`;
}

/**
 * The spec's direct form against vCluster's own `/node/join`. `-k` because
 * vCluster's serving certificate is self-signed; prefer buildJoinCommand.
 */
export function buildDirectJoinCommand(opts: { endpoint: string; token: BootstrapToken }): string {
  const endpoint = vclusterEndpointSchema.parse(opts.endpoint);
  return `curl -fsSLk "${endpoint}/node/join?token=${formatToken(opts.token)}" | sh -`;
}
