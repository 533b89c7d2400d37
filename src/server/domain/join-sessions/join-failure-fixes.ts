import type { JoinFailureReason } from "./join-failure";
import { supportedOsSummary } from "./supported-hosts";

/**
 * What to do about each failure, in English (the API's failure_message starts with what happened and ends with
 * this; the console shows its own localized text per reason). docs/join-sessions.md lists the same table.
 */
export const joinFailureFixes: Record<JoinFailureReason, string> = {
  token_expired: "Create a new join token in the console and run its command.",
  token_used_up: "Create a new join token in the console (with more uses if several machines join) and run its command.",
  token_revoked: "Create a new join token in the console and run its command.",
  not_root: "Run the command as root, e.g. pipe it to `sudo sh -s --` instead of `sh -`.",
  no_systemd: `Use a systemd-based distribution (${supportedOsSummary}); the kubelet runs as a systemd service.`,
  unsupported_os: `Use one of the supported systems: ${supportedOsSummary}.`,
  unsupported_arch: "Use an x86_64 (amd64) or aarch64 (arm64) machine.",
  iptables_missing: "Install iptables (`apt-get install iptables` or `dnf install iptables`) and run the command again.",
  swap_enabled: "Turn swap off (`swapoff -a`, and remove the swap entries from /etc/fstab so it stays off), then run the command again.",
  clock_skew: "Synchronise the machine's clock (`timedatectl set-ntp true`, or chrony/ntpd) and run the command again.",
  endpoint_unreachable:
    "Allow outbound TCP from this machine to the control-plane endpoint (firewall, security group, or the cluster's public access settings) and run the command again.",
  san_mismatch:
    "Reach the control plane by a name its certificate covers: set the cluster's control-plane host to the address nodes use (it is added to the certificate), wait for the update, then run the command again.",
  tls_untrusted:
    "Make sure the machine reaches the control plane directly (no TLS-intercepting proxy) and that the endpoint is this cluster's; then run the command again.",
  previous_join: "Run the command again with `--force-join` to join anyway, or first clean the machine with `--reset-only`.",
  script_unavailable: "Check in the console that the cluster is ready, wait a minute and run the command again.",
  script_failed: "Read the last lines of the script's output in the timeline, fix the cause, and run the command again (add `--force-join` if it got partway).",
  kubelet_version_skew: "Install a kubelet version the control plane supports (the join script's --kubernetes-version), or let the join script install it, and join again.",
  node_not_registered: "Check the kubelet on the machine (`journalctl -u kubelet`): it must reach the control-plane endpoint; then run the command again.",
  session_quiet: "The machine stopped reporting (the command was interrupted or lost its connection). Run the join command again.",
};

/** A failure as the API shows it: the reason and a message saying what happened and what to do. */
export interface JoinFailure {
  reason: JoinFailureReason;
  message: string;
}

export const joinFailure = (reason: JoinFailureReason, what: string): JoinFailure => ({ reason, message: `${what} ${joinFailureFixes[reason]}` });
