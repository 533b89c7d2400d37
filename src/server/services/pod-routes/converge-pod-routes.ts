import { diffPodRoutes } from "@/server/domain/pod-routes/diff-pod-routes";
import type { PodRoute } from "@/server/domain/pod-routes/pod-route";
import type { HostRouteTable } from "./ports";

export interface ConvergeResult {
  replaced: PodRoute[];
  deleted: string[];
  unchanged: number;
  /** Desired routes a foreign route holds (left alone). */
  blocked: Array<{ route: PodRoute; message: string }>;
  /** Changes iproute2 refused, with its message; the others were still made. */
  failed: Array<{ destination: string; message: string }>;
}

/**
 * Brings the table's marked routes to `desired`: replaces what is missing or points elsewhere, deletes
 * marked routes no longer wanted, never touches a route without the marker. One failing change does not
 * stop the others (a node unreachable today must not keep every other cluster's routes from converging).
 * Shared by local mode and the route agent.
 */
export async function convergePodRoutes(table: HostRouteTable, desired: readonly PodRoute[]): Promise<ConvergeResult> {
  const diff = diffPodRoutes(await table.list(), desired);
  const result: ConvergeResult = { replaced: [], deleted: [], unchanged: diff.unchanged.length, blocked: diff.blocked, failed: [] };
  const attempt = async (destination: string, change: () => Promise<void>, done: () => void) => {
    try {
      await change();
      done();
    } catch (error) {
      result.failed.push({ destination, message: error instanceof Error ? error.message : String(error) });
    }
  };
  // Deletions first: a destination that moved between nodes is replaced below anyway.
  for (const destination of diff.delete) await attempt(destination, () => table.delete(destination), () => result.deleted.push(destination));
  for (const route of diff.replace) await attempt(route.destination, () => table.replace(route), () => result.replaced.push(route));
  return result;
}

/** One line for logs and the plan's condition message. */
export function describeConverge(result: ConvergeResult): string {
  const parts = [`${result.replaced.length} replaced`, `${result.deleted.length} deleted`, `${result.unchanged} unchanged`];
  if (result.blocked.length) parts.push(`blocked: ${result.blocked.map((b) => b.message).join("; ")}`);
  if (result.failed.length) parts.push(`failed: ${result.failed.map((f) => `${f.destination}: ${f.message}`).join("; ")}`);
  return parts.join(", ");
}
