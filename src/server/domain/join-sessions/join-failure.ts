import { z } from "zod";

/**
 * Every typed reason a join session can fail with (join_sessions.failure_reason). The console shows the fix
 * for each; the API returns the reason and a message that already says what to do.
 */
export const joinFailureReasons = [
  // The script fetch was refused (status refused).
  "token_expired",
  "token_used_up",
  "token_revoked",
  // Preflight (status preflight_failed).
  "not_root",
  "no_systemd",
  "unsupported_os",
  "unsupported_arch",
  "iptables_missing",
  "swap_enabled",
  "clock_skew",
  "endpoint_unreachable",
  "san_mismatch",
  "tls_untrusted",
  "previous_join",
  // The vCluster's own script (status join_failed).
  "script_unavailable",
  "script_failed",
  // After the script (status join_failed or timed_out).
  "kubelet_version_skew",
  "node_not_registered",
  // The wrapper stopped reporting (status timed_out).
  "session_quiet",
] as const;
export const joinFailureReasonSchema = z.enum(joinFailureReasons);
export type JoinFailureReason = z.infer<typeof joinFailureReasonSchema>;
