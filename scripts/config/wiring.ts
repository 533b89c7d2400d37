import { SETTING_LIST, type SettingDeclaration, type SettingName } from "../../src/server/config/settings";

/**
 * What each deployment offers, derived from the registry (src/server/config/settings.ts). The
 * generator (generate.ts) writes these into the charts' schema and the .env.example files; the
 * deployment tests (e2e/deployments) check the rendered charts and compose files against the same lists.
 */

export type Topology = "single-node" | "multi-node";
type Entry = SettingDeclaration & { name: SettingName };

const offeredIn = (topology: Topology) => (s: Entry) => topology === "multi-node" || !s.multiNodeOnly;

/** The names the charts' `config` accepts (ConfigMap): declared `chart: config`, no secret. */
export function chartConfigAllowList(topology: Topology): SettingName[] {
  return SETTING_LIST.filter((s) => s.chart.kind === "config" && !s.secret)
    .filter(offeredIn(topology))
    .map((s) => s.name);
}

/** The secrets the operator puts into the Secret named by the charts' `secretEnv.existingSecret`. */
export const chartSecretEnv = (): SettingName[] => SETTING_LIST.filter((s) => s.chart.kind === "secretEnv").map((s) => s.name);

/** The names the charts set themselves under the given condition (undefined: always, when the topology has them). */
export const chartWired = (topology: Topology, when?: string): SettingName[] =>
  SETTING_LIST.filter((s) => s.chart.kind === "wired" && s.chart.when === when)
    .filter(offeredIn(topology))
    .map((s) => s.name);

/** Variables read by a library the platform runs (next-auth, Next.js), not by Config. */
export const libraryVariables = (): SettingName[] => SETTING_LIST.filter((s) => s.library).map((s) => s.name);

/** The variables a compose deployment's .env.example lists. */
export const composeListed = (topology: Topology): Entry[] => SETTING_LIST.filter((s) => s.compose === "env").filter(offeredIn(topology));

/** The variables the systemd unit's env file (`npm run up`, single-node, beside k3s) lists: the web process's and the launcher's own names. */
export const systemdListed = (): Entry[] =>
  SETTING_LIST.filter((s) => !s.aliasOf && !s.library && !s.multiNodeOnly && s.readBy.some((p) => p === "web" || p === "up"));
