import type { KubeConfig } from "@kubernetes/client-node";
import { crdBundle, type CrdBundleFiles } from "./crd-bundle";

/**
 * The cert-manager CRDs (Certificate, Issuer, ClusterIssuer, CertificateRequest, ACME Order/Challenge) from the
 * Go module github.com/cert-manager/cert-manager. Only the CRDs: no cert-manager controller runs, so a test that
 * wants a Ready Certificate writes its status itself.
 */
const bundle = crdBundle({ label: "cert-manager", fetchScript: "scripts/fetch-cert-manager-crds.sh", requiredFile: "cert-manager.io_certificates.yaml" });

export type CertManagerCrds = CrdBundleFiles;
export const ensureCertManagerCrds = (): Promise<CertManagerCrds> => bundle.ensure();
export const installCertManagerCrds = (kubeConfig: KubeConfig, opts?: { timeoutMs?: number }): Promise<string[]> => bundle.install(kubeConfig, opts);
