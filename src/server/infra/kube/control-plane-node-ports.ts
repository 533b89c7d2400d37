import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import type { ControlPlaneNodePort, ControlPlaneNodePorts, ControlPlaneServiceRef } from "@/server/services/control-plane-edge/ports";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

const CONTROL_PLANE_PORT = 443;

/** ControlPlaneNodePorts on the host cluster's API: reads Service `<release>` and its port 443's nodePort. */
export class KubeControlPlaneNodePorts implements ControlPlaneNodePorts {
  private readonly core: CoreV1Api;

  constructor(kubeConfig: KubeConfig, private readonly opts: { timeoutMs?: number } = {}) {
    this.core = kubeConfig.makeApiClient(CoreV1Api);
  }

  async nodePort({ namespace, release }: ControlPlaneServiceRef): Promise<ControlPlaneNodePort> {
    let service;
    try {
      service = await this.core.readNamespacedService({ name: release, namespace }, callOptions({ timeoutMs: this.opts.timeoutMs ?? 10_000 }));
    } catch (err) {
      if (kubeStatusOf(err) === 404) return { missing: `the control-plane Service ${namespace}/${release} does not exist` };
      throw KubeApiError.from(err, `reading Service ${namespace}/${release}`);
    }
    const port = (service.spec?.ports ?? []).find((p) => p.port === CONTROL_PLANE_PORT);
    if (!port) return { missing: `the control-plane Service ${namespace}/${release} has no port ${CONTROL_PLANE_PORT}` };
    if (!port.nodePort) {
      return { missing: `the control-plane Service ${namespace}/${release} (type ${service.spec?.type ?? "ClusterIP"}) has no NodePort for port ${CONTROL_PLANE_PORT}` };
    }
    return { nodePort: port.nodePort };
  }
}
