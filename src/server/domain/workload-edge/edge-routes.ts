import { GATEWAY_API_GROUP } from "@/server/domain/clusters/control-plane-tls-route";
import { httpsListenerName, shortHash } from "./tls-objects";
import { HTTP_ROUTE_KIND, HTTP_ROUTE_VERSION, SHIM_SERVICE_PORT, shimServiceName, workloadRouteName, type WorkloadGatewayRef } from "./workload-objects";

/**
 * The workload edge's HTTPRoutes for one cluster, split to fit the Gateway API v1 CRD limits (pinned
 * v1.6.3: spec.hostnames maxItems 16, spec.parentRefs maxItems 32), so a cluster with many hostname
 * bindings is still accepted. Each set has stable names: `<base>`, `<base>-2`, `<base>-3`, … in sorted
 * hostname order, so an unchanged set renders the same objects and server-side apply leaves them alone.
 */
export const HTTPROUTE_MAX_HOSTNAMES = 16;
export const HTTPROUTE_MAX_PARENT_REFS = 32;

type ParentRef = { group: typeof GATEWAY_API_GROUP; kind: "Gateway"; name: string; namespace: string; sectionName: string };
type BackendRef = { group: ""; kind: "Service"; name: string; port: number };
export type EdgeRouteFilter =
  | { type: "RequestRedirect"; requestRedirect: { scheme: "https"; statusCode: 301 } }
  | { type: "URLRewrite"; urlRewrite: { hostname: string } };
type Rule = { filters?: EdgeRouteFilter[]; backendRefs?: BackendRef[] };

export interface EdgeHttpRouteManifest {
  apiVersion: `${typeof GATEWAY_API_GROUP}/${typeof HTTP_ROUTE_VERSION}`;
  kind: typeof HTTP_ROUTE_KIND;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: { parentRefs: ParentRef[]; hostnames: string[]; rules: Rule[] };
}

export interface RouteContext {
  namespace: string;
  releaseName: string;
  gateway: WorkloadGatewayRef;
  labels: Record<string, string>;
}

export const redirectRouteName = (releaseName: string) => `${releaseName}-workload-redirect`;
export const httpsRouteName = (releaseName: string) => `${releaseName}-workload-https`;
export const dedicatedRouteName = (releaseName: string, hostname: string) => `${releaseName}-workload-host-${shortHash(`host:${hostname}`)}`;

const setName = (base: string, index: number) => (index === 0 ? base : `${base}-${index + 1}`);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const parentRef = (gateway: WorkloadGatewayRef, sectionName: string): ParentRef => ({
  group: GATEWAY_API_GROUP,
  kind: "Gateway",
  name: gateway.name,
  namespace: gateway.namespace,
  sectionName,
});
const shimBackend = (releaseName: string): BackendRef[] => [{ group: "", kind: "Service", name: shimServiceName(releaseName), port: SHIM_SERVICE_PORT }];

function route(ctx: RouteContext, name: string, spec: EdgeHttpRouteManifest["spec"]): EdgeHttpRouteManifest {
  return { apiVersion: `${GATEWAY_API_GROUP}/${HTTP_ROUTE_VERSION}`, kind: HTTP_ROUTE_KIND, metadata: { name, namespace: ctx.namespace, labels: { ...ctx.labels } }, spec };
}

/**
 * Plain HTTP to the shim on the chart's http listener. No route at all for an empty list: an HTTPRoute
 * without hostnames matches every hostname of the listener and would take other clusters' traffic.
 */
export function plainHttpRoutes(ctx: RouteContext, hostnames: readonly string[]): EdgeHttpRouteManifest[] {
  return chunks(hostnames, HTTPROUTE_MAX_HOSTNAMES).map((part, i) =>
    route(ctx, setName(workloadRouteName(ctx.releaseName), i), {
      parentRefs: [parentRef(ctx.gateway, ctx.gateway.sectionName)],
      hostnames: part,
      rules: [{ backendRefs: shimBackend(ctx.releaseName) }],
    }),
  );
}

/** HTTP → HTTPS (301) on the http listener, for hostnames whose certificate is Ready. A redirect rule has no backend (CRD rule). */
export function redirectRoutes(ctx: RouteContext, hostnames: readonly string[]): EdgeHttpRouteManifest[] {
  return chunks(hostnames, HTTPROUTE_MAX_HOSTNAMES).map((part, i) =>
    route(ctx, setName(redirectRouteName(ctx.releaseName), i), {
      parentRefs: [parentRef(ctx.gateway, ctx.gateway.sectionName)],
      hostnames: part,
      rules: [{ filters: [{ type: "RequestRedirect", requestRedirect: { scheme: "https", statusCode: 301 } }] }],
    }),
  );
}

/** HTTPS to the shim, attached to each hostname's own listener (a listener carries one hostname). */
export function sharedHttpsRoutes(ctx: RouteContext, hostnames: readonly string[]): EdgeHttpRouteManifest[] {
  const size = Math.min(HTTPROUTE_MAX_HOSTNAMES, HTTPROUTE_MAX_PARENT_REFS);
  return chunks(hostnames, size).map((part, i) =>
    route(ctx, setName(httpsRouteName(ctx.releaseName), i), {
      parentRefs: part.map((h) => parentRef(ctx.gateway, httpsListenerName(h))),
      hostnames: part,
      rules: [{ backendRefs: shimBackend(ctx.releaseName) }],
    }),
  );
}

/**
 * A self-managed hostname's HTTPS route on its dedicated listener, Host rewritten to the cluster's CNAME
 * target (managed-workload-ingress §1.5), so the cluster's Ingresses written for that name serve it too.
 */
export function dedicatedHttpsRoute(ctx: RouteContext, hostname: string, cnameTarget: string): EdgeHttpRouteManifest {
  return route(ctx, dedicatedRouteName(ctx.releaseName, hostname), {
    parentRefs: [parentRef(ctx.gateway, httpsListenerName(hostname))],
    hostnames: [hostname],
    rules: [{ filters: [{ type: "URLRewrite", urlRewrite: { hostname: cnameTarget } }], backendRefs: shimBackend(ctx.releaseName) }],
  });
}
