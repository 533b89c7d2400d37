import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { InstalledRoute, InstalledRoutes } from "@/server/domain/pod-routes/diff-pod-routes";
import type { PodRoute } from "@/server/domain/pod-routes/pod-route";
import type { HostRouteTable } from "@/server/services/pod-routes/ports";
import { childProcessEnv } from "@/server/infra/kube/child-process-env";

const run = promisify(execFile);

/** An `ip` command that failed: the command line and iproute2's own stderr (e.g. "RTNETLINK answers: Operation not permitted"). */
export class IpRouteError extends Error {
  constructor(
    readonly command: string,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`${command} failed${exitCode === null ? "" : ` (exit ${exitCode})`}: ${stderr.trim() || "no output"}. ${hintFor(stderr)}`.trim());
    this.name = "IpRouteError";
  }
}

function hintFor(stderr: string): string {
  if (/Operation not permitted/i.test(stderr)) return "The process needs CAP_NET_ADMIN in the host's network namespace (hostNetwork: true, capabilities NET_ADMIN).";
  if (/Nexthop has invalid gateway|Network is unreachable/i.test(stderr)) return "The gateway (the node's InternalIP) is not on a network this host reaches directly.";
  if (/Cannot open network namespace/i.test(stderr)) return "The network namespace does not exist.";
  return "";
}

export interface IpRouteCliOptions {
  /** The marker every route the platform writes carries: `proto <N>` (docs/workload-edge-podcidr-routes.md). */
  protocol: number;
  /** Runs inside this network namespace (`ip -n <ns>`); unset: the process's own. */
  netns?: string;
  /** Default "ip" from PATH. */
  bin?: string;
}

interface JsonRoute {
  dst?: string;
  gateway?: string;
}

const families = ["-4", "-6"] as const;

/** "default" → 0.0.0.0/0, a bare address → /32 (/128): the destination as planPodRoutes writes it. */
function destinationOf(dst: string, family: (typeof families)[number]): string {
  if (dst === "default") return family === "-4" ? "0.0.0.0/0" : "::/0";
  return dst.includes("/") ? dst : `${dst}/${family === "-4" ? 32 : 128}`;
}

/** iproute2 in the main table, the platform's routes marked with `proto <N>`; the same code serves local mode, the agent and the tests. */
export class IpRouteCli implements HostRouteTable {
  private readonly bin: string;

  constructor(private readonly options: IpRouteCliOptions) {
    if (!Number.isInteger(options.protocol) || options.protocol < 5 || options.protocol > 254) throw new Error(`route protocol ${options.protocol} is outside 5–254 (0–4 are the kernel's own, 255 is reserved)`);
    this.bin = options.bin ?? "ip";
  }

  private async ip(args: readonly string[]): Promise<string> {
    const full = [...(this.options.netns ? ["-n", this.options.netns] : []), ...args];
    try {
      const { stdout } = await run(this.bin, full, { env: childProcessEnv(), timeout: 10_000, maxBuffer: 16 * 1024 * 1024 });
      return stdout;
    } catch (error) {
      const e = error as { stderr?: string; code?: number | string; message?: string };
      throw new IpRouteError(`${this.bin} ${full.join(" ")}`, e.stderr || e.message || String(error), typeof e.code === "number" ? e.code : null);
    }
  }

  private async show(family: (typeof families)[number], extra: readonly string[]): Promise<InstalledRoute[]> {
    const out = await this.ip([family, "-json", "route", "show", "table", "main", ...extra]);
    const rows = out.trim() ? (JSON.parse(out) as JsonRoute[]) : [];
    return rows.filter((r) => r.dst !== undefined).map((r) => ({ destination: destinationOf(r.dst!, family), gateway: r.gateway ?? null }));
  }

  async list(): Promise<InstalledRoutes> {
    const marked: InstalledRoute[] = [];
    const all: InstalledRoute[] = [];
    for (const family of families) {
      // Filtering by protocol in iproute2 (not by the JSON's "protocol" field, which turns into a name for
      // numbers listed in /etc/iproute2/rt_protos) keeps the marker check exact.
      marked.push(...(await this.show(family, ["proto", String(this.options.protocol)])));
      all.push(...(await this.show(family, [])));
    }
    const mine = new Set(marked.map((r) => r.destination));
    return { marked, foreign: all.filter((r) => !mine.has(r.destination)) };
  }

  async replace(route: PodRoute): Promise<void> {
    await this.ip(["route", "replace", route.destination, "via", route.gateway, "proto", String(this.options.protocol)]);
  }

  async delete(destination: string): Promise<void> {
    // With `proto`, the kernel deletes only a route of that protocol (fib_table_delete), so a foreign route is safe
    // even if it took the destination since the list.
    await this.ip(["route", "del", destination, "proto", String(this.options.protocol)]);
  }
}
