// Create benchmark (issue 16): --creates concurrent cluster creates through the createCluster use case,
// run by the product's job runner (single-node wiring, product defaults) with real helm and the stand-in
// chart against a real kube-apiserver; the bench plays each vCluster as soon as helm installed its release
// and stops it once its cluster is ready. `npm run bench:create -- --creates 5` for a smoke run.
import os from "node:os";
import { parseArgs } from "node:util";
import { hostClusterSettings, seedPlatformApiKeySecret } from "@e2e/env/host-platform";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { webTestEnv } from "@e2e/env/web-env";
import { parseConfig } from "@/server/config/env";
import { startJobRunner } from "@/server/composition/job-processing";
import { buildRuntime, type Runtime } from "@/server/composition/runtime";
import { newId } from "@/server/domain/ids";
import { createCluster } from "@/server/services/clusters/create-cluster";
import { apiserverRssBytes } from "./create-rss";
import { printCreateFigures, type CreateSample } from "./create-figures";
import { ExternalTimes, timedProvisioner, timedResolver } from "./create-timing";
import { positiveInt } from "./positive-int";

const { values } = parseArgs({
  options: {
    creates: { type: "string", default: "100" },
    // vClusters the bench starts at once. Each is a kube-apiserver booting; more than the cores starve the
    // platform being measured. A create waiting for a free slot counts as waiting for its vCluster.
    plays: { type: "string", default: String(os.cpus().length) },
    // The whole run gives up after this; a create still unfinished then is reported as such.
    "timeout-s": { type: "string", default: "3000" },
  },
});
const creates = positiveInt("creates", values.creates);
const timeoutMs = positiveInt("timeout-s", values["timeout-s"]) * 1000;
const plays = positiveInt("plays", values.plays);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** At most `n` holders at once; the others wait in order. */
class Slots {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

interface Played {
  vc?: VirtualCluster;
  failed?: string;
}

async function run(kube: KubeCluster, database: TestDatabase): Promise<void> {
  await seedPlatformApiKeySecret(kube);
  // The worker's environment as an operator sets it for this host; every job setting left at its default.
  Object.assign(process.env, webTestEnv(database.url, { ...hostClusterSettings(kube), KUBECONFIG: "", KUBEBYON_RABBITMQ_URL: "", KUBEBYON_LOG_LEVEL: "warn" }));
  const config = parseConfig(process.env);
  const runtime = buildRuntime(config, { process: "kubebyon-worker" });
  const times = new ExternalTimes();
  const played = new Map<string, Played>();
  let alive = 0;
  let maxAlive = 0;
  let rss: number | undefined;

  const slots = new Slots(plays);
  // What a vCluster Pod does once helm has installed its release: start, then export Secret vc-<name>.
  const play = async (namespace: string, releaseName: string) => {
    const entry: Played = {};
    played.set(namespace, entry);
    const start = Date.now();
    await slots.take();
    try {
      entry.vc = await kube.startVirtualCluster({ name: releaseName, namespace });
      times.add(namespace, { kind: "play", start, end: Date.now() });
      alive += 1;
      maxAlive = Math.max(maxAlive, alive);
    } catch (error) {
      entry.failed = error instanceof Error ? error.message : String(error);
      console.error(`playing vCluster ${namespace}/${releaseName} failed: ${entry.failed}`);
    } finally {
      slots.give();
    }
  };
  const playing: Promise<void>[] = [];
  const measured: Runtime = {
    ...runtime,
    clusterRuntime: {
      ...runtime.clusterRuntime,
      provisioner: timedProvisioner(runtime.clusterRuntime.provisioner, times, (input) => playing.push(play(input.namespace, input.releaseName))),
      resolver: timedResolver(runtime.clusterRuntime.resolver, times),
    },
  };
  const runner = await startJobRunner(measured, `bench-${config.workerId}`);
  try {
    const db = runtime.deps.db;
    const userId = newId("usr");
    await db.user.create({ data: { id: userId, email: "bench@example.test", name: "bench" } });
    const viewer = { id: userId, email: "bench@example.test", name: "bench", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_bench" } };
    console.log(
      `${creates} creates; job runner as the product starts it: 1 runner per process, concurrency ${config.jobConcurrency} (KUBEBYON_JOB_CONCURRENCY${process.env.KUBEBYON_JOB_CONCURRENCY ? "" : ", default"}), ` +
        `poll ${config.jobPollIntervalMs} ms + in-process wake-ups, lease ${config.jobLeaseSeconds} s; ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
        `the bench boots at most ${plays} vClusters at once`,
    );

    const began = Date.now();
    // Public access off: a ClusterIP Service each (the test host apiserver has only 40 NodePorts).
    const requests = await Promise.all(
      Array.from({ length: creates }, async (_, i) => {
        const requestStart = Date.now();
        const view = await createCluster(runtime.deps, viewer, { name: `bench ${i}`, publicAccessEnabled: false }, { ip: "127.0.0.1", userAgent: "bench:create" });
        return { id: view.id, namespace: view.namespace, requestStart, requestEnd: Date.now() };
      }),
    );
    const ids = requests.map((r) => r.id);
    const done = new Set<string>();
    const deadline = began + timeoutMs;
    // A played vCluster is a whole kube-apiserver: stop it once its cluster is ready, the platform is done with it.
    const stopping: Promise<void>[] = [];
    let nextReport = began + 30_000;
    while (done.size < ids.length && Date.now() < deadline) {
      const finished = await db.clusterOperation.findMany({ where: { clusterId: { in: ids }, status: { in: ["succeeded", "failed"] } }, select: { clusterId: true } });
      for (const { clusterId } of finished) {
        if (done.has(clusterId)) continue;
        done.add(clusterId);
        const namespace = requests.find((r) => r.id === clusterId)?.namespace ?? "";
        const vc = played.get(namespace)?.vc;
        if (vc) {
          alive -= 1;
          // Measured here: the platform is done with it, and until now it served every request of its create.
          stopping.push((async () => {
            rss ??= await apiserverRssBytes(vc.server);
            await vc.stop();
          })());
        }
      }
      if (Date.now() >= nextReport) {
        console.log(`${((Date.now() - began) / 1000).toFixed(0)} s: ${done.size}/${ids.length} finished, ${alive} vClusters up`);
        nextReport += 30_000;
      }
      await sleep(250);
    }
    // The runner records a job's end just after its handler wrote the operation.
    await sleep(1_000);
    await Promise.allSettled(playing);
    const jobs = await db.clusterJob.findMany({ where: { clusterId: { in: ids } } });
    const operations = await db.clusterOperation.findMany({ where: { clusterId: { in: ids } } });
    const samples: CreateSample[] = requests.map((r) => {
      const job = jobs.find((j) => j.clusterId === r.id);
      const op = operations.find((o) => o.clusterId === r.id);
      return {
        ...r,
        status: op?.status ?? "missing",
        attempts: job?.attempts ?? 0,
        jobCreated: job?.createdAt.getTime(),
        jobStarted: job?.startedAt?.getTime(),
        ready: op?.status === "succeeded" ? op.finishedAt?.getTime() : undefined,
        intervals: times.of(r.namespace),
      };
    });
    printCreateFigures(samples, { began, vclusterRssBytes: rss, maxVclustersUp: maxAlive });
    // Those not ready by the deadline stop with the host (kube.stop()).
    await Promise.allSettled(stopping);
  } finally {
    await runner.stop();
    await runtime.close();
  }
}

async function main(): Promise<void> {
  const kube = await startKubeCluster();
  const database = await createTestDatabase("bench_create");
  try {
    await run(kube, database);
  } finally {
    await database.drop();
    await kube.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
