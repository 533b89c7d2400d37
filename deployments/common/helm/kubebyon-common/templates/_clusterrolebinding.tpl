{{/* Binds only <fullname> cluster-wide; the tenant ClusterRole is bound per namespace by the platform. */}}
{{- define "kubebyon.clusterRoleBinding" -}}
{{- if .Values.rbac.create -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: {{ include "kubebyon.fullname" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "rbac") | nindent 4 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: {{ include "kubebyon.fullname" . }}
subjects:
  - kind: ServiceAccount
    name: {{ include "kubebyon.serviceAccountName" . }}
    namespace: {{ .Release.Namespace }}
{{- end -}}
{{- end -}}
