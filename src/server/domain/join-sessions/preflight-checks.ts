import { z } from "zod";
import type { JoinSessionEventOutcome } from "./join-session-status";
import { joinFailure, type JoinFailure } from "./join-failure-fixes";
import { isSupportedArch, isSupportedOs } from "./supported-hosts";

/** The wrapper's checks in the order it runs them (docs/join-sessions.md "Preflight"). */
export const preflightChecks = ["root", "systemd", "os", "arch", "iptables", "swap", "clock", "endpoint", "previous_join"] as const;
export type PreflightCheck = (typeof preflightChecks)[number];

/** Skipped by a `--reset-only` run: they only matter for a machine about to join. */
export const joinOnlyChecks: readonly PreflightCheck[] = ["clock", "endpoint", "previous_join"];

/** Longest value kept from any one reported field (a whole /etc/os-release, curl's stderr, the script's tail). */
export const MAX_REPORT_FIELD_CHARS = 4_000;

const field = z.string().max(64 * 1024).transform((v) => (v.length > MAX_REPORT_FIELD_CHARS ? `${v.slice(0, MAX_REPORT_FIELD_CHARS)}…` : v));

/** One POST to /api/join/sessions/{id}/events, form fields as the wrapper sends them: raw facts, no judgement. */
export const joinSessionReportSchema = z.object({
  step: z.enum([...preflightChecks, "script_finished"]),
  mode: z.enum(["join", "reset"]).default("join"),
  node_name: z.string().max(253).optional(),
  uid: z.string().max(16).optional(),
  systemd: z.enum(["yes", "no"]).optional(),
  os_release: field.optional(),
  arch: z.string().max(64).optional(),
  iptables_path: z.string().max(512).optional(),
  swaps: field.optional(),
  host_epoch: z.string().max(32).optional(),
  skipped: z.enum(["yes", "no"]).optional(),
  endpoint: z.string().max(2048).optional(),
  curl_exit: z.string().max(8).optional(),
  curl_stderr: field.optional(),
  previous_files: z.string().max(1024).optional(),
  force_join: z.enum(["yes", "no"]).optional(),
  exit_code: z.string().max(8).optional(),
  output_tail: field.optional(),
});
export type JoinSessionReport = z.infer<typeof joinSessionReportSchema>;

/** What the platform knows that the machine does not. */
export interface CheckContext {
  now: Date;
  clockSkewSeconds: number;
  /** The control-plane endpoint the wrapper checked (its `endpoint` field); null when the cluster has none (public access off). */
  endpoint: string | null;
}

export interface CheckVerdict {
  outcome: JoinSessionEventOutcome;
  detail: string;
  failure?: JoinFailure;
}

const pass = (detail: string): CheckVerdict => ({ outcome: "pass", detail });
const fail = (detail: string, failure: JoinFailure): CheckVerdict => ({ outcome: "fail", detail, failure });

/** ID and VERSION_ID of an os-release file (quotes removed). */
export function parseOsRelease(text: string): { id: string; versionId: string } {
  const value = (key: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${key}=`));
    return (line?.slice(key.length + 1).trim() ?? "").replace(/^["']|["']$/g, "");
  };
  return { id: value("ID").toLowerCase(), versionId: value("VERSION_ID") };
}

/** Active swap areas: /proc/swaps lines after its header. */
export const swapAreas = (text: string): string[] =>
  text
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);

/** curl exit codes for "could not connect" and "timed out" (curl(1) EXIT CODES). */
const UNREACHABLE_CURL_EXITS = new Set([6, 7, 28]);
const CURL_PEER_CERT_FAILED = 60;

function classifyEndpoint(report: JoinSessionReport, ctx: CheckContext): CheckVerdict {
  if (report.skipped === "yes" || !ctx.endpoint) return { outcome: "info", detail: "skipped: the cluster has no public control-plane endpoint (public access is off)" };
  const code = Number(report.curl_exit);
  const stderr = (report.curl_stderr ?? "").trim();
  if (code === 0) return pass(`${ctx.endpoint} answered over TLS verified with the cluster CA`);
  const said = stderr ? `: ${stderr}` : "";
  const host = hostOf(ctx.endpoint);
  if (UNREACHABLE_CURL_EXITS.has(code)) {
    return fail(`curl exit ${code}${said}`, joinFailure("endpoint_unreachable", `This machine cannot reach the control-plane endpoint ${ctx.endpoint} (port blocked?).`));
  }
  if (code === CURL_PEER_CERT_FAILED && /(subject (alt(ernative)?)? ?name|certificate subject name|does not match|doesn't match|no alternative)/i.test(stderr)) {
    return fail(`curl exit ${code}${said}`, joinFailure("san_mismatch", `The certificate served at ${ctx.endpoint} does not name ${host}.`));
  }
  if (Number.isInteger(code) && code > 0) {
    return fail(`curl exit ${code}${said}`, joinFailure("tls_untrusted", `The TLS connection to ${ctx.endpoint} failed or its certificate is not signed by the cluster's CA.`));
  }
  return fail(`no curl exit code reported${said}`, joinFailure("endpoint_unreachable", `The wrapper could not check the control-plane endpoint ${ctx.endpoint}.`));
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return endpoint;
  }
}

/**
 * The platform's judgement of one preflight report: pass, a warning, or a typed failure whose message says what to
 * do. Pure, so every reason is unit-tested; the wrapper only collects facts.
 */
export function classifyCheck(check: PreflightCheck, report: JoinSessionReport, ctx: CheckContext): CheckVerdict {
  switch (check) {
    case "root":
      return report.uid === "0" ? pass("running as root") : fail(`uid ${report.uid ?? "unknown"}`, joinFailure("not_root", "The join command is not running as root."));
    case "systemd":
      return report.systemd === "yes"
        ? pass("/run/systemd/system exists")
        : fail("/run/systemd/system is missing", joinFailure("no_systemd", "This machine does not run systemd."));
    case "os": {
      const { id, versionId } = parseOsRelease(report.os_release ?? "");
      const found = id ? `${id} ${versionId}`.trim() : "an unknown system (no /etc/os-release)";
      return id && isSupportedOs(id, versionId) ? pass(found) : fail(found, joinFailure("unsupported_os", `This machine runs ${found}, which the join script does not support.`));
    }
    case "arch": {
      const arch = report.arch ?? "";
      return isSupportedArch(arch) ? pass(arch) : fail(arch || "unknown", joinFailure("unsupported_arch", `This machine's architecture ${arch || "(unknown)"} is not supported.`));
    }
    case "iptables":
      return report.iptables_path
        ? pass(report.iptables_path)
        : fail("iptables not found on PATH, /usr/sbin or /sbin", joinFailure("iptables_missing", "iptables is not installed on this machine."));
    case "swap": {
      const areas = swapAreas(report.swaps ?? "");
      return areas.length === 0 ? pass("no active swap") : fail(`active swap: ${areas.join(", ")}`, joinFailure("swap_enabled", `Swap is on (${areas.join(", ")}); the kubelet does not start with swap.`));
    }
    case "clock": {
      const host = Number(report.host_epoch);
      if (!report.host_epoch || !Number.isFinite(host)) return { outcome: "warn", detail: "the machine reported no usable time; clock not checked" };
      const skew = Math.round(host - ctx.now.getTime() / 1000);
      const detail = `host clock ${skew >= 0 ? "+" : ""}${skew}s from the platform's (limit ±${ctx.clockSkewSeconds}s)`;
      if (Math.abs(skew) <= ctx.clockSkewSeconds) return pass(detail);
      return fail(detail, joinFailure("clock_skew", `This machine's clock is ${Math.abs(skew)}s ${skew > 0 ? "ahead of" : "behind"} the platform's; certificates and tokens fail with a skewed clock.`));
    }
    case "endpoint":
      return classifyEndpoint(report, ctx);
    case "previous_join": {
      const files = (report.previous_files ?? "").trim();
      if (!files) return pass("no previous join found");
      if (report.force_join === "yes") return { outcome: "warn", detail: `previous join found (${files}); continuing because of --force-join` };
      return fail(`previous join found: ${files}`, joinFailure("previous_join", `This machine was joined to a cluster before (${files}).`));
    }
  }
}

/** The vCluster script's end: exit 0 is a join (or a reset) done, anything else a typed failure with its tail. */
export function classifyScriptExit(report: JoinSessionReport): CheckVerdict {
  const code = Number(report.exit_code);
  const tail = (report.output_tail ?? "").trimEnd();
  const detail = `exit ${report.exit_code ?? "unknown"}${tail ? `\n${tail}` : ""}`;
  if (report.exit_code !== undefined && code === 0) return pass(detail);
  return fail(detail, joinFailure("script_failed", `The cluster's join script exited with status ${report.exit_code ?? "unknown"}.`));
}
