{{/*
The shared workload Gateway (gatewayAPI.workload, issue 13; docs/workload-edge.md). The chart owns
exactly one listener: plain HTTP (listener.name/listener.port, default http:80) accepting HTTPRoutes
from all namespaces, because the syncer attaches one route set per cluster in that cluster's host
namespace. With tls.enabled the platform adds one HTTPS listener per hostname at run time by
server-side apply under its own field manager (kubebyon-workload-edge), so the chart never renders
them. Helm 3 upgrades patch what changed between the old and new manifest: an upgrade that changes this
listener sends the whole listeners list (a merge patch replaces lists), which drops the platform's
listeners until its next workload pass re-applies them (KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS); an
upgrade that leaves the listener alone keeps them (e2e/deployments/workload-edge-chart-rbac).
*/}}

{{- define "kubebyon.workloadGatewayName" -}}
{{- .Values.gatewayAPI.workload.name | default (printf "%s-workload" (include "kubebyon.fullname" .)) -}}
{{- end -}}

{{- define "kubebyon.workloadGatewayNamespace" -}}
{{- .Values.gatewayAPI.workload.namespace | default .Release.Namespace -}}
{{- end -}}

{{/* "local" or "routeagent" when PodCIDR routes are on (they need the workload Gateway), else empty. */}}
{{- define "kubebyon.podCIDRRouteMode" -}}
{{- $w := .Values.gatewayAPI.workload -}}
{{- if and $w.enabled $w.podCIDRRoute.enabled -}}{{ $w.podCIDRRoute.mode }}{{- end -}}
{{- end -}}

{{/* (dict "ctx" . "component" "web"|"worker"): true when this component applies PodCIDR routes itself (mode local). */}}
{{- define "kubebyon.localPodRoutes" -}}
{{- if and (eq (include "kubebyon.podCIDRRouteMode" .ctx) "local") (eq .component (include "kubebyon.jobComponent" .ctx)) -}}true{{- end -}}
{{- end -}}

{{- define "kubebyon.workloadGateway" -}}
{{- $w := .Values.gatewayAPI.workload -}}
{{- if $w.enabled -}}
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.workloadGatewayName" .) "namespace" (include "kubebyon.workloadGatewayNamespace" .) "component" "workload-gateway") | nindent 2 }}
  {{- with $w.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  gatewayClassName: {{ $w.gatewayClassName | quote }}
  listeners:
    - name: {{ $w.listener.name }}
      protocol: HTTP
      port: {{ int $w.listener.port }}
      allowedRoutes:
        kinds:
          - group: gateway.networking.k8s.io
            kind: HTTPRoute
        namespaces:
          from: All
{{- end -}}
{{- end -}}

{{/* The workload edge's settings in the ConfigMap (read by the process that runs jobs). */}}
{{- define "kubebyon.workloadEdgeSettings" -}}
{{- $w := .Values.gatewayAPI.workload -}}
KUBEBYON_WORKLOAD_GATEWAY_ENABLED: "true"
KUBEBYON_WORKLOAD_GATEWAY_NAME: {{ include "kubebyon.workloadGatewayName" . | quote }}
KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE: {{ include "kubebyon.workloadGatewayNamespace" . | quote }}
KUBEBYON_WORKLOAD_GATEWAY_LISTENER: {{ $w.listener.name | quote }}
KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS: {{ int $w.syncIntervalSeconds | toString | quote }}
KUBEBYON_WORKLOAD_TLS_ENABLED: {{ $w.tls.enabled | toString | quote }}
{{- if $w.tls.enabled }}
KUBEBYON_WORKLOAD_TLS_ISSUER_KIND: {{ $w.tls.issuer.kind | quote }}
KUBEBYON_WORKLOAD_TLS_ISSUER_NAME: {{ $w.tls.issuer.name | quote }}
KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED: {{ $w.tls.selfManaged.enabled | toString | quote }}
{{- if and $w.tls.selfManaged.enabled $w.tls.selfManaged.issuerOverride.name }}
KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND: {{ $w.tls.selfManaged.issuerOverride.kind | quote }}
KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME: {{ $w.tls.selfManaged.issuerOverride.name | quote }}
{{- end }}
{{- end }}
KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE: {{ include "kubebyon.podCIDRRouteMode" . | default "off" | quote }}
KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: {{ int $w.podCIDRRoute.protocol | toString | quote }}
{{- end -}}
