import type { Config } from "@/server/config/env";
import type { Db } from "@/server/infra/db/client";
import type { Logger } from "@/server/observability/logger";
import type { AdmissionEndpointResolver } from "@/server/services/admission/admission-webhook-ports";

/**
 * WIRED AT MERGE (issue 14): the admission webhook handler (branch h14-hook-handler) owns the URL scheme under
 * KUBEBYON_ADMISSION_WEBHOOK_URL and the platform CA, and exports resolveAdmissionEndpoint(deps, clusterId). This
 * function binds it to the process's deps; until that merge it fails every pass with a message saying so (the sync
 * pass then reports each cluster `error`), rather than guessing URLs the handler does not serve.
 */
export function admissionEndpointResolver(parts: { config: Config; db: Db; log: Logger; now: () => Date }): AdmissionEndpointResolver {
  void parts;
  return () => Promise.reject(new Error("the admission webhook handler is not part of this build (resolveAdmissionEndpoint is wired in src/server/composition/admission-endpoint.ts)"));
}
