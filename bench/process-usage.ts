import { readdirSync, readFileSync } from "node:fs";

// CPU time and resident memory of another process, read from /proc (Linux): what `ps` would show, sampled by the
// benchmark around a measured window.

const TICKS_PER_SECOND = 100; // USER_HZ; Linux reports /proc/<pid>/stat times in it on every architecture we run on.
const PAGE_BYTES = 4096;

export interface ProcessUsage {
  /** User + system CPU seconds since the process started. */
  cpuSeconds: number;
  rssBytes: number;
}

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces and parentheses: the fields after it start past its last ')'.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

export function processUsage(pid: number): ProcessUsage {
  const fields = statFields(pid);
  // After the name: state is index 0, so utime (field 14) is 11, stime 12, rss (field 24, pages) 21.
  return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, rssBytes: Number(fields[21]) * PAGE_BYTES };
}

function parentOf(pid: number): number | null {
  try {
    return Number(statFields(pid)[1]);
  } catch {
    return null;
  }
}

function argsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return null;
  }
}

/** The first process whose arguments satisfy `match`. */
export function findProcess(what: string, match: (args: string[], pid: number) => boolean): number {
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const args = argsOf(pid);
    if (args && match(args, pid)) return pid;
  }
  throw new Error(`no process ${what}`);
}

function descends(pid: number, ancestor: number): boolean {
  for (let p: number | null = parentOf(pid); p !== null && p > 1; p = parentOf(p)) if (p === ancestor) return true;
  return false;
}

/**
 * The process running `script` below `rootPid`: `tsx worker/main.ts` runs the worker in a child node process, and
 * that child is the one to measure.
 */
export function descendantRunning(rootPid: number, script: string): number {
  return findProcess(`running ${script} below pid ${rootPid}`, (args, pid) => pid !== rootPid && args.some((a) => a.endsWith(script)) && descends(pid, rootPid));
}

/** Usage between two samples: CPU as a share of one core. */
export function cpuShare(before: ProcessUsage, after: ProcessUsage, seconds: number): number {
  return (after.cpuSeconds - before.cpuSeconds) / seconds;
}
