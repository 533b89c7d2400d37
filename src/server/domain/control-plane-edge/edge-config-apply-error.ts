/**
 * Outcome and failure of putting an edge configuration into effect (the EdgeConfigWriter port in
 * services/control-plane-edge). Here, not beside the port, because the infra adapter raises it.
 */
export interface EdgeApplyResult {
  /** False when the file already held exactly this text: nothing was written or reloaded. */
  changed: boolean;
}

export type EdgeConfigApplyErrorKind =
  /** The proxy's own check refused the text; `detail` is its message. Nothing was replaced. */
  | "invalid"
  /** The file was replaced but the running proxy did not take it (reload failed or timed out). */
  | "reload-failed"
  /** Writing the file failed (permissions, disk full). */
  | "write-failed";

export class EdgeConfigApplyError extends Error {
  readonly kind: EdgeConfigApplyErrorKind;
  /** The proxy's or the file system's own words. */
  readonly detail: string;

  constructor(kind: EdgeConfigApplyErrorKind, message: string, detail: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "EdgeConfigApplyError";
    this.kind = kind;
    this.detail = detail;
  }
}
