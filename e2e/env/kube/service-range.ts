import { mkdir, open, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * A loopback service range and a NodePort range of its own for each test
 * apiserver. ClusterIPs are loopback addresses the kube-proxy stand-in listens
 * on (<ClusterIP>:443), NodePorts are ports it binds on loopback addresses
 * (127.0.0.1 and the test Nodes'), and test files run in parallel processes:
 * two apiservers sharing a range would now and then hand out the same ClusterIP
 * or NodePort and collide on bind. A slot is claimed with an exclusive lock file
 * holding the claimer's pid (a dead pid's claim is taken over), so no two live
 * apiservers on this machine share one.
 */

const LOCK_DIR = path.join(os.tmpdir(), "kubebyon-service-ranges");
// Kubernetes' default NodePort range 30000-32767 in slices of 40 ports: 69 slots, far more
// apiservers than a test run keeps alive at once (a few per test file, two files at a time).
const NODE_PORT_BASE = 30000;
const NODE_PORTS_PER_SLOT = 40;
const RANGE_COUNT = Math.floor((32767 - NODE_PORT_BASE + 1) / NODE_PORTS_PER_SLOT);

export interface ServiceRange {
  /** e.g. 127.65.32.0/20 */
  cidr: string;
  /** The first address, which the apiserver gives Service default/kubernetes. */
  kubernetesServiceIp: string;
  /** e.g. 30040-30079, for --service-node-port-range. */
  nodePortRange: string;
  release(): Promise<void>;
}

/** Slot i: a /20 of 127.64.0.0/10 (away from the 127.0.x.y addresses tests pick) and its 40 NodePorts. */
function rangeFor(index: number): { cidr: string; first: string; nodePorts: string } {
  const second = 64 + (index >> 4);
  const third = (index & 15) << 4;
  const firstPort = NODE_PORT_BASE + index * NODE_PORTS_PER_SLOT;
  return { cidr: `127.${second}.${third}.0/20`, first: `127.${second}.${third}.1`, nodePorts: `${firstPort}-${firstPort + NODE_PORTS_PER_SLOT - 1}` };
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

/** Claims a free slot; its lock file is removed by release() (or taken over once this process is gone). */
export async function claimServiceRange(): Promise<ServiceRange> {
  await mkdir(LOCK_DIR, { recursive: true });
  const start = Math.floor(Math.random() * RANGE_COUNT);
  for (let i = 0; i < RANGE_COUNT; i++) {
    const index = (start + i) % RANGE_COUNT;
    const lockFile = path.join(LOCK_DIR, `${index}.lock`);
    if (await tryClaim(lockFile)) {
      const { cidr, first, nodePorts } = rangeFor(index);
      return { cidr, kubernetesServiceIp: first, nodePortRange: nodePorts, release: () => rm(lockFile, { force: true }) };
    }
  }
  throw new Error(`all ${RANGE_COUNT} test apiserver slots are claimed (lock files in ${LOCK_DIR}); remove stale ones`);
}
