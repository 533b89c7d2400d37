import { parse as parseYaml } from "yaml";
import type { HelmInspector } from "@/server/services/platform-health/platform-health-deps";
import type { HelmCli } from "./helm-cli";
import { chartArgs, describeChart, type VclusterChart } from "./helm-control-plane-provisioner";

/** The platform health's view of helm: the same binary and chart reference the provisioner installs with. */
export class HelmCliInspector implements HelmInspector {
  readonly chartReference: string;

  constructor(
    private readonly helm: HelmCli,
    private readonly chart: VclusterChart,
    private readonly timeoutMs = 20_000,
  ) {
    this.chartReference = describeChart(chart);
  }

  async version(signal: AbortSignal): Promise<string> {
    const { stdout } = await this.helm.run(["version", "--short"], { signal, timeoutMs: this.timeoutMs });
    return stdout.trim();
  }

  async showChart(signal: AbortSignal): Promise<{ name: string; version: string }> {
    const { stdout } = await this.helm.run(["show", "chart", ...chartArgs(this.chart)], { signal, timeoutMs: this.timeoutMs });
    const meta = parseYaml(stdout) as { name?: unknown; version?: unknown } | null;
    return { name: String(meta?.name ?? "?"), version: String(meta?.version ?? "?") };
  }
}
