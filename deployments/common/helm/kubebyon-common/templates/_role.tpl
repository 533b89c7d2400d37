{{/* Read access to the one platform API key Secret the platform copies into each cluster namespace. */}}
{{- define "kubebyon.platformApiKeyRole" -}}
{{- if .Values.rbac.create -}}
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.fullname" .) "component" "rbac" "namespace" (include "kubebyon.platformApiKeyNamespace" .)) | nindent 2 }}
rules:
  - apiGroups: [""]
    resources: [secrets]
    resourceNames: [{{ .Values.vcluster.platformApiKeySecret.name | quote }}]
    verbs: [get]
{{- end -}}
{{- end -}}
