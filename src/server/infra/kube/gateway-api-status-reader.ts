import type { CustomObjectsApi } from "@kubernetes/client-node";
import type { GatewayStatusView, RouteStatusView } from "@/server/domain/gateway-api/route-acceptance";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

const GROUP = "gateway.networking.k8s.io";
const VERSION = "v1";

/**
 * Reads back what a Gateway API controller wrote (the workload edge's HTTPRoutes and Gateway, the control planes'
 * TLSRoutes and shared Gateway), shaped for domain/gateway-api/route-acceptance.ts. A missing object, or a type the
 * host does not serve, is null: the judgement then says so.
 */
export class GatewayApiStatusReader {
  constructor(
    private readonly custom: CustomObjectsApi,
    private readonly timeoutMs: number,
  ) {}

  async route(kind: "HTTPRoute" | "TLSRoute", namespace: string, name: string, signal?: AbortSignal): Promise<RouteStatusView | null> {
    const route = await this.read<{ metadata?: { generation?: number }; status?: { parents?: RouteStatusView["parents"] } }>(`${kind.toLowerCase()}s`, namespace, name, signal);
    if (!route) return null;
    return { kind, namespace, name, generation: route.metadata?.generation, parents: route.status?.parents ?? [] };
  }

  async gateway(namespace: string, name: string, signal?: AbortSignal): Promise<GatewayStatusView | null> {
    const gateway = await this.read<{ metadata?: { generation?: number }; spec?: { gatewayClassName?: string }; status?: { listeners?: GatewayStatusView["listeners"] } }>("gateways", namespace, name, signal);
    if (!gateway) return null;
    return { namespace, name, gatewayClassName: gateway.spec?.gatewayClassName ?? "", generation: gateway.metadata?.generation, listeners: gateway.status?.listeners ?? [] };
  }

  private async read<T>(plural: string, namespace: string, name: string, signal?: AbortSignal): Promise<T | null> {
    try {
      return (await this.custom.getNamespacedCustomObject({ group: GROUP, version: VERSION, plural, namespace, name }, callOptions({ timeoutMs: this.timeoutMs, signal }))) as T;
    } catch (err) {
      if (kubeStatusOf(err) === 404) return null;
      throw KubeApiError.from(err, `reading ${plural}.${GROUP} ${namespace}/${name}`);
    }
  }
}
