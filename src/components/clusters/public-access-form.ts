import { validatePublicAccess } from "@/server/domain/clusters/public-access";
import { routesBySni, type PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { RouterInputs } from "@/lib/trpc/router-types";
import type { ClusterItem } from "./cluster-types";

type CreateClusterBody = RouterInputs["clusters"]["create"];
type RequestedMode = NonNullable<CreateClusterBody["public_access_mode"]>;

/** The three public-access states of plan §5.10 as the form holds them: on/off plus the mode to use when on. */
export type PublicAccessForm = { enabled: boolean; mode: Exclude<RequestedMode, "off">; host: string };

function requestedMode(form: PublicAccessForm): RequestedMode {
  return form.enabled ? form.mode : "off";
}

/**
 * The server's own rule (domain validatePublicAccess, e.g. loadbalancer needs a host; behind an SNI-routing
 * edge it must be a DNS name on :443), checked before sending; the server still answers 400 itself.
 */
export function publicAccessProblem(form: PublicAccessForm, provider: PublicAccessProvider): string | null {
  return validatePublicAccess({ enabled: form.enabled, mode: form.mode, controlPlaneHost: form.host, provider });
}

/** Which hint the loadbalancer option gets: a load balancer's address, or a DNS name for the platform's SNI-routing edge. */
export function loadBalancerHintKind(provider: PublicAccessProvider): "servicelb" | "edge" {
  return routesBySni(provider) ? "edge" : "servicelb";
}

/** What the create form sends. */
export function createClusterInput(form: PublicAccessForm & { name: string }): CreateClusterBody {
  const host = form.host.trim();
  return {
    name: form.name.trim(),
    public_access_enabled: form.enabled,
    public_access_mode: requestedMode(form),
    ...(host ? { control_plane_host: host } : {}),
  };
}

/** The edit form's starting state for a cluster; a legacy row without a mode reads as nodeport, like the server does. */
export function publicAccessFormOf(cluster: Pick<ClusterItem, "public_access_enabled" | "public_access_mode" | "control_plane_host">): PublicAccessForm {
  return {
    enabled: cluster.public_access_enabled && cluster.public_access_mode !== "off",
    mode: cluster.public_access_mode === "loadbalancer" ? "loadbalancer" : "nodeport",
    host: cluster.control_plane_host ?? "",
  };
}

export type ClusterSettingsForm = PublicAccessForm & { name: string; planId: string };

/** The update body without the cluster id, which the dialog adds. */
export type ClusterSettingsChange = Omit<RouterInputs["clusters"]["update"], "cluster_id">;

type SettingsSource = Pick<ClusterItem, "name" | "plan_id" | "public_access_enabled" | "public_access_mode" | "control_plane_host">;

/**
 * What the edit form sends: only the fields that differ from the cluster, because PATCH keeps
 * the rest and a control-plane field starts an update job. An emptied host is sent as null (clear
 * it); an empty plan field means "keep the plan". Null when nothing changed.
 */
export function updateClusterInput(cluster: SettingsSource, form: ClusterSettingsForm): ClusterSettingsChange | null {
  const change: ClusterSettingsChange = {};
  const name = form.name.trim();
  if (name !== cluster.name) change.name = name;
  const mode = requestedMode(form);
  if (mode !== requestedMode(publicAccessFormOf(cluster))) {
    change.public_access_enabled = form.enabled;
    change.public_access_mode = mode;
  }
  const host = form.host.trim();
  if (host !== (cluster.control_plane_host ?? "")) change.control_plane_host = host || null;
  const planId = form.planId.trim();
  if (planId && planId !== cluster.plan_id) change.plan_id = planId;
  return Object.keys(change).length > 0 ? change : null;
}

/** The edit form's check: like the server, only a change that touches public access is judged (a rename never is). */
export function updateAccessProblem(change: ClusterSettingsChange, form: PublicAccessForm, provider: PublicAccessProvider): string | null {
  const touchesAccess = change.public_access_enabled !== undefined || change.public_access_mode !== undefined || change.control_plane_host !== undefined;
  return touchesAccess ? publicAccessProblem(form, provider) : null;
}
