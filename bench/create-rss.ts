import { readdir, readFile } from "node:fs/promises";

/**
 * Resident memory of the kube-apiserver serving `server` (https://127.0.0.1:<port>), found by its
 * --secure-port in /proc; undefined when it is not found (not Linux, or it exited).
 */
export async function apiserverRssBytes(server: string): Promise<number | undefined> {
  const flag = `--secure-port=${new URL(server).port}`;
  for (const pid of await readdir("/proc").catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    const args = cmdline.split("\0");
    if (!args[0]?.endsWith("kube-apiserver") || !args.includes(flag)) continue;
    const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  }
  return undefined;
}
