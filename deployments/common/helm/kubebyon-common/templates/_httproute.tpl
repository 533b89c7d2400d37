{{/* Gateway API HTTPRoute to the web Service (needs the Gateway API CRDs and a Gateway); hostnames default to publicUrl's host. */}}
{{- define "kubebyon.httpRoute" -}}
{{- if .Values.httpRoute.enabled -}}
{{- $fullname := include "kubebyon.fullname" . -}}
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-web" $fullname) "component" "web") | nindent 2 }}
  {{- with .Values.httpRoute.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  parentRefs:
    {{- toYaml .Values.httpRoute.parentRefs | nindent 4 }}
  hostnames:
    {{- toYaml (.Values.httpRoute.hostnames | default (list (include "kubebyon.publicHost" .))) | nindent 4 }}
  rules:
    - matches:
        - path:
            type: PathPrefix
            value: /
      backendRefs:
        - name: {{ printf "%s-web" $fullname }}
          port: {{ .Values.service.port }}
{{- end -}}
{{- end -}}
