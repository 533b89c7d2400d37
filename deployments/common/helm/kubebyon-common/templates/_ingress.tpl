{{/* Ingress to the web Service; hosts default to publicUrl's host. */}}
{{- define "kubebyon.ingress" -}}
{{- if .Values.ingress.enabled -}}
{{- $fullname := include "kubebyon.fullname" . -}}
{{- $hosts := .Values.ingress.hosts | default (list (include "kubebyon.publicHost" .)) -}}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-web" $fullname) "component" "web") | nindent 2 }}
  {{- with .Values.ingress.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with .Values.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- with .Values.ingress.tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  rules:
    {{- range $hosts }}
    - host: {{ . | quote }}
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: {{ printf "%s-web" $fullname }}
                port:
                  name: http
    {{- end }}
{{- end -}}
{{- end -}}
