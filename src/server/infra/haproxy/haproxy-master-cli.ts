import { createConnection } from "node:net";

/**
 * The HAProxy master CLI (`haproxy -W -S <socket>`): one command per connection. The master answers
 * once our side has finished writing, then closes; HAProxy 2.6 answers `reload` with nothing at all
 * (it re-executes itself), which is why reloads are confirmed through `show proc`.
 */
export function masterCommand(socketPath: string, command: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ path: socketPath });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`HAProxy master socket ${socketPath} did not answer "${command}" within ${timeoutMs} ms`)), timeoutMs);
    socket.on("connect", () => socket.end(`${command}\n`));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on("close", (hadError) => {
      clearTimeout(timer);
      if (!hadError) resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
}

export interface MasterProcessTable {
  /** Reloads the master has performed, and how many of them failed (the new configuration did not load). */
  reloads: number;
  failedReloads: number;
  /** Current workers (not the old ones still draining connections after a reload). */
  workers: { pid: number; reloads: number }[];
}

/**
 * Parses `show proc` of HAProxy 2.6:
 *   #<PID>   <type>   <reloads>   <uptime>   <version>
 *   18531    master   3 [failed: 1]   0d00h10m13s   2.6.12
 *   # workers
 *   29039    worker   1   0d00h00m01s   2.6.12
 *   # old workers
 *   …
 */
export function parseShowProc(text: string): MasterProcessTable {
  const master = /^\d+\s+master\s+(\d+)\s+\[failed:\s*(\d+)\]/m.exec(text);
  if (!master) throw new Error(`unexpected "show proc" answer from the HAProxy master: ${text.trim().slice(0, 200) || "(empty)"}`);
  const workers: MasterProcessTable["workers"] = [];
  let section = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("# ")) section = line.slice(2).trim();
    const worker = /^(\d+)\s+worker\s+(\d+)/.exec(line);
    if (worker && section === "workers") workers.push({ pid: Number(worker[1]), reloads: Number(worker[2]) });
  }
  return { reloads: Number(master[1]), failedReloads: Number(master[2]), workers };
}
