import { ensureKubeTools } from "@e2e/env/kube-tools";
import { ensureGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { ensureCertManagerCrds } from "@e2e/env/cert-manager-crds";
const t = await ensureKubeTools(); console.log(t.binDir);
await ensureGatewayApiCrds(); await ensureCertManagerCrds(); console.log("crds ok");
