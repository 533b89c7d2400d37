import path from "node:path";
import { fileURLToPath } from "node:url";
import type { KubeConfig } from "@kubernetes/client-node";
import { installCrdFiles } from "./crd-bundle";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The route plan CRD as the charts ship it (Helm installs crds/ before the templates); the two copies are identical. */
export const ROUTE_PLAN_CRD_FILES = ["single-node", "multi-node"].map((chart) => path.join(repoRoot, "deployments", chart, "helm/kubebyon/crds/workloadpodcidrnoderouteplans.yaml"));

/** Installs the single-node chart's copy into a test apiserver and waits until it is Established. */
export const installRoutePlanCrd = (kubeConfig: KubeConfig) => installCrdFiles(kubeConfig, [ROUTE_PLAN_CRD_FILES[0]!], { label: "route plan" });
