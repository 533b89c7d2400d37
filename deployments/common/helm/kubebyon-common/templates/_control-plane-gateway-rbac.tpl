{{/*
Role <fullname>-control-plane-gateway in the shared control-plane Gateway's namespace (gatewayAPI.controlPlane,
the gatewayapi provider): the control-plane-routes task reads that one Gateway's status.listeners to tell whether
the listener the clusters' TLSRoutes attach to is Programmed (docs/control-plane-edge.md "Route status,
re-checked"). Read only, by name: the Gateway itself is helm's.
*/}}

{{- define "kubebyon.controlPlaneGatewayRole" -}}
{{- if and .Values.rbac.create .Values.gatewayAPI.controlPlane.enabled -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-control-plane-gateway" (include "kubebyon.fullname" .)) "component" "rbac" "namespace" (include "kubebyon.controlPlaneGatewayNamespace" .)) | nindent 2 }}
rules:
  - apiGroups: [gateway.networking.k8s.io]
    resources: [gateways]
    resourceNames: [{{ include "kubebyon.controlPlaneGatewayName" . | quote }}]
    verbs: [get]
{{- end -}}
{{- end -}}

{{- define "kubebyon.controlPlaneGatewayRoleBinding" -}}
{{- if and .Values.rbac.create .Values.gatewayAPI.controlPlane.enabled -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-control-plane-gateway" (include "kubebyon.fullname" .)) "component" "rbac" "namespace" (include "kubebyon.controlPlaneGatewayNamespace" .)) | nindent 2 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: {{ printf "%s-control-plane-gateway" (include "kubebyon.fullname" .) }}
subjects:
  - kind: ServiceAccount
    name: {{ include "kubebyon.serviceAccountName" . }}
    namespace: {{ .Release.Namespace }}
{{- end -}}
{{- end -}}
