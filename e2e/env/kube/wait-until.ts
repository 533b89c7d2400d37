import { describeExit, type ManagedProcess } from "./managed-process";

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /**
   * Stop waiting at once if one of these dies, with its log tail in the error.
   * The first one is the process being waited for; its log goes into a timeout error.
   */
  processes?: readonly ManagedProcess[];
}

function deadProcessError(what: string, processes: readonly ManagedProcess[]): Error | undefined {
  for (const proc of processes) {
    const exit = proc.exitInfo();
    if (exit) {
      return new Error(`${proc.name} ${describeExit(exit)} while waiting for ${what}. Log ${proc.logFile}:\n${proc.logTail()}`);
    }
  }
  return undefined;
}

/** Polls `probe` until it returns a value; the last probe error goes into the timeout message. */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, opts: WaitOptions): Promise<T> {
  const processes = opts.processes ?? [];
  const deadline = Date.now() + opts.timeoutMs;
  let lastError = "";
  for (;;) {
    const dead = deadProcessError(what, processes);
    if (dead) throw dead;
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      const main = processes[0];
      const tail = main ? `\nLog ${main.logFile}:\n${main.logTail()}` : "";
      throw new Error(`timed out after ${opts.timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError})` : ""}${tail}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}
