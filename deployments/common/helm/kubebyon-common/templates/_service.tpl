{{/* Service <fullname>-web: service.port (80) → the web container's http port. */}}
{{- define "kubebyon.webService" -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-web" (include "kubebyon.fullname" .)) "component" "web") | nindent 2 }}
  {{- with .Values.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ .Values.service.type }}
  selector:
    {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "web") | nindent 4 }}
  ports:
    - name: http
      port: {{ .Values.service.port }}
      targetPort: http
      protocol: TCP
{{- end -}}

{{/*
Headless Service of a bundled backing store: (dict "ctx" . "component" "postgres" "port" 5432 "portName" "postgres").
Its DNS name <fullname>-<component>.<ns>.svc is the host in the generated URL; headless because
the StatefulSet has one pod and its governing Service must be headless anyway.
*/}}
{{- define "kubebyon.backingService" -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" .ctx "name" (printf "%s-%s" (include "kubebyon.fullname" .ctx) .component) "component" .component) | nindent 2 }}
spec:
  clusterIP: None
  selector:
    {{- include "kubebyon.selectorLabels" (dict "ctx" .ctx "component" .component) | nindent 4 }}
  ports:
    - name: {{ .portName }}
      port: {{ .port }}
      targetPort: {{ .portName }}
      protocol: TCP
{{- end -}}
