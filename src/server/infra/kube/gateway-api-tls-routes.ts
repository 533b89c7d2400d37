import { CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import {
  GATEWAY_API_GROUP,
  TLS_ROUTE_PLURAL,
  TLS_ROUTE_VERSION,
  type SharedGatewayRef,
  type TlsRouteManifest,
} from "@/server/domain/clusters/control-plane-tls-route";
import { readTlsRouteStatus, type TlsRouteStatusReport } from "@/server/domain/clusters/tls-route-status";
import { AppError } from "@/server/domain/errors";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";
import type { ControlPlaneTlsRoutes } from "@/server/services/clusters/control-plane-tls-routes";
import type { GatewayStatusView, RouteStatusView } from "@/server/domain/gateway-api/route-acceptance";
import { GatewayApiStatusReader } from "./gateway-api-status-reader";
import { callOptions, KubeApiError, kubeStatusOf, resourceNotServed } from "./kube-calls";

const FIELD_MANAGER = "kubebyon";
const DEFAULT_TIMEOUT_MS = 15_000;

/** The host cluster does not serve TLSRoute v1: the Gateway API CRDs are missing or too old. */
export class GatewayApiNotInstalledError extends AppError implements ClassifiedFailure {
  readonly failureClass = "permanent";

  constructor(opts: { cause?: unknown } = {}) {
    super(
      "PRECONDITION_FAILED",
      `the host cluster does not serve ${TLS_ROUTE_PLURAL}.${GATEWAY_API_GROUP}/${TLS_ROUTE_VERSION}: install the Gateway API CRDs (standard channel, v1.5 or newer) and a Gateway controller, or choose another public access provider`,
      opts,
    );
    this.name = "GatewayApiNotInstalledError";
  }
}

interface RouteObject {
  metadata?: { resourceVersion?: string; generation?: number };
  status?: unknown;
}

/** ControlPlaneTlsRoutes over client-node's CustomObjectsApi (TLSRoute has no typed client). */
export class GatewayApiTlsRoutes implements ControlPlaneTlsRoutes {
  private readonly api: CustomObjectsApi;
  private readonly timeoutMs: number;
  private readonly statuses: GatewayApiStatusReader;

  constructor(deps: { kubeConfig: KubeConfig; timeoutMs?: number }) {
    this.api = deps.kubeConfig.makeApiClient(CustomObjectsApi);
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.statuses = new GatewayApiStatusReader(this.api, this.timeoutMs);
  }

  readRouteView(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<RouteStatusView | null> {
    return this.statuses.route("TLSRoute", input.namespace, input.name, input.signal);
  }

  readGateway(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<GatewayStatusView | null> {
    return this.statuses.gateway(input.namespace, input.name, input.signal);
  }

  async apply(route: TlsRouteManifest, opts: { signal?: AbortSignal } = {}): Promise<{ resourceVersion: string; generation: number }> {
    const { name, namespace } = route.metadata;
    try {
      const applied = (await this.api.patchNamespacedCustomObject(
        {
          group: GATEWAY_API_GROUP,
          version: TLS_ROUTE_VERSION,
          plural: TLS_ROUTE_PLURAL,
          namespace,
          name,
          body: route,
          fieldManager: FIELD_MANAGER,
          // The route is the platform's alone; take fields back from anyone who edited them by hand.
          force: true,
          // A field the CRD does not know is a bug here, not something to drop silently.
          fieldValidation: "Strict",
        },
        setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, callOptions({ timeoutMs: this.timeoutMs, signal: opts.signal })),
      )) as RouteObject;
      return { resourceVersion: applied.metadata?.resourceVersion ?? "", generation: applied.metadata?.generation ?? 0 };
    } catch (err) {
      throw this.failure(err, `applying TLSRoute ${namespace}/${name}`);
    }
  }

  async readStatus(input: { namespace: string; name: string; gateway: SharedGatewayRef; signal?: AbortSignal }): Promise<TlsRouteStatusReport | null> {
    let route: RouteObject;
    try {
      route = (await this.api.getNamespacedCustomObjectStatus(
        { group: GATEWAY_API_GROUP, version: TLS_ROUTE_VERSION, plural: TLS_ROUTE_PLURAL, namespace: input.namespace, name: input.name },
        callOptions({ timeoutMs: this.timeoutMs, signal: input.signal }),
      )) as RouteObject;
    } catch (err) {
      if (kubeStatusOf(err) === 404 && !resourceNotServed(KubeApiError.from(err))) return null;
      throw this.failure(err, `reading the status of TLSRoute ${input.namespace}/${input.name}`);
    }
    return readTlsRouteStatus({
      status: route.status,
      generation: route.metadata?.generation,
      routeNamespace: input.namespace,
      gateway: input.gateway,
    });
  }

  async delete(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<{ deleted: boolean }> {
    try {
      await this.api.deleteNamespacedCustomObject(
        { group: GATEWAY_API_GROUP, version: TLS_ROUTE_VERSION, plural: TLS_ROUTE_PLURAL, namespace: input.namespace, name: input.name },
        callOptions({ timeoutMs: this.timeoutMs, signal: input.signal }),
      );
      return { deleted: true };
    } catch (err) {
      // Gone already, or the type is not even served: either way no such route exists.
      if (kubeStatusOf(err) === 404) return { deleted: false };
      throw KubeApiError.from(err, `deleting TLSRoute ${input.namespace}/${input.name}`);
    }
  }

  private failure(err: unknown, action: string): Error {
    const failure = KubeApiError.from(err, action);
    if (resourceNotServed(failure)) return new GatewayApiNotInstalledError({ cause: failure });
    return failure;
  }
}
