import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { haproxyMasterArgs } from "@/server/infra/haproxy/haproxy-config-writer";
import { masterCommand, parseShowProc } from "@/server/infra/haproxy/haproxy-master-cli";

export interface HaproxyEdge {
  configPath: string;
  masterSocketPath: string;
  /** `show proc` on the master CLI. */
  showProc(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Debian's haproxy (scripts/prepare-test-machine.sh installs it) started in master-worker mode the way
 * the HaproxyConfigWriter expects (haproxyMasterArgs), with `initialConfig` as its first file, in its own
 * process group so stop() ends the master and every (old) worker. Resolves once a worker runs.
 */
export async function startHaproxyEdge(opts: { dir: string; initialConfig: string; bin?: string }): Promise<HaproxyEdge> {
  const bin = opts.bin ?? "haproxy";
  const configPath = path.join(opts.dir, "haproxy.cfg");
  const masterSocketPath = path.join(opts.dir, "master.sock");
  const logPath = path.join(opts.dir, "haproxy.log");
  await writeFile(configPath, opts.initialConfig);
  const log = createWriteStream(logPath);
  let spawnError: NodeJS.ErrnoException | undefined;
  const child: ChildProcess = spawn(bin, haproxyMasterArgs({ configPath, masterSocketPath }), { stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.once("error", (err: NodeJS.ErrnoException) => (spawnError = err));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const showProc = () => masterCommand(masterSocketPath, "show proc", 2_000);
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
  };

  const deadline = Date.now() + 15_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (spawnError?.code === "ENOENT") throw new Error("haproxy is not installed: run scripts/prepare-test-machine.sh as root (apt-get install haproxy)");
    if (child.exitCode !== null) break;
    try {
      if (parseShowProc(await showProc()).workers.length > 0) return { configPath, masterSocketPath, showProc, stop };
    } catch (err) {
      lastError = err;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop().catch(() => undefined);
  const text = await readFile(logPath, "utf8").catch(() => "");
  throw new Error(`HAProxy did not start a worker (exit code ${String(child.exitCode ?? "none")}): ${String(lastError)}\n${text.slice(-2000)}`);
}
