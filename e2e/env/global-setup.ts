import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ensureKubeTools, type KubeTools } from "./kube-tools";

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
 * Vitest globalSetup for the integration and browser projects: runs once per
 * `vitest run`, before any test file. Prepares shared tools only; each test
 * file starts its own clusters/databases so files stay independent.
 */
export default async function globalSetup(): Promise<void> {
  const tools = await ensureKubeTools();
  await printKubeToolVersions(tools);
}
