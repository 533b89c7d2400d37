import path from "node:path";
import { fileURLToPath } from "node:url";

/** The local chart that plays the vcluster chart in tests: same value paths, renders the control-plane Service. */
export const STAND_IN_CHART = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/charts/vcluster-stand-in");

/** The local chart that plays ingress-nginx 4.15 (KUBE-FACTS "ingress-nginx"): same names, kinds, hooks and value paths. */
export const INGRESS_NGINX_STAND_IN_CHART = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/charts/ingress-nginx-stand-in");
