import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The worker as operators run it (`npm run worker`): a separate process configured by env vars.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** tsx's loader in the test's own Node (the pinned one), not the tsx CLI: see spawnTsxProcess. */
const tsxLoader = ["--import", "tsx"];

export interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

/** A running worker/main.ts with its JSON log lines collected as they arrive. */
export class WorkerProcess {
  readonly lines: LogLine[] = [];
  readonly nonJson: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private buffer = "";

  constructor(readonly child: ChildProcess) {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => this.onData(chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.nonJson.push(chunk));
    this.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (!line.trim()) continue;
      try {
        this.lines.push(JSON.parse(line) as LogLine);
      } catch {
        this.nonJson.push(line);
      }
    }
  }

  /** Log lines with this message (and these fields, when given). */
  logged(msg: string, fields: Record<string, unknown> = {}): LogLine[] {
    return this.lines.filter((l) => l.msg === msg && Object.entries(fields).every(([k, v]) => l[k] === v));
  }

  /** Waits until `count` lines with this message (and fields) have been logged; returns the last. */
  async waitForLog(msg: string, timeoutMs = 60_000, opts: { fields?: Record<string, unknown>; count?: number } = {}): Promise<LogLine> {
    const count = opts.count ?? 1;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.logged(msg, opts.fields);
      if (found.length >= count) return found[count - 1]!;
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`worker exited (${this.child.exitCode ?? this.child.signalCode}) before logging "${msg}": ${this.dump()}`);
      }
      if (Date.now() > deadline) throw new Error(`worker did not log "${msg}" ×${count} within ${timeoutMs}ms: ${this.dump()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * SIGKILL, as when the machine or container dies: no shutdown code runs.
   * The worker may have children of its own (helm, kubectl), so the
   * whole process group (spawnWorker starts one per worker) is killed.
   */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null && this.child.pid) {
      try {
        process.kill(-this.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await this.exited;
  }

  dump(): string {
    return JSON.stringify({ lines: this.lines.map((l) => l.msg), other: this.nonJson }).slice(0, 4_000);
  }
}

/** The test's environment without any KubeBYON setting, plus `extra`: the shell's settings must not leak in. */
export function workerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith("KUBEBYON_") || key === "DATABASE_URL") delete env[key];
  }
  return Object.assign(env, extra);
}

/**
 * Starts worker/main.ts under tsx (what `npm run worker` runs) from the repository
 * root with exactly the given settings, in its own process group so kill()
 * reaches the real worker; signals sent with child.kill() reach it directly. Unless
 * the settings say otherwise, its HTTP listener takes a free loopback port (workers of
 * parallel tests would all want :9090); `waitForLog("worker HTTP listening")` tells which.
 */
export function spawnWorker(settings: Record<string, string>): WorkerProcess {
  return spawnTsxProcess("worker/main.ts", [], { KUBEBYON_WORKER_HTTP_ADDR: "127.0.0.1:0", ...settings });
}

/**
 * Any script of the repository under tsx's loader, the same way (own process group, JSON lines collected). Node runs
 * the script itself rather than the tsx CLI: the CLI relays a signal and, when the child does not acknowledge it
 * within 30 ms (a busy event loop on a loaded machine), exits 128+signal whatever the child's own exit code was.
 */
export function spawnTsxProcess(script: string, args: string[], settings: Record<string, string>): WorkerProcess {
  return new WorkerProcess(
    spawn(process.execPath, [...tsxLoader, script, ...args], { cwd: repoRoot, env: workerEnv(settings), stdio: ["ignore", "pipe", "pipe"], detached: true }),
  );
}
