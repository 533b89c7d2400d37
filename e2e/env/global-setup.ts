import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { checkRabbitMq } from "@/server/infra/mq/check-rabbitmq";
import { ensureAppBuild } from "./app-server";
import { ensureCertManagerCrds } from "./cert-manager-crds";
import { ensureGatewayApiCrds } from "./gateway-api-crds";
import { ensureKubeTools, type KubeTools } from "./kube-tools";
import { testPostgresAdminUrl } from "./postgres";
import { testRabbitMqUrl } from "./rabbitmq";

const run = promisify(execFile);

async function firstLine(bin: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run(bin, args);
  return stdout.trim().split("\n")[0] ?? "";
}

async function printKubeToolVersions(tools: KubeTools): Promise<void> {
  const [apiserver, controllerManager, etcd, helm] = await Promise.all([
    firstLine(tools.apiserver, ["--version"]),
    firstLine(tools.controllerManager, ["--version"]),
    firstLine(tools.etcd, ["--version"]),
    firstLine(tools.helm, ["version", "--short"]),
  ]);
  console.log(
    `[kube-tools] ${tools.binDir}\n` +
      `[kube-tools] kube-apiserver ${apiserver} | kube-controller-manager ${controllerManager} | ${etcd} | helm ${helm}`,
  );
}

/**
 * Test files spawn `tsx worker/main.ts` through PATH and `next` through process.execPath: a node on
 * PATH other than the one running the tests would quietly test a second runtime.
 */
async function requireOneNodeRuntime(): Promise<void> {
  const onPath = await firstLine("node", ["--version"]);
  console.log(`[runtime] Node.js ${process.version} (${process.execPath}); node on PATH: ${onPath}`);
  if (onPath !== process.version) {
    throw new Error(`node on PATH is ${onPath} but the tests run on ${process.version}; run them through npm test or npx, which put the pinned Node.js first`);
  }
}

/** Fails the run at once, with the fix in the message, when a service the tests need is down. */
async function requireServices(): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl() });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    console.log(`[services] PostgreSQL ${rows[0]?.server_version} at ${new URL(testPostgresAdminUrl()).host}`);
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${new URL(testPostgresAdminUrl()).host} (${(error as Error).message}); start it or set KUBEBYON_TEST_POSTGRES_URL`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const rabbit = await checkRabbitMq(testRabbitMqUrl());
  if (!rabbit.ok) throw new Error(`RabbitMQ is not reachable (${rabbit.error}); start it or set KUBEBYON_TEST_RABBITMQ_URL`);
  console.log(`[services] RabbitMQ at ${new URL(testRabbitMqUrl()).host}`);
}

/**
 * Vitest globalSetup for the integration and e2e projects: runs once per
 * project and `vitest run`, before any test file. Checks services and
 * prepares shared tools (kube binaries, Gateway API and cert-manager CRDs; for e2e, the production build);
 * each test file starts its own clusters/databases/servers so files stay
 * independent.
 */
export default async function globalSetup(project: TestProject): Promise<void> {
  await requireOneNodeRuntime();
  await requireServices();
  const tools = await ensureKubeTools();
  await printKubeToolVersions(tools);
  // After the kube tools: all need Go, and the CRDs are a quick download from the module proxy.
  const gatewayApi = await ensureGatewayApiCrds();
  console.log(`[gateway-api] ${gatewayApi.files.length} CRDs in ${gatewayApi.dir}`);
  const certManager = await ensureCertManagerCrds();
  console.log(`[cert-manager] ${certManager.files.length} CRDs in ${certManager.dir}`);
  if (project.name === "e2e") await ensureAppBuild();
}
