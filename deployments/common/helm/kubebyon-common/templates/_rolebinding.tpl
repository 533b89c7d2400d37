{{- define "kubebyon.platformApiKeyRoleBinding" -}}
{{- if .Values.rbac.create -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.fullname" .) "component" "rbac" "namespace" (include "kubebyon.platformApiKeyNamespace" .)) | nindent 2 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: {{ include "kubebyon.fullname" . }}
subjects:
  - kind: ServiceAccount
    name: {{ include "kubebyon.serviceAccountName" . }}
    namespace: {{ .Release.Namespace }}
{{- end -}}
{{- end -}}
