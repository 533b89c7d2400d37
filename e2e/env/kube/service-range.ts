import { mkdir, open, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * A loopback service range of its own for each test apiserver. ClusterIPs are
 * loopback addresses the kube-proxy stand-in listens on (<ClusterIP>:443), and
 * test files run in parallel processes: two apiservers sharing one range would
 * now and then hand out the same ClusterIP and collide on bind. A range is
 * claimed with an exclusive lock file holding the claimer's pid (a dead pid's
 * claim is taken over), so no two live apiservers on this machine share one.
 */

const LOCK_DIR = path.join(os.tmpdir(), "kubebyon-service-ranges");
// 127.64.0.0/10 split into /20s: 1024 ranges of 4094 ClusterIPs, away from 127.0.x.y (loopback addresses tests pick).
const RANGE_COUNT = 1024;

export interface ServiceRange {
  /** e.g. 127.65.32.0/20 */
  cidr: string;
  /** The first address, which the apiserver gives Service default/kubernetes. */
  kubernetesServiceIp: string;
  release(): Promise<void>;
}

function rangeFor(index: number): { cidr: string; first: string } {
  const second = 64 + (index >> 4);
  const third = (index & 15) << 4;
  return { cidr: `127.${second}.${third}.0/20`, first: `127.${second}.${third}.1` };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function tryClaim(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, "wx");
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const owner = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
  // An empty file is a claim being written right now; only a dead owner's claim is stale.
  if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) return false;
  await rm(lockFile, { force: true });
  return tryClaim(lockFile);
}

export async function claimServiceRange(): Promise<ServiceRange> {
  await mkdir(LOCK_DIR, { recursive: true });
  const start = Math.floor(Math.random() * RANGE_COUNT);
  for (let i = 0; i < RANGE_COUNT; i++) {
    const index = (start + i) % RANGE_COUNT;
    const lockFile = path.join(LOCK_DIR, `${index}.lock`);
    if (await tryClaim(lockFile)) {
      const { cidr, first } = rangeFor(index);
      return { cidr, kubernetesServiceIp: first, release: () => rm(lockFile, { force: true }) };
    }
  }
  throw new Error(`all ${RANGE_COUNT} loopback service ranges are claimed (lock files in ${LOCK_DIR}); remove stale ones`);
}
