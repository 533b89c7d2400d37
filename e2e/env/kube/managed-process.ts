import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  readonly exited: Promise<ProcessExit>;
  /** Set once the process has exited, for fail-fast checks while waiting. */
  exitInfo(): ProcessExit | undefined;
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

const liveChildren = new Set<ChildProcess>();
const dirsToRemove = new Set<string>();
let exitHookInstalled = false;

// Test files that throw before afterAll, or a worker that exits early, must
// not leave apiservers behind holding ports and CPU.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of liveChildren) child.kill("SIGKILL");
    for (const dir of dirsToRemove) rmSync(dir, { recursive: true, force: true });
  });
}

/** Removes `dir` at process exit unless forgotten earlier. */
export function removeDirAtExit(dir: string): void {
  installExitHook();
  dirsToRemove.add(dir);
}

export function forgetDirAtExit(dir: string): void {
  dirsToRemove.delete(dir);
}

// The "exit" hook does not run when the Node process is killed by a signal
// (vitest tears workers down that way), so a tiny detached shell kills the
// child once our pid is gone, and removes the temp dir in that case.
const WATCHDOG = `
while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done
if kill -0 "$2" 2>/dev/null; then
  kill -9 "$2"
  if [ -n "$3" ]; then rm -rf "$3"; fi
fi
`;

function startWatchdog(childPid: number, dirOnParentDeath: string): void {
  const watchdog = spawn("sh", ["-c", WATCHDOG, "watchdog", String(process.pid), String(childPid), dirOnParentDeath], {
    detached: true,
    stdio: "ignore",
  });
  watchdog.unref();
}

export interface StartProcessOptions {
  name: string;
  command: string;
  args: readonly string[];
  logFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Directory the watchdog deletes if the test process dies without cleaning up. */
  dirOnParentDeath?: string;
}

export function startProcess(opts: StartProcessOptions): ManagedProcess {
  installExitHook();
  const fd = openSync(opts.logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(opts.command, opts.args, {
      stdio: ["ignore", fd, fd],
      env: opts.env ?? process.env,
      cwd: opts.cwd,
    });
  } finally {
    closeSync(fd);
  }
  liveChildren.add(child);

  let exitInfo: ProcessExit | undefined;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
    child.once("error", (error) => {
      exitInfo = { code: null, signal: null, error };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
  });

  if (child.pid !== undefined) startWatchdog(child.pid, opts.dirOnParentDeath ?? "");

  return {
    name: opts.name,
    pid: child.pid ?? -1,
    logFile: opts.logFile,
    exited,
    exitInfo: () => exitInfo,
    logTail: (lines = 40) => readTail(opts.logFile, lines),
    async stop() {
      if (exitInfo) return;
      // State lives in a throwaway temp dir, so there is nothing to shut down gracefully.
      child.kill("SIGKILL");
      await exited;
    },
  };
}

function readTail(file: string, lines: number): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log written)";
  }
}

export function describeExit(info: ProcessExit): string {
  if (info.error) return `failed to start: ${info.error.message}`;
  return info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
}
