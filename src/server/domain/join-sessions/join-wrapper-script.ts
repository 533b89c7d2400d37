import { supportedOsSummary } from "./supported-hosts";

/** POSIX single quoting: the one form in which no character but `'` is special, and `'` becomes `'\''`. */
export const shQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

export interface JoinWrapperInput {
  /** Where the machine reaches the platform (join_base_url, else KUBEBYON_PUBLIC_URL), no trailing slash. */
  platformUrl: string;
  clusterId: string;
  sessionId: string;
  /** The session's bearer secret; only its hash is stored, and the wrapper never prints it. */
  sessionSecret: string;
  /** `<id>.<secret>`, already in the URL the wrapper was fetched with. */
  token: string;
  /** The public control-plane endpoint (https://host:port); null skips the endpoint check. */
  controlPlaneEndpoint: string | null;
  clusterCaPem: string;
}

/**
 * The script `curl … /script?token= | sh -s -- <flags>` runs (docs/join-sessions.md): it checks the machine,
 * reports raw facts for each check to the platform (which decides and answers `continue` or `stop <reason>:
 * <message>`), then fetches the vCluster's own join script through the platform and runs it with the user's flags
 * unchanged. POSIX sh (dash, bash), shellcheck -s sh clean. Every embedded value is single-quoted; the body is one
 * function, so `sh` has read the whole script before anything runs (commands cannot eat the rest of a piped script).
 */
export function renderJoinWrapper(input: JoinWrapperInput): string {
  const values = [
    ["KUBEBYON_URL", input.platformUrl],
    ["CLUSTER_ID", input.clusterId],
    ["SESSION_ID", input.sessionId],
    ["SESSION_SECRET", input.sessionSecret],
    ["JOIN_TOKEN", input.token],
    ["CP_ENDPOINT", input.controlPlaneEndpoint ?? ""],
    ["CLUSTER_CA", input.clusterCaPem.trim()],
    ["SUPPORTED_OS", supportedOsSummary],
  ]
    .map(([name, value]) => `${name}=${shQuote(value!)}`)
    .join("\n");
  return `#!/bin/sh
# KubeBYON join wrapper (generated for one join session; see docs/join-sessions.md).
# Checks this machine, reports each step to the platform, then runs the cluster's own join script.
# The values below are literal (single-quoted on purpose).
# shellcheck disable=SC2016
${values}

say() { printf 'kubebyon: %s\\n' "$*" >&2; }

# report STEP [curl --data-urlencode arguments…]: the platform judges the facts and answers
# "continue" or "stop <reason>: <what to do>".
report() {
  step=$1
  shift
  answer=$(curl -fsS --max-time 30 -K "$WORKDIR/auth" \\
    --data-urlencode "step=$step" --data-urlencode "mode=$MODE" --data-urlencode "node_name=$NODE_NAME" \\
    "$@" "$KUBEBYON_URL/api/join/sessions/$SESSION_ID/events" </dev/null) || {
    say "could not report to the platform at $KUBEBYON_URL (see curl's message above); stopping."
    exit 1
  }
  case $answer in
    continue*) return 0 ;;
    stop*) say "\${answer#stop }"; exit 1 ;;
    *) say "unexpected answer from the platform; stopping."; exit 1 ;;
  esac
}

file_text() {
  if [ -r "$1" ]; then cat "$1"; fi
}

find_iptables() {
  for candidate in "$(command -v iptables 2>/dev/null)" /usr/sbin/iptables /sbin/iptables; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      printf '%s' "$candidate"
      return 0
    fi
  done
}

previous_join_files() {
  found=''
  for path in /etc/kubernetes/kubelet.conf /var/lib/kubelet/pki; do
    if [ -e "$path" ]; then found="$found $path"; fi
  done
  printf '%s' "\${found# }"
}

check_endpoint() {
  if [ -z "$CP_ENDPOINT" ]; then
    report endpoint --data-urlencode "skipped=yes"
    return 0
  fi
  printf '%s\\n' "$CLUSTER_CA" >"$WORKDIR/ca.crt"
  curl -sS -o /dev/null --max-time 15 --cacert "$WORKDIR/ca.crt" "$CP_ENDPOINT/version" </dev/null 2>"$WORKDIR/endpoint.err"
  code=$?
  report endpoint --data-urlencode "endpoint=$CP_ENDPOINT" --data-urlencode "curl_exit=$code" --data-urlencode "curl_stderr@$WORKDIR/endpoint.err"
}

main() {
  FORCE_JOIN=no
  MODE='join'
  NODE_NAME=''
  want_node_name=no
  for arg in "$@"; do
    if [ "$want_node_name" = yes ]; then
      NODE_NAME=$arg
      want_node_name=no
      continue
    fi
    case $arg in
      --force-join) FORCE_JOIN=yes ;;
      --reset-only) MODE='reset' ;;
      --node-name) want_node_name=yes ;;
      --node-name=*) NODE_NAME=\${arg#--node-name=} ;;
    esac
  done
  if [ -z "$NODE_NAME" ]; then NODE_NAME=$(uname -n); fi

  umask 077
  WORKDIR=$(mktemp -d) || { say "cannot create a temporary directory"; exit 1; }
  trap 'rm -rf "$WORKDIR"' EXIT
  trap 'exit 130' INT TERM
  # The secrets go to curl in config files, never on a command line other users can see.
  printf 'header = "Authorization: Bearer %s"\\n' "$SESSION_SECRET" >"$WORKDIR/auth"
  cp "$WORKDIR/auth" "$WORKDIR/fetch"
  printf 'header = "X-Join-Token: %s"\\n' "$JOIN_TOKEN" >>"$WORKDIR/fetch"

  say "join session $SESSION_ID for cluster $CLUSTER_ID (node $NODE_NAME); supported systems: $SUPPORTED_OS"
  report root --data-urlencode "uid=$(id -u)"
  if [ -d /run/systemd/system ]; then systemd=yes; else systemd=no; fi
  report systemd --data-urlencode "systemd=$systemd"
  report os --data-urlencode "os_release=$(file_text /etc/os-release)"
  report arch --data-urlencode "arch=$(uname -m)"
  report iptables --data-urlencode "iptables_path=$(find_iptables)"
  report swap --data-urlencode "swaps=$(file_text /proc/swaps)"
  if [ "$MODE" = join ]; then
    report clock --data-urlencode "host_epoch=$(date +%s)"
    check_endpoint
    report previous_join --data-urlencode "previous_files=$(previous_join_files)" --data-urlencode "force_join=$FORCE_JOIN"
  fi
  say "preflight passed"

  status=$(curl -sS --max-time 60 -K "$WORKDIR/fetch" -o "$WORKDIR/node-join.sh" -w '%{http_code}' \\
    "$KUBEBYON_URL/api/join/sessions/$SESSION_ID/node-join-script" </dev/null) || status=000
  if [ "$status" != 200 ]; then
    if [ "$status" = 000 ]; then say "could not fetch the cluster's join script from the platform"; else say "$(file_text "$WORKDIR/node-join.sh")"; fi
    exit 1
  fi

  say "running the cluster's join script"
  { sh "$WORKDIR/node-join.sh" "$@" </dev/null 2>&1; echo "$?" >"$WORKDIR/exit"; } | tee "$WORKDIR/output"
  code=$(cat "$WORKDIR/exit")
  tail -n 20 "$WORKDIR/output" >"$WORKDIR/tail"
  report script_finished --data-urlencode "exit_code=$code" --data-urlencode "output_tail@$WORKDIR/tail"
  if [ "$MODE" = reset ]; then
    say "the machine was reset"
  else
    say "the join script finished; the console shows when node $NODE_NAME registers"
  fi
  exit "$code"
}

main "$@"
`;
}
