import type { CoreV1Api } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";

/** The part of the merged vcluster.yaml the platform's tests look at. */
export interface VclusterConfig {
  privateNodes: { enabled: boolean };
  controlPlane: {
    proxy: { extraSANs: string[] };
    statefulSet?: { resources?: unknown; persistence?: { volumeClaim?: { size?: string; storageClass?: string } } };
  };
}

/**
 * What the control plane reads at start, as the vcluster chart (and its stand-in) renders it:
 * key config.yaml of Secret vc-config-<release> in the host namespace.
 */
export async function readVclusterConfig(core: CoreV1Api, namespace: string, release: string): Promise<VclusterConfig> {
  const secret = await core.readNamespacedSecret({ name: `vc-config-${release}`, namespace });
  return parseYaml(Buffer.from(secret.data?.["config.yaml"] ?? "", "base64").toString()) as VclusterConfig;
}
