/**
 * What the console's kubectl refuses and why, worded for the person typing the
 * command (spec: backend walkthrough §7). The verb list is documentation for
 * the user — the policy allows only the commands in COMMAND_FLAGS, so an
 * unlisted verb is refused too, just with the generic message.
 */

export type DenialCategory = "syntax" | "write" | "node-operation" | "interactive" | "flag" | "continuous" | "unknown";

export const USE_INSTEAD =
  "To change the cluster, use the console's dedicated APIs and operations, or run kubectl with the cluster's kubeconfig in an authorised environment.";

export const READ_ONLY_COMMANDS =
  "get, describe, logs, top pods/nodes, explain, api-resources, api-versions, version, cluster-info, events, auth can-i, rollout history";

const WRITE_VERBS = [
  "apply", "delete", "patch", "create", "edit", "replace", "scale", "label", "annotate", "set", "rollout",
  "autoscale", "expose", "run", "wait", "certificate", "kustomize", "plugin", "alpha", "auth", "config",
  "kuberc", "diff", "completion",
];
const NODE_VERBS = ["drain", "cordon", "uncordon", "taint"];
const INTERACTIVE_VERBS = ["exec", "port-forward", "cp", "attach", "proxy", "debug"];

export function verbDenial(verb: string): { category: DenialCategory; reason: string } {
  if (NODE_VERBS.includes(verb)) {
    return {
      category: "node-operation",
      reason: `kubectl ${verb} changes nodes and the console's kubectl is read-only. Use the node operations on the cluster's Nodes page (cordon, uncordon, drain, delete). ${USE_INSTEAD}`,
    };
  }
  if (INTERACTIVE_VERBS.includes(verb)) {
    return {
      category: "interactive",
      reason: `kubectl ${verb} needs an interactive session, a tunnel or a file transfer, which the console's kubectl does not offer. Run it from your own machine with the cluster's kubeconfig.`,
    };
  }
  if (verb === "config" || verb === "kuberc") {
    return {
      category: "write",
      reason: `kubectl ${verb} reads and edits local kubectl files, which the console manages itself. Download the cluster's kubeconfig to work with contexts.`,
    };
  }
  if (WRITE_VERBS.includes(verb)) {
    return { category: "write", reason: `kubectl ${verb} is not available: the console's kubectl is read-only. ${USE_INSTEAD}` };
  }
  return {
    category: "unknown",
    reason: `"${verb}" is not a read-only kubectl command the console allows. Allowed: ${READ_ONLY_COMMANDS}.`,
  };
}

const IDENTITY =
  "is not allowed: the console always connects with the cluster's own credentials, and impersonation or connection overrides would bypass that.";

/** Long flag name -> why it is refused. Keys are normalised (`-`, not `_`). */
export const DENIED_FLAGS: Readonly<Record<string, { category: DenialCategory; reason: string }>> = {
  raw: { category: "flag", reason: "--raw is not allowed: raw API requests bypass the read-only checks. Use a resource command such as `get`." },
  ...Object.fromEntries(
    ["as", "as-group", "as-uid", "as-user-extra"].map((f) => [f, { category: "flag" as const, reason: `--${f} ${IDENTITY}` }]),
  ),
  ...Object.fromEntries(
    [
      "server", "token", "kubeconfig", "context", "cluster", "user", "username", "password", "certificate-authority",
      "client-certificate", "client-key", "insecure-skip-tls-verify", "tls-server-name", "proxy-url", "kuberc",
      "insecure-skip-tls-verify-backend",
    ].map((f) => [f, { category: "flag" as const, reason: `--${f} ${IDENTITY}` }]),
  ),
  filename: {
    category: "flag",
    reason: "-f/--filename is not allowed: the console's kubectl does not read files. Name the resource instead, e.g. `get deployment web`.",
  },
  kustomize: { category: "flag", reason: "-k/--kustomize is not allowed: the console's kubectl does not read files. Name the resources instead." },
  "output-directory": { category: "flag", reason: "--output-directory is not allowed: the console's kubectl does not write files." },
  watch: { category: "continuous", reason: continuous("--watch (-w)") },
  "watch-only": { category: "continuous", reason: continuous("--watch-only") },
  follow: { category: "continuous", reason: continuous("--follow (-f)") },
  "request-timeout": {
    category: "flag",
    reason: "--request-timeout is set by the console (KUBEBYON_KUBECTL_TIMEOUT_SECONDS); remove it.",
  },
  ...Object.fromEntries(
    ["v", "vmodule", "log-flush-frequency", "cache-dir", "profile", "profile-output"].map((f) => [
      f,
      {
        category: "flag" as const,
        reason: `--${f} is not allowed: it writes files on the console's server or logs request details. Remove it.`,
      },
    ]),
  ),
};

/** Short flags refused whatever the command; -f is --filename for most commands and --follow for logs. */
export const DENIED_SHORT_FLAGS: Readonly<Record<string, { category: DenialCategory; reason: string }>> = {
  f: {
    category: "flag",
    reason: `-f is not allowed: as --filename the console's kubectl does not read files, and as --follow (logs) output must end. Name the resource instead, and drop -f from logs.`,
  },
  k: DENIED_FLAGS.kustomize as { category: DenialCategory; reason: string },
  w: DENIED_FLAGS.watch as { category: DenialCategory; reason: string },
  s: DENIED_FLAGS.server as { category: DenialCategory; reason: string },
  v: DENIED_FLAGS.v as { category: DenialCategory; reason: string },
};

function continuous(flag: string): string {
  return `${flag} is not allowed: the console returns a command's output once it finishes, so continuous output is not available. Run the command again to refresh.`;
}
