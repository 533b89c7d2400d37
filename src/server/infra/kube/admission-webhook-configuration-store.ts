import { AdmissionregistrationV1Api, PatchStrategy, setHeaderOptions, type V1ValidatingWebhookConfiguration } from "@kubernetes/client-node";
import { AdmissionClusterWriteError } from "@/server/domain/admission/cluster-write-error";
import { ADMISSION_WEBHOOK_CONFIGURATION_NAME, ADMISSION_WEBHOOK_HASH_ANNOTATION, type ValidatingWebhookConfigurationManifest } from "@/server/domain/admission/webhook-configuration";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { AdmissionWebhookConfigurationStore } from "@/server/services/admission/admission-webhook-ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

/** The field manager of the platform's webhook configuration (visible in managedFields). */
export const ADMISSION_FIELD_MANAGER = "kubebyon-admission";
const DEFAULT_TIMEOUT_MS = 10_000;

/** A client-node failure as the typed error the sync pass reports (no cluster address in the message). */
function writeError(action: string, err: unknown): AdmissionClusterWriteError {
  const failure = KubeApiError.from(err, action);
  if (failure.status === undefined) {
    return new AdmissionClusterWriteError("unreachable", `Could not reach the cluster's API server to ${action} (${failure.explanation}); retried at the next pass.`, { cause: failure });
  }
  if (failure.refusedCredentials) {
    return new AdmissionClusterWriteError("refused", `The cluster refused the platform's credentials (could not ${action}: ${failure.explanation}). The cluster's access configuration needs repair; contact an administrator.`, { cause: failure });
  }
  return new AdmissionClusterWriteError("rejected", `The cluster's API server refused to ${action}: ${failure.explanation}`, { cause: failure });
}

/**
 * AdmissionWebhookConfigurationStore through the vCluster's own apiserver (the admin credentials the kubeconfig
 * resolver gives). One object, cluster-scoped, named kubebyon-policy; every write a server-side apply with force.
 */
export class KubeAdmissionWebhookConfigurationStore implements AdmissionWebhookConfigurationStore {
  private readonly timeoutMs: number;

  constructor(opts: { timeoutMs?: number } = {}) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private api(credentials: ClusterCredentials): AdmissionregistrationV1Api {
    return kubeConfigFromCredentials(credentials).makeApiClient(AdmissionregistrationV1Api);
  }

  async readAppliedHash(credentials: ClusterCredentials): Promise<string | null> {
    try {
      const object = await this.api(credentials).readValidatingWebhookConfiguration({ name: ADMISSION_WEBHOOK_CONFIGURATION_NAME }, callOptions({ timeoutMs: this.timeoutMs }));
      return object.metadata?.annotations?.[ADMISSION_WEBHOOK_HASH_ANNOTATION] ?? "";
    } catch (err) {
      if (kubeStatusOf(err) === 404) return null;
      throw writeError(`read ValidatingWebhookConfiguration ${ADMISSION_WEBHOOK_CONFIGURATION_NAME}`, err);
    }
  }

  async apply(credentials: ClusterCredentials, manifest: ValidatingWebhookConfigurationManifest): Promise<void> {
    const options = setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, callOptions({ timeoutMs: this.timeoutMs }));
    try {
      await this.api(credentials).patchValidatingWebhookConfiguration(
        {
          name: manifest.metadata.name,
          body: manifest as unknown as V1ValidatingWebhookConfiguration,
          fieldManager: ADMISSION_FIELD_MANAGER,
          // The configuration is the platform's alone: take its fields back from anyone who edited them by hand.
          force: true,
          // A field the apiserver does not know is a bug in the builder, not something to drop silently.
          fieldValidation: "Strict",
        },
        options,
      );
    } catch (err) {
      throw writeError(`apply ValidatingWebhookConfiguration ${manifest.metadata.name}`, err);
    }
  }

  async delete(credentials: ClusterCredentials): Promise<void> {
    try {
      await this.api(credentials).deleteValidatingWebhookConfiguration({ name: ADMISSION_WEBHOOK_CONFIGURATION_NAME }, callOptions({ timeoutMs: this.timeoutMs }));
    } catch (err) {
      if (kubeStatusOf(err) === 404) return;
      throw writeError(`delete ValidatingWebhookConfiguration ${ADMISSION_WEBHOOK_CONFIGURATION_NAME}`, err);
    }
  }
}
