import type { KubeConfig } from "@kubernetes/client-node";
import { crdBundle, type CrdBundleFiles } from "./crd-bundle";

/** The Gateway API CRDs from the Go module sigs.k8s.io/gateway-api (see the script for version and channel). */
const bundle = crdBundle({ label: "Gateway API", fetchScript: "scripts/fetch-gateway-api-crds.sh", requiredFile: "gateway.networking.k8s.io_tlsroutes.yaml" });

export type GatewayApiCrds = CrdBundleFiles;
export const ensureGatewayApiCrds = (): Promise<GatewayApiCrds> => bundle.ensure();
export const installGatewayApiCrds = (kubeConfig: KubeConfig, opts?: { timeoutMs?: number }): Promise<string[]> => bundle.install(kubeConfig, opts);
