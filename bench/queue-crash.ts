import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createPrismaClient } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { JobRunner } from "@/server/services/jobs/job-runner";
import { benchJobKind } from "./queue-ours";

export interface CrashResult {
  jobs: number;
  leaseMs: number;
  /** SIGKILL to the job starting in the surviving runner. */
  minMs: number;
  maxMs: number;
}

/**
 * A child runner leases `jobs` jobs and is SIGKILLed while holding them; a
 * runner in this process (poll 50 ms) must pick them up once the leases expire.
 */
export async function measureCrashRecovery(url: string, jobs: number, leaseMs: number): Promise<CrashResult> {
  const db = createPrismaClient(url);
  const store = new PrismaJobStore(db);
  try {
    const { clusterId } = await insertTestCluster(db);
    for (let i = 0; i < jobs; i += 1) await store.enqueue({ clusterId, kind: benchJobKind, payload: { t: Date.now() } });

    const childPath = fileURLToPath(new URL("./queue-crash-child.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", childPath, url, String(leaseMs), String(jobs)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const leased = new Set<string>();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("crash child did not lease its jobs within 30 s")), 30_000);
      child.once("exit", (code) => reject(new Error(`crash child exited early with code ${code}`)));
      createInterface({ input: child.stdout }).on("line", (line) => {
        if (line.startsWith("leased ")) leased.add(line.slice("leased ".length));
        if (leased.size === jobs) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.removeAllListeners("exit");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const killedAt = Date.now();
    child.kill("SIGKILL");
    await exited;

    const recoveredAfter: number[] = [];
    const runner = new JobRunner({
      store,
      registry: new JobHandlerRegistry({ [benchJobKind]: async () => void recoveredAfter.push(Date.now() - killedAt) }),
      owner: "bench-crash-survivor",
      leaseMs,
      pollIntervalMs: 50,
    });
    await runner.start();
    const deadline = Date.now() + leaseMs * 3 + 10_000;
    while (recoveredAfter.length < jobs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    if (recoveredAfter.length < jobs) {
      throw new Error(`only ${recoveredAfter.length} of ${jobs} jobs ran again after the crash`);
    }
    return { jobs, leaseMs, minMs: Math.min(...recoveredAfter), maxMs: Math.max(...recoveredAfter) };
  } finally {
    await db.$disconnect();
  }
}
