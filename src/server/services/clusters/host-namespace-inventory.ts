import type { FinalizerHolder, NamespaceConditionLike, OrphanVolume } from "@/server/domain/clusters/orphan-report";

/** The host namespace as read: absent, or its phase, status conditions and own spec.finalizers. */
export type HostNamespaceState =
  | { present: false }
  | { present: true; phase: string | null; conditions: NamespaceConditionLike[]; specFinalizers: string[] };

/** A PersistentVolumeClaim of the control plane, with the volume bound to it (null while unbound). */
export interface HostVolumeClaim {
  name: string;
  volume: OrphanVolume | null;
}

/**
 * Port: what guided deletion reads from (and, in an admin's forced run, removes in) a cluster's HOST namespace —
 * its state and finalizers, the control plane's volumes, and the objects that hold the namespace. The adapter is
 * src/server/infra/kube/kube-host-namespace-inventory.ts.
 */
export interface HostNamespaceInventory {
  readNamespace(namespace: string): Promise<HostNamespaceState>;
  listClaims(namespace: string): Promise<HostVolumeClaim[]>;
  /** PersistentVolumes whose claimRef points into the namespace: what a Retain policy keeps after the claim is gone. */
  listVolumesClaimedFrom(namespace: string): Promise<OrphanVolume[]>;
  /** Every object in the namespace that still carries finalizers (discovery of the namespaced, listable resources). */
  listFinalizerHolders(namespace: string): Promise<FinalizerHolder[]>;
  /** Sets metadata.finalizers to [] on each holder; returns the ones changed (an object already gone is skipped). */
  removeFinalizers(namespace: string, holders: readonly FinalizerHolder[]): Promise<FinalizerHolder[]>;
  /** Host nodes whose route plan (routeagent mode) still carries a route of this cluster; [] when route plans are not installed. */
  listRoutePlanNodes(clusterId: string): Promise<string[]>;
  /** Clears the namespace's own spec.finalizers through the finalize subresource; returns the ones removed. */
  clearNamespaceFinalizers(namespace: string): Promise<string[]>;
}
