{{/* The platform's identity on the host cluster (web and worker pods; in-cluster mode). */}}
{{- define "kubebyon.serviceAccount" -}}
{{- if .Values.serviceAccount.create -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.serviceAccountName" .) "component" "rbac") | nindent 2 }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: true
{{- end -}}
{{- end -}}
