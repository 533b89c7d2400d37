import { setTimeout as delay } from "node:timers/promises";
import {
  buildControlPlaneTlsRoute,
  controlPlaneRouteAction,
  controlPlaneTlsRouteName,
  type SharedGatewayRef,
} from "@/server/domain/clusters/control-plane-tls-route";
import type { PublicAccessMode } from "@/server/domain/clusters/public-access";
import { servedControlPlaneHosts } from "@/server/domain/clusters/served-control-plane-hosts";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { TlsRouteStatusReport } from "@/server/domain/clusters/tls-route-status";
import type { Cluster } from "@/server/infra/db/client";
import { PermanentJobError } from "@/server/services/jobs/job-handler";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneTlsRoutes } from "./control-plane-tls-routes";
import { clusterOwnerLabels } from "./control-plane-provisioner";
import { StepSkipped, type OperationRecorder } from "./operation-recorder";

/** The Gateway API provider's wiring (composition/cluster-runtime.ts sets it only with KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi). */
export interface ControlPlaneRouteDeps {
  routes: ControlPlaneTlsRoutes;
  /**
   * The shared Gateway (KUBEBYON_GATEWAY_NAME/_NAMESPACE/_LISTENER). A function: it throws the
   * configuration error naming the missing variables on first use, so publish_route fails with it.
   */
  gateway(): SharedGatewayRef;
  /** How long route_status waits for the Gateway controller to report before it is recorded as skipped. */
  statusWaitMs: number;
  statusPollMs: number;
}

export interface ControlPlaneRouteStepDeps extends Pick<ServiceDeps, "log" | "now"> {
  publicAccessProvider: PublicAccessProvider;
  /** Set exactly when the provider is gatewayapi. */
  controlPlaneRoutes?: ControlPlaneRouteDeps;
}

type RouteCluster = Pick<Cluster, "id" | "ownerId" | "namespace" | "vclusterName" | "controlPlaneHost" | "previousControlPlaneHost" | "previousControlPlaneHostUntil">;

const routeText = (namespace: string, name: string) => `TLSRoute ${namespace}/${name}`;
const howToLook = (namespace: string, name: string) => `kubectl get tlsroute -n ${namespace} ${name} -o yaml shows its status`;

function routesOf(deps: ControlPlaneRouteStepDeps): ControlPlaneRouteDeps {
  if (!deps.controlPlaneRoutes) {
    // A wiring bug, not an operator's mistake: the composition root sets it whenever the provider is gatewayapi.
    throw new PermanentJobError("the public access provider is gatewayapi, but this process has no TLSRoute adapter wired (composition/cluster-runtime.ts)");
  }
  return deps.controlPlaneRoutes;
}

/**
 * The TLSRoute steps: in the create and update jobs after wait_control_plane (`target` = the
 * effective mode), first in the delete job (`target` = "deleted"). With the gatewayapi provider a
 * loadbalancer cluster's route is applied (publish_route) and the controller's verdict read back
 * (route_status); any other mode, and a delete, withdraws the route (withdraw_route). Other
 * providers record nothing: their timelines have no such steps (OperationRecorder.start is given
 * the same controlPlaneRouteAction).
 */
export async function runControlPlaneRouteSteps(
  deps: ControlPlaneRouteStepDeps,
  op: OperationRecorder,
  cluster: RouteCluster,
  target: PublicAccessMode | "deleted",
  signal?: AbortSignal,
): Promise<void> {
  const action = controlPlaneRouteAction(deps.publicAccessProvider, target);
  if (action === "publish") await publishRoute(deps, op, cluster, signal);
  else if (action === "withdraw") await withdrawRoute(deps, op, cluster, signal);
}

async function publishRoute(deps: ControlPlaneRouteStepDeps, op: OperationRecorder, cluster: RouteCluster, signal?: AbortSignal): Promise<void> {
  const { route, gateway } = await op.step(
    "publish_route",
    async () => {
      const wiring = routesOf(deps);
      const gateway = wiring.gateway();
      const built = buildControlPlaneTlsRoute({
        namespace: cluster.namespace,
        releaseName: cluster.vclusterName,
        controlPlaneHost: cluster.controlPlaneHost,
        // Nodes joined on a replaced name keep reaching the control plane through the Gateway during its grace.
        previousHosts: servedControlPlaneHosts(
          { currentHost: cluster.controlPlaneHost, previousHost: cluster.previousControlPlaneHost, previousUntil: cluster.previousControlPlaneHostUntil },
          deps.now(),
        ).slice(1),
        gateway,
        labels: clusterOwnerLabels({ clusterId: cluster.id, ownerId: cluster.ownerId }),
      });
      if (built.kind === "refused") throw new PermanentJobError(built.reason);
      // Server-side apply: creates the route or updates what changed (a new control_plane_host), same object.
      // (readStatus compares the controller's observedGeneration with the route's generation itself.)
      await wiring.routes.apply(built.route, { signal });
      return { route: built.route, gateway };
    },
    { detail: ({ route: r, gateway: g }) => `${routeText(r.metadata.namespace, r.metadata.name)} sends ${r.spec.hostnames.join(", ")} from Gateway ${g.namespace}/${g.name} to Service ${r.metadata.namespace}/${cluster.vclusterName}:443` },
  );
  const { namespace, name } = route.metadata;
  try {
    await op.step("route_status", () => awaitVerdict(routesOf(deps), { namespace, name, service: cluster.vclusterName, gateway }, signal), {
      detail: (report) => `${report.message}${report.parent.controllerName ? ` (controller ${report.parent.controllerName})` : ""}`,
    });
  } catch (error) {
    if (!(error instanceof StepSkipped)) throw error;
    deps.log.info("TLSRoute not reported on by a Gateway controller yet", { cluster_id: cluster.id, route: `${namespace}/${name}` });
  }
}

/** A controller's refusal repeats until someone changes the Gateway, its listener or the backend: the job fails now. */
class RouteRejectedError extends PermanentJobError {
  constructor(report: Extract<TlsRouteStatusReport, { kind: "rejected" }>, route: { namespace: string; name: string; service: string }) {
    const { namespace, name } = route;
    // readTlsRouteStatus reports a current Accepted=False first; otherwise the refusal is ResolvedRefs=False, about the backend.
    const { accepted } = report.parent;
    const refs = !(accepted?.status === "False" && accepted.current);
    const check = refs
      ? `check that Service ${namespace}/${route.service} exists with port 443 and that the Gateway may reach it`
      : `check that the Gateway's listener${report.parent.gateway.sectionName ? ` ${report.parent.gateway.sectionName}` : ""} exists, is TLS with mode Passthrough, and admits TLSRoutes from namespace ${namespace} (allowedRoutes)`;
    super(`${report.message}: ${check}; ${howToLook(namespace, name)}`);
    this.name = "RouteRejectedError";
  }
}

/**
 * Reads the route's status until the controller accepts or rejects the current generation, for at
 * most statusWaitMs. No verdict by then (no controller, as in the tests, or a slow one) is not a
 * failure of the cluster: the control plane works and the route is in place, so the step is
 * recorded as skipped with where to look, and the job goes on.
 */
async function awaitVerdict(
  wiring: ControlPlaneRouteDeps,
  input: { namespace: string; name: string; service: string; gateway: SharedGatewayRef },
  signal?: AbortSignal,
): Promise<Extract<TlsRouteStatusReport, { kind: "accepted" }>> {
  const { namespace, name } = input;
  const deadline = Date.now() + wiring.statusWaitMs;
  for (;;) {
    const report = await wiring.routes.readStatus({ namespace, name, gateway: input.gateway, signal });
    if (report === null) throw new Error(`${routeText(namespace, name)} disappeared right after it was applied; something else deletes it (the next attempt applies it again)`);
    if (report.kind === "accepted") return report;
    if (report.kind === "rejected") throw new RouteRejectedError(report, input);
    if (Date.now() >= deadline) {
      const said = report.kind === "pending" ? ` (so far: ${report.message})` : "";
      throw new StepSkipped(
        `the Gateway controller has not reported on ${routeText(namespace, name)} yet${said}; ${howToLook(namespace, name)}. ` +
          `The cluster is ready regardless: its control plane works, and clients reach it through Gateway ${input.gateway.namespace}/${input.gateway.name} once the controller accepts the route`,
      );
    }
    await delay(Math.min(wiring.statusPollMs, Math.max(0, deadline - Date.now())), undefined, { signal });
  }
}

/**
 * withdraw_route: deletes the cluster's route (an update away from loadbalancer, or a delete, where
 * doing it first frees the hostname on the shared Gateway at once rather than when the namespace
 * goes). Recorded as succeeded when a route was removed and as skipped when none existed, so the
 * timeline says which happened. Needs no Gateway settings: the route's name comes from the release.
 */
async function withdrawRoute(
  deps: ControlPlaneRouteStepDeps,
  op: OperationRecorder,
  cluster: Pick<Cluster, "namespace" | "vclusterName">,
  signal?: AbortSignal,
): Promise<void> {
  const name = controlPlaneTlsRouteName(cluster.vclusterName);
  const what = routeText(cluster.namespace, name);
  try {
    await op.step(
      "withdraw_route",
      async () => {
        const { deleted } = await routesOf(deps).routes.delete({ namespace: cluster.namespace, name, signal });
        if (!deleted) throw new StepSkipped(`no ${what} exists; nothing to withdraw`);
      },
      { detail: () => `deleted ${what}; the shared Gateway no longer routes its hostname` },
    );
  } catch (error) {
    if (!(error instanceof StepSkipped)) throw error;
  }
}
