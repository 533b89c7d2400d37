import { compareQuantities, maxQuantity, parseQuantity, type Quantity } from "@/server/domain/billing/quantities";
import {
  controlPlaneContainerResources,
  DISTRO_INIT_CONTAINER,
  type ContainerResources,
  type ControlPlaneSize,
  type ResourceList,
  type ResourceName,
} from "./control-plane-size";

/**
 * The host namespace of a cluster runs exactly one Pod: the vCluster control plane
 * (workloads run on the user's own nodes). Its ResourceQuota and LimitRange are
 * computed here from the plan's control-plane size so that the apiserver admits that
 * Pod (and its PVC) and nothing bigger:
 *
 * - The Pod is the chart's StatefulSet Pod: container `syncer` with the plan's
 *   resources and init container `kubernetes` (DISTRO_INIT_CONTAINER). The quota
 *   counts a Pod as max(sum of containers, largest init container) per resource.
 * - A StatefulSet replaces its Pod by deleting it first, so a rolling update never
 *   holds two control-plane Pods: the quota admits one (`pods: 1`). The job applies the
 *   new quota before `helm upgrade`, so the new Pod is measured against the new numbers.
 * - The plan's cpu_quota / memory_quota cap the namespace's CPU / memory (requests, and
 *   limits where every container has one); empty means no CPU / memory cap.
 * - Ephemeral storage and the data volume are capped at exactly the control plane's.
 */

export interface NamespaceCaps {
  /** The plan's cpu_quota / memory_quota, both or neither (quotaPairProblem). */
  cpu: string | null;
  memory: string | null;
}

export interface LimitRangeSpec {
  /** type Container: the limits the control-plane Pod's containers fit in. */
  container: { max: ResourceList; default: ResourceList; defaultRequest: ResourceList };
  /** type PersistentVolumeClaim, max storage: the data volume; absent when its size is not known. */
  volumeClaimMax: string | null;
}

export interface NamespaceQuotaSpec {
  /** ResourceQuota `kubebyon-quota` spec.hard. */
  hard: Record<string, string>;
  limitRange: LimitRangeSpec;
}

const RESOURCES: readonly ResourceName[] = ["cpu", "memory", "ephemeral-storage"];

function quantity(text: string): Quantity {
  const parsed = parseQuantity(text);
  if (!parsed) throw new Error(`"${text}" is not a Kubernetes quantity`);
  return parsed;
}

/** What one resource of the Pod adds up to once the LimitRange has filled in what a container leaves out. */
interface PodResource {
  request: Quantity;
  /** null when some container has no limit for it (the quota cannot cap limits then). */
  limit: Quantity | null;
  /** Which container sets the value: the plan's container, or the chart's init container when it is larger. */
  requestFromInit: boolean;
  limitFromInit: boolean;
}

function podResource(main: ContainerResources, init: ContainerResources, r: ResourceName): PodResource {
  const mainRequest = quantity(main.requests[r] ?? "0");
  // A container without a request gets the LimitRange's defaultRequest, which is the plan's request.
  const initRequest = init.requests[r] !== undefined ? quantity(init.requests[r]) : mainRequest;
  const mainLimit = main.limits[r] !== undefined ? quantity(main.limits[r]) : null;
  let limit: Quantity | null = null;
  let limitFromInit = false;
  if (mainLimit) {
    // A container without a limit gets the LimitRange's default, which is the Pod's largest limit.
    const initLimit = init.limits[r] !== undefined ? quantity(init.limits[r]) : mainLimit;
    limit = maxQuantity(mainLimit, initLimit);
    limitFromInit = limit !== mainLimit;
  }
  const request = maxQuantity(mainRequest, initRequest);
  return { request, limit, requestFromInit: request !== mainRequest, limitFromInit };
}

function controlPlanePod(size: ControlPlaneSize): Record<ResourceName, PodResource> {
  const main = controlPlaneContainerResources(size);
  const init = DISTRO_INIT_CONTAINER.resources;
  return { cpu: podResource(main, init, "cpu"), memory: podResource(main, init, "memory"), "ephemeral-storage": podResource(main, init, "ephemeral-storage") };
}

/**
 * ResourceQuota and LimitRange for the host namespace. Without a data volume size (a
 * cluster from before plans carried it) the PVC is not capped.
 */
export function namespaceQuotaFor(size: ControlPlaneSize, caps: NamespaceCaps): NamespaceQuotaSpec {
  const { dataVolumeSize } = size;
  const pod = controlPlanePod(size);
  const main = controlPlaneContainerResources(size);
  const hard: Record<string, string> = { pods: "1" };
  const max: ResourceList = {};
  for (const r of RESOURCES) {
    const limit = pod[r].limit;
    if (limit) max[r] = limit.text;
  }
  const eph = pod["ephemeral-storage"];
  hard["requests.ephemeral-storage"] = eph.request.text;
  if (eph.limit) hard["limits.ephemeral-storage"] = eph.limit.text;
  for (const [r, cap] of [["cpu", caps.cpu], ["memory", caps.memory]] as const) {
    if (!cap) continue;
    hard[`requests.${r}`] = cap;
    if (pod[r].limit) hard[`limits.${r}`] = cap;
  }
  if (dataVolumeSize) {
    hard.persistentvolumeclaims = "1";
    hard["requests.storage"] = dataVolumeSize;
  }
  return {
    hard,
    limitRange: {
      // default and defaultRequest are spelled out: left empty, Kubernetes would default them to max,
      // giving a container without an ephemeral-storage request (the init container) the whole limit.
      container: { max, default: { ...max }, defaultRequest: { ...main.requests } },
      volumeClaimMax: dataVolumeSize,
    },
  };
}

const FIELD: Record<ResourceName, string> = { cpu: "cpu", memory: "memory", "ephemeral-storage": "ephemeral_storage" };
const INIT = `the chart's init container "${DISTRO_INIT_CONTAINER.name}"`;

/**
 * Why a plan could not admit its own control plane, one sentence per problem with the
 * numbers and what to change; empty when it can. Quantities must already be valid.
 */
export function controlPlaneAdmissionProblems(size: ControlPlaneSize, caps: NamespaceCaps): string[] {
  const problems: string[] = [];
  const main = controlPlaneContainerResources(size);
  for (const r of RESOURCES) {
    const request = main.requests[r];
    const limit = main.limits[r];
    if (request && limit && compareQuantities(quantity(request), quantity(limit)) > 0) {
      const field = FIELD[r];
      problems.push(
        `control_plane_${field}_request ${request} is above control_plane_${field}_limit ${limit}: a container cannot request more than its limit; lower control_plane_${field}_request or raise control_plane_${field}_limit.`,
      );
    }
  }
  if (problems.length > 0) return problems;

  const pod = controlPlanePod(size);
  for (const [r, capText] of [["cpu", caps.cpu], ["memory", caps.memory]] as const) {
    if (!capText) continue;
    const cap = quantity(capText);
    const { request, limit, requestFromInit, limitFromInit } = pod[r];
    // The limit is the larger number when there is one; otherwise the request is what must fit.
    const [kind, needed, fromInit] = limit ? (["limit", limit, limitFromInit] as const) : (["request", request, requestFromInit] as const);
    if (compareQuantities(cap, needed) >= 0) continue;
    const quotaField = `${r}_quota`;
    problems.push(
      fromInit
        ? `${quotaField} ${capText} is below the control plane's ${r} ${kind} ${needed.text} (set by ${INIT}): raise ${quotaField} to at least ${needed.text}.`
        : `${quotaField} ${capText} is below the control plane's ${r} ${kind} ${needed.text}: raise ${quotaField} or lower control_plane_${FIELD[r]}_${kind}.`,
    );
  }
  return problems;
}
