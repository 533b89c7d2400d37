import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { EdgeConfigApplyError, type EdgeApplyResult } from "@/server/domain/control-plane-edge/edge-config-apply-error";
import type { EdgeConfigWriter } from "@/server/services/control-plane-edge/edge-config-writer";
import { childProcessEnv } from "../kube/child-process-env";
import { masterCommand, parseShowProc, type MasterProcessTable } from "./haproxy-master-cli";

export interface HaproxyConfigWriterOptions {
  /** Path or name of the haproxy binary; the same one the master runs, so its check means what the reload does. */
  bin: string;
  /** The file the master was started with (`-f`); it re-reads it on every reload. */
  configPath: string;
  /** The master CLI socket the master was started with (`-S`). */
  masterSocketPath: string;
  /** How long `haproxy -c` and a reload may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

/**
 * How the HAProxy process that this writer drives is started: master-worker mode with a master CLI
 * socket. A `reload` on that socket makes the master re-execute itself with the file at `configPath`
 * and start a new worker, which takes the listening sockets over; the old worker stops accepting and
 * keeps serving its established connections until they end (or `hard-stop-after`). We chose this over
 * `-sf <oldpids>` because the master owns the process bookkeeping and reports each reload's outcome.
 */
export function haproxyMasterArgs(opts: Pick<HaproxyConfigWriterOptions, "configPath" | "masterSocketPath">): string[] {
  return ["-W", "-S", `${opts.masterSocketPath},mode,600`, "-f", opts.configPath];
}

/**
 * EdgeConfigWriter for HAProxy: unchanged text is a no-op; otherwise the text goes to a temp file in
 * the config's directory (fsynced), `haproxy -c` checks it (its message is the error), a rename puts
 * it in place and the master reloads. If the master then fails to load it, the previous file is put
 * back, so the file on disk stays what the running HAProxy serves. Calls are serialized; only one
 * process should drive one HAProxy.
 */
export class HaproxyConfigWriter implements EdgeConfigWriter {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: HaproxyConfigWriterOptions) {}

  apply(config: string): Promise<EdgeApplyResult> {
    const run = this.queue.then(() => this.applyNow(config));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private get timeoutMs(): number {
    return this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private async applyNow(config: string): Promise<EdgeApplyResult> {
    const previous = await readIfExists(this.opts.configPath);
    if (previous === config) return { changed: false };
    const candidate = await this.writeTemp(config);
    try {
      await this.check(candidate);
      await this.replace(candidate);
    } catch (err) {
      await unlink(candidate).catch(() => undefined);
      throw err;
    }
    try {
      await this.reload();
    } catch (err) {
      if (previous !== undefined) await this.replace(await this.writeTemp(previous)).catch(() => undefined);
      throw err;
    }
    return { changed: true };
  }

  private async writeTemp(text: string): Promise<string> {
    const dir = path.dirname(this.opts.configPath);
    const file = path.join(dir, `.${path.basename(this.opts.configPath)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(file, "wx", 0o644);
      try {
        await handle.writeFile(text, "utf8");
        await handle.sync();
      } finally {
        await handle.close();
      }
      return file;
    } catch (err) {
      await unlink(file).catch(() => undefined);
      throw new EdgeConfigApplyError("write-failed", `Could not write the HAProxy configuration next to ${this.opts.configPath}: check that the directory exists and is writable.`, String(err), { cause: err });
    }
  }

  /** `haproxy -c` parses everything and binds nothing, so it is safe beside the running instance. */
  private check(file: string): Promise<void> {
    return new Promise((resolve, reject) => {
      execFile(this.opts.bin, ["-c", "-f", file], { env: childProcessEnv(), timeout: this.timeoutMs }, (err, stdout, stderr) => {
        if (!err) return resolve();
        const detail = `${stderr}\n${stdout}`.trim() || String(err);
        reject(new EdgeConfigApplyError("invalid", `HAProxy refused the generated configuration (nothing was changed): ${detail}`, detail, { cause: err }));
      });
    });
  }

  /** Rename over the live file, then fsync the directory so the rename itself survives a crash. */
  private async replace(file: string): Promise<void> {
    try {
      await rename(file, this.opts.configPath);
      const dir = await open(path.dirname(this.opts.configPath), "r");
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    } catch (err) {
      throw new EdgeConfigApplyError("write-failed", `Could not replace ${this.opts.configPath}: ${String(err)}`, String(err), { cause: err });
    }
  }

  /** Sends `reload` and waits until `show proc` shows the master's reload counter move and a new worker. */
  private async reload(): Promise<void> {
    const before = await this.processTable();
    const oldPids = new Set(before.workers.map((w) => w.pid));
    await masterCommand(this.opts.masterSocketPath, "reload", this.timeoutMs).catch((err: unknown) => {
      throw this.reloadError(`could not send "reload" to ${this.opts.masterSocketPath}`, err);
    });
    const deadline = Date.now() + this.timeoutMs;
    let last: MasterProcessTable | undefined;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      // While the master re-executes itself its socket briefly refuses connections.
      last = await this.processTable().catch(() => undefined);
      if (!last || last.reloads <= before.reloads) continue;
      if (last.failedReloads > before.failedReloads) {
        throw this.reloadError("the HAProxy master could not load the new configuration and keeps serving the old one; see its log");
      }
      if (last.workers.some((w) => w.reloads === 0 && !oldPids.has(w.pid))) return;
    }
    throw this.reloadError(`no new HAProxy worker within ${this.timeoutMs} ms of "reload" (last process table: ${JSON.stringify(last ?? null)})`);
  }

  private async processTable(): Promise<MasterProcessTable> {
    try {
      return parseShowProc(await masterCommand(this.opts.masterSocketPath, "show proc", this.timeoutMs));
    } catch (err) {
      throw this.reloadError(`could not read "show proc" from ${this.opts.masterSocketPath}; is HAProxy running in master-worker mode with this socket?`, err);
    }
  }

  private reloadError(detail: string, cause?: unknown): EdgeConfigApplyError {
    const full = cause === undefined ? detail : `${detail}: ${String(cause)}`;
    return new EdgeConfigApplyError("reload-failed", `HAProxy did not reload: ${full}`, full, { cause });
  }
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new EdgeConfigApplyError("write-failed", `Could not read ${file}: ${String(err)}`, String(err), { cause: err });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
