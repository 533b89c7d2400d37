{{/*
RBAC of the workload edge (gatewayAPI.workload; docs/workload-edge.md), beside what _clusterrole.tpl
adds to the platform's two ClusterRoles (HTTPRoutes in the tenant role; cluster-wide list/watch of the
syncer's labelled objects; route plans with podCIDRRoute.mode=routeagent).

Role <fullname>-workload-edge in the workload Gateway's namespace: the platform server-side applies its
HTTPS listeners to that one Gateway (get/patch, by name) and manages the cert-manager Certificates
whose Secrets those listeners reference (a listener's certificateRefs must be in the Gateway's
namespace without a ReferenceGrant, so the Certificates live there too).
*/}}

{{- define "kubebyon.workloadEdgeRole" -}}
{{- if and .Values.rbac.create .Values.gatewayAPI.workload.enabled -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-workload-edge" (include "kubebyon.fullname" .)) "component" "rbac" "namespace" (include "kubebyon.workloadGatewayNamespace" .)) | nindent 2 }}
rules:
  - apiGroups: [gateway.networking.k8s.io]
    resources: [gateways]
    resourceNames: [{{ include "kubebyon.workloadGatewayName" . | quote }}]
    verbs: [get, patch]
  # Also with tls.enabled=false: the syncer deletes the Certificates it made while TLS was on.
  - apiGroups: [cert-manager.io]
    resources: [certificates]
    verbs: [get, list, watch, create, patch, update, delete]
{{- end -}}
{{- end -}}

{{- define "kubebyon.workloadEdgeRoleBinding" -}}
{{- if and .Values.rbac.create .Values.gatewayAPI.workload.enabled -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-workload-edge" (include "kubebyon.fullname" .)) "component" "rbac" "namespace" (include "kubebyon.workloadGatewayNamespace" .)) | nindent 2 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: {{ printf "%s-workload-edge" (include "kubebyon.fullname" .) }}
subjects:
  - kind: ServiceAccount
    name: {{ include "kubebyon.serviceAccountName" . }}
    namespace: {{ .Release.Namespace }}
{{- end -}}
{{- end -}}

{{- define "kubebyon.routeAgentName" -}}
{{- printf "%s-route-agent" (include "kubebyon.fullname" .) -}}
{{- end -}}

{{/*
The route agent's own identity (podCIDRRoute.mode=routeagent): it reads the plans (one per node, named
after it) and writes back only their status. It cannot create, change or delete a plan, and holds
nothing else: no Secrets, no Nodes, no Pods.
*/}}
{{- define "kubebyon.routeAgentServiceAccount" -}}
{{- if eq (include "kubebyon.podCIDRRouteMode" .) "routeagent" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.routeAgentName" .) "component" "route-agent") | nindent 2 }}
automountServiceAccountToken: true
{{- end -}}
{{- end -}}

{{- define "kubebyon.routeAgentClusterRole" -}}
{{- if and .Values.rbac.create (eq (include "kubebyon.podCIDRRouteMode" .) "routeagent") -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: {{ include "kubebyon.routeAgentName" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "route-agent") | nindent 4 }}
rules:
  - apiGroups: [kubebyon.io]
    resources: [workloadpodcidrnoderouteplans]
    verbs: [get, list, watch]
  - apiGroups: [kubebyon.io]
    resources: [workloadpodcidrnoderouteplans/status]
    verbs: [get, patch, update]
{{- end -}}
{{- end -}}

{{- define "kubebyon.routeAgentClusterRoleBinding" -}}
{{- if and .Values.rbac.create (eq (include "kubebyon.podCIDRRouteMode" .) "routeagent") -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: {{ include "kubebyon.routeAgentName" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "route-agent") | nindent 4 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: {{ include "kubebyon.routeAgentName" . }}
subjects:
  - kind: ServiceAccount
    name: {{ include "kubebyon.routeAgentName" . }}
    namespace: {{ .Release.Namespace }}
{{- end -}}
{{- end -}}
