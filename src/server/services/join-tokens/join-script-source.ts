/** What a vCluster's `/node/join` answered. */
export type JoinScriptResult =
  | { status: "ok"; script: string }
  /** The token is unknown, expired or revoked. */
  | { status: "unauthorized" }
  /** The endpoint could not be reached or answered something unusable; `error` is for logs. */
  | { status: "unavailable"; error: string };

export interface JoinScriptRequest {
  /** https://host:port of the vCluster. */
  endpoint: string;
  /** `<id>.<secret>`. */
  token: string;
  /** The cluster CA (PEM). Without it the certificate is not verified (vCluster's is self-signed). */
  caPem?: string;
  /** TLS name to verify when `endpoint` names an address the certificate does not list. */
  tlsServerName?: string;
  signal?: AbortSignal;
}

/** Fetches the node join script from a vCluster, for the platform's join-script proxy. */
export interface JoinScriptSource {
  fetch(req: JoinScriptRequest): Promise<JoinScriptResult>;
}
