import type { ClusterItem } from "./cluster-types";

/** The three public-access states of plan §5.10 as the form holds them: on/off plus the mode to use when on. */
export type PublicAccessForm = { enabled: boolean; mode: "nodeport" | "loadbalancer"; host: string };

type RequestedMode = "nodeport" | "loadbalancer" | "off";

function requestedMode(form: PublicAccessForm): RequestedMode {
  return form.enabled ? form.mode : "off";
}

/** What the create form sends: the server owns the rules (e.g. loadbalancer needs a host) and answers 400 itself. */
export function createClusterInput(form: PublicAccessForm & { name: string }): {
  name: string;
  public_access_enabled: boolean;
  public_access_mode: RequestedMode;
  control_plane_host?: string;
} {
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

export type ClusterSettingsChange = {
  name?: string;
  public_access_enabled?: boolean;
  public_access_mode?: RequestedMode;
  control_plane_host?: string | null;
  plan_id?: string;
};

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
