/**
 * Evaluating a hostname binding's CNAME chain against its cluster's canonical target
 * (managed_workload_ingress_cname_target), spec managed-workload-ingress §3 item 1:
 * "final canonical target" semantics.
 *
 * The rule, exactly: a binding is ready when its hostname's CNAME chain converges onto the
 * canonical chain of the cluster's target, i.e. when a name of the hostname's chain is
 * - the target itself (app.example.com → cl-x.apps.example.net, at any position, not only the
 *   final name: the target may itself be a CNAME to the edge, as the Cloudflare automation
 *   makes it), or
 * - a name the target's own chain passes through (app.example.com → edge.example.net when
 *   cl-x.apps.example.net → edge.example.net): past that name both chains are the same records,
 *   so both end at the same final canonical name and reach the same edge.
 * Comparing the whole target chain, not just its final name, keeps that true while a record in
 * the middle is being changed. A hostname that only has A/AAAA records (even the edge's addresses)
 * is not ready: addresses move, the check is by names. Names compare case-insensitively without
 * the trailing dot. What happens after the chain has reached the target's chain (a broken record
 * further down) is the platform's side, not the binding's, so it does not hold the binding back.
 *
 * Otherwise: pending while the user has more to do (no record yet, NXDOMAIN, the chain ends
 * elsewhere), error when the chain cannot be judged (a loop, longer than the resolver follows,
 * a resolver failure).
 */

/** How a followed chain stopped. */
export type CnameChainEnd =
  /** The last name has no CNAME record; `exists` false means NXDOMAIN. `addresses`: its A records, for the message. */
  | { kind: "no_cname"; exists: boolean; addresses: readonly string[] }
  /** The last name repeats an earlier one. */
  | { kind: "cycle" }
  /** The resolver stopped after `maxDepth` CNAMEs with the last name still a CNAME. */
  | { kind: "too_long"; maxDepth: number }
  /** A lookup of the last name failed (timeout, SERVFAIL, refused, …). */
  | { kind: "resolver_failure"; code: string; detail: string };

/** A CNAME chain as the resolver followed it: names[0] is the name asked, each next one the previous one's CNAME. */
export interface CnameChainLookup {
  names: readonly string[];
  end: CnameChainEnd;
}

export type BindingDnsStatus = "pending" | "ready" | "error";

export interface CnameChainVerdict {
  status: BindingDnsStatus;
  /** One line for the binding's last_error (null when ready): what was seen and what to do. */
  message: string | null;
  /** The observed chain, hostname first (up to where it met the target's chain when ready). */
  names: readonly string[];
  /** The same, for display: "app.example.com → x.example.net". */
  chain: string;
}

export const CHAIN_ARROW = " → ";

export function normalizeDnsName(name: string): string {
  return name.trim().replace(/\.+$/, "").toLowerCase();
}

export function formatChain(names: readonly string[]): string {
  return names.join(CHAIN_ARROW);
}

/**
 * The verdict for `hostname`'s chain against `target` and the chain the resolver followed from
 * `target` (`targetChain`; null when it was not looked up: then only the target name counts).
 */
export function evaluateCnameChain(hostnameChain: CnameChainLookup, target: string, targetChain: CnameChainLookup | null): CnameChainVerdict {
  const canonicalTarget = normalizeDnsName(target);
  const names = hostnameChain.names.map(normalizeDnsName);
  const hostname = names[0] ?? "";
  const chain = formatChain(names);
  const targetNames = new Set([canonicalTarget, ...(targetChain?.names ?? []).map(normalizeDnsName)]);

  const meeting = names.findIndex((name) => targetNames.has(name));
  if (meeting >= 0) {
    const met = names.slice(0, meeting + 1);
    return { status: "ready", message: null, names: met, chain: formatChain(met) };
  }

  const pointAt = `point a CNAME record for ${hostname} at ${canonicalTarget}`;
  const end = hostnameChain.end;
  const last = names.at(-1) ?? hostname;
  const observed = names.length > 1 ? `its CNAME chain ${chain}` : hostname;
  switch (end.kind) {
    case "no_cname": {
      if (names.length === 1) {
        if (!end.exists) return pending(names, `${hostname} does not exist in DNS (NXDOMAIN): ${pointAt}.`);
        const has = end.addresses.length > 0 ? ` (it has A records ${end.addresses.join(", ")})` : "";
        return pending(names, `${hostname} has no CNAME record${has}: ${pointAt}.`);
      }
      const ending = end.exists ? `ends at ${last}` : `ends at ${last}, which does not exist (NXDOMAIN)`;
      const targetNote = targetChainNote(targetChain);
      // The target's lookup failing leaves "points elsewhere" unproven: the chain could meet it further down.
      if (targetChain?.end.kind === "resolver_failure") {
        return error(names, `${observed} ${ending}; the chain of ${canonicalTarget} could not be resolved (${failureText(targetChain.end)}), so whether they meet is unknown; the check retries.`);
      }
      return pending(names, `${observed} ${ending}, not at ${canonicalTarget}${targetNote}: ${pointAt}.`);
    }
    case "cycle":
      return error(names, `${observed} loops back to ${last}: fix the CNAME records so the chain ends at ${canonicalTarget}.`);
    case "too_long":
      return error(names, `${observed} is longer than ${end.maxDepth} CNAMEs without reaching ${canonicalTarget}: shorten it, e.g. ${pointAt} directly.`);
    case "resolver_failure":
      return error(names, `looking up ${last} failed (${failureText(end)})${names.length > 1 ? ` after ${chain}` : ""}; the check retries — if it keeps failing, check the DNS servers of ${hostname} and KUBEBYON_DNS_CHECK_RESOLVERS.`);
  }
}

function targetChainNote(targetChain: CnameChainLookup | null): string {
  if (!targetChain || targetChain.names.length < 2) return "";
  return ` (nor on its chain ${formatChain(targetChain.names.map(normalizeDnsName))})`;
}

function failureText(end: Extract<CnameChainEnd, { kind: "resolver_failure" }>): string {
  return end.detail ? `${end.code}: ${end.detail}` : end.code;
}

const pending = (names: readonly string[], message: string): CnameChainVerdict => ({ status: "pending", message, names, chain: formatChain(names) });
const error = (names: readonly string[], message: string): CnameChainVerdict => ({ status: "error", message, names, chain: formatChain(names) });
