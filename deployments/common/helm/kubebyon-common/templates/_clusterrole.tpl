{{/*
Two ClusterRoles. <fullname> is bound cluster-wide and holds only what is cluster-scoped or must
happen before a cluster namespace exists: no secrets, configmaps, services or roles anywhere.
<fullname>-tenant is NOT bound cluster-wide: the platform binds it (RoleBinding kubebyon-platform,
KUBEBYON_TENANT_CLUSTER_ROLE) in each namespace it creates for a cluster, which it may do because
it holds `bind` on exactly this ClusterRole.
*/}}

{{- define "kubebyon.clusterRole" -}}
{{- if .Values.rbac.create -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: {{ include "kubebyon.fullname" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "rbac") | nindent 4 }}
rules:
  # One namespace per cluster (created, labelled, deleted with the cluster).
  - apiGroups: [""]
    resources: [namespaces]
    verbs: [get, list, watch, create, patch, delete]
  # Host node addresses (route "auto", NodePort endpoints) and the platform-health page.
  - apiGroups: [""]
    resources: [nodes]
    verbs: [get, list, watch]
  # The platform-health check of its own permissions and identity.
  - apiGroups: [authorization.k8s.io]
    resources: [selfsubjectrulesreviews]
    verbs: [create]
  - apiGroups: [authentication.k8s.io]
    resources: [selfsubjectreviews]
    verbs: [create]
  # RoleBinding kubebyon-platform in each new cluster namespace ...
  - apiGroups: [rbac.authorization.k8s.io]
    resources: [rolebindings]
    verbs: [get, create, patch]
  # ... which may name only the tenant ClusterRole (bind without holding its rules cluster-wide).
  - apiGroups: [rbac.authorization.k8s.io]
    resources: [clusterroles]
    resourceNames: [{{ include "kubebyon.tenantClusterRoleName" . }}]
    verbs: [bind, get]
  {{- if .Values.gatewayAPI.workload.enabled }}
  # The workload edge syncer finds what it owns (label kubebyon.io/component=workload-edge) in every
  # namespace at once, so it can remove objects of clusters that are gone: list/watch only; RBAC cannot
  # restrict a list to a label, and writes stay in the tenant role (cluster namespaces) and Role
  # <fullname>-workload-edge (the Gateway's namespace).
  - apiGroups: [""]
    resources: [services]
    verbs: [list, watch]
  - apiGroups: [discovery.k8s.io]
    resources: [endpointslices]
    verbs: [list, watch]
  - apiGroups: [gateway.networking.k8s.io]
    resources: [httproutes]
    verbs: [list, watch]
  - apiGroups: [cert-manager.io]
    resources: [certificates]
    verbs: [list, watch]
  {{- end }}
  {{- if eq (include "kubebyon.podCIDRRouteMode" .) "routeagent" }}
  # PodCIDR route plans (cluster-scoped, one per host node, read by the route agent DaemonSet); the
  # host nodes they are written for come from the nodes rule above.
  - apiGroups: [kubebyon.io]
    resources: [workloadpodcidrnoderouteplans]
    verbs: [get, list, watch, create, patch, update, delete]
  {{- end }}
{{- end -}}
{{- end -}}

{{/*
What the platform and its helm do inside one cluster namespace: src/server/domain/platform-health/
permissions.ts REQUIRED_HOST_PERMISSIONS (its namespaced entries) ∪ VCLUSTER_ROLE_RULES (so helm
may create the chart's Role vc-<release> without escalate/bind), plus get/list/watch on what helm
manages (release history, upgrades, --wait) and events; with gatewayAPI.controlPlane.enabled, the
cluster's TLSRoute; with gatewayAPI.workload.enabled, the cluster's workload HTTPRoutes. Namespaced on purpose: the routes live in cluster namespaces only.
*/}}
{{- define "kubebyon.tenantClusterRole" -}}
{{- if .Values.rbac.create -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: {{ include "kubebyon.tenantClusterRoleName" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "rbac") | nindent 4 }}
rules:
  # The platform API key copy, the vCluster kubeconfig, helm release history; the chart's
  # Secret, config, Services and endpoints (the vCluster Role holds all verbs on these too).
  - apiGroups: [""]
    resources: [secrets, configmaps, services, endpoints, serviceaccounts]
    verbs: [get, list, watch, create, update, patch, delete]
  # Plan quota and container defaults (server-side apply).
  - apiGroups: [""]
    resources: [resourcequotas, limitranges]
    verbs: [get, list, watch, create, update, patch]
  # Read-only in the vCluster Role, and what helm --wait and the platform's status read.
  - apiGroups: [""]
    resources: [pods, pods/log, persistentvolumeclaims]
    verbs: [get, list, watch]
  - apiGroups: [""]
    resources: [pods/resize]
    verbs: [patch, update]
  - apiGroups: ["", events.k8s.io]
    resources: [events]
    verbs: [create, get, list, watch]
  - apiGroups: [apps]
    resources: [statefulsets]
    verbs: [get, list, watch, create, update, patch, delete]
  - apiGroups: [apps]
    resources: [replicasets, deployments]
    verbs: [get, list, watch]
  # The chart's Role and RoleBinding vc-<release>.
  - apiGroups: [rbac.authorization.k8s.io]
    resources: [roles, rolebindings]
    verbs: [get, list, watch, create, update, patch, delete]
  - apiGroups: [discovery.k8s.io]
    resources: [endpointslices]
    verbs: [get, list, watch, create, update, patch, delete]
  - apiGroups: [coordination.k8s.io]
    resources: [leases]
    verbs: [get, list, watch, create, update, patch, delete]
  {{- if .Values.gatewayAPI.controlPlane.enabled }}
  # The cluster's TLSRoute of the gatewayapi provider (server-side apply = patch, creating it needs
  # create), its status read back for the timeline, and its removal; only in cluster namespaces.
  - apiGroups: [gateway.networking.k8s.io]
    resources: [tlsroutes]
    verbs: [get, create, patch, delete]
  - apiGroups: [gateway.networking.k8s.io]
    resources: [tlsroutes/status]
    verbs: [get]
  {{- end }}
  {{- if .Values.gatewayAPI.workload.enabled }}
  # The workload edge's HTTPRoutes of this cluster (server-side apply), beside its shim Service and
  # EndpointSlice (services and endpointslices above).
  - apiGroups: [gateway.networking.k8s.io]
    resources: [httproutes]
    verbs: [get, list, watch, create, patch, update, delete]
  {{- end }}
{{- end -}}
{{- end -}}
