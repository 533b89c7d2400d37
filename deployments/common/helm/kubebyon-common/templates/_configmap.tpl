{{/*
The platform's non-secret settings, read by web and worker through envFrom. Defaults first
(Secure cookies for an https publicUrl), then `config` (any other KUBEBYON_* setting; the schema
allow-lists the names), then what the chart wires itself, which always wins. No KUBEBYON_KUBECONFIG_PATH: the pods use their ServiceAccount (in-cluster mode).
*/}}
{{- define "kubebyon.configData" -}}
{{- $fullname := include "kubebyon.fullname" . -}}
{{- $data := dict -}}
{{- /* An https console gets Secure session cookies unless `config` says otherwise. */ -}}
{{- if hasPrefix "https://" .Values.publicUrl -}}
{{- $_ := set $data "KUBEBYON_SESSION_COOKIE_SECURE" "true" -}}
{{- end -}}
{{- range $key, $value := .Values.config -}}
{{- $_ := set $data $key (toString $value) -}}
{{- end -}}
{{- $vc := .Values.vcluster -}}
{{- $wired := dict
  "KUBEBYON_HTTP_ADDR" (printf ":%d" (int .Values.web.port))
  "KUBEBYON_PUBLIC_URL" .Values.publicUrl
  "NEXTAUTH_URL" .Values.publicUrl
  "KUBEBYON_VCLUSTER_CHART" $vc.chart
  "KUBEBYON_VCLUSTER_CHART_REPO" $vc.repo
  "KUBEBYON_VCLUSTER_CHART_VERSION" (toString $vc.version)
  "KUBEBYON_VCLUSTER_ROUTE" $vc.route
  "KUBEBYON_VCLUSTER_VALUES_FILE" "/etc/kubebyon/vcluster/values.yaml"
  "KUBEBYON_PLATFORM_API_KEY_SECRET_NAME" $vc.platformApiKeySecret.name
  "KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE" (include "kubebyon.platformApiKeyNamespace" .)
  "KUBEBYON_TENANT_CLUSTER_ROLE" (include "kubebyon.tenantClusterRoleName" .)
  "NEXT_TELEMETRY_DISABLED" "1"
  "KUBEBYON_PUBLIC_ACCESS_PROVIDER" .Values.publicAccess.provider
-}}
{{- if include "kubebyon.edgeEnabled" . -}}
{{- $wired = mergeOverwrite $wired (include "kubebyon.edgeSettings" . | fromYaml) -}}
{{- end -}}
{{- $wired = mergeOverwrite $wired (include "kubebyon.admissionWebhookSettings" . | fromYaml) -}}
{{- /* The workers' /healthz, /readyz and /metrics listener (its container port `metrics`); single-node has no worker. */ -}}
{{- if include "kubebyon.multiNode" . -}}
{{- $_ := set $wired "KUBEBYON_WORKER_HTTP_ADDR" (printf ":%d" (int .Values.worker.metricsPort)) -}}
{{- end -}}
{{- if .Values.admin.email -}}
{{- $_ := set $wired "KUBEBYON_ADMIN_EMAIL" .Values.admin.email -}}
{{- end -}}
{{- /* The shared Gateway the gatewayapi provider's TLSRoutes attach to: the one this chart renders. */ -}}
{{- if .Values.gatewayAPI.controlPlane.enabled -}}
{{- $_ := set $wired "KUBEBYON_GATEWAY_NAME" (include "kubebyon.controlPlaneGatewayName" .) -}}
{{- $_ := set $wired "KUBEBYON_GATEWAY_NAMESPACE" (include "kubebyon.controlPlaneGatewayNamespace" .) -}}
{{- $_ := set $wired "KUBEBYON_GATEWAY_LISTENER" .Values.gatewayAPI.controlPlane.listenerName -}}
{{- end -}}
{{- /* The shared workload Gateway the syncer attaches routes to (and its TLS and PodCIDR routes): the one this chart renders. */ -}}
{{- if .Values.gatewayAPI.workload.enabled -}}
{{- $wired = mergeOverwrite $wired (include "kubebyon.workloadEdgeSettings" . | fromYaml) -}}
{{- end -}}
{{- toYaml (mergeOverwrite $data $wired) -}}
{{- end -}}

{{- define "kubebyon.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-config" (include "kubebyon.fullname" .)) "component" "config") | nindent 2 }}
data:
  {{- include "kubebyon.configData" . | nindent 2 }}
{{- end -}}

{{/*
The operator's base values for every vCluster release (KUBEBYON_VCLUSTER_VALUES_FILE):
vcluster.values, plus Longhorn as the control plane's volume class when vcluster.longhorn.enabled
(docs/architecture.md §2.4). The platform lays its per-cluster values over these.
*/}}
{{- define "kubebyon.vclusterValues" -}}
{{- $values := deepCopy (.Values.vcluster.values | default dict) -}}
{{- if .Values.vcluster.longhorn.enabled -}}
{{- $longhorn := dict "controlPlane" (dict "statefulSet" (dict "persistence" (dict "volumeClaim" (dict "storageClass" .Values.vcluster.longhorn.storageClass)))) -}}
{{- $values = mergeOverwrite $values $longhorn -}}
{{- end -}}
{{- toYaml $values -}}
{{- end -}}

{{- define "kubebyon.vclusterValuesConfigMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-vcluster-values" (include "kubebyon.fullname" .)) "component" "config") | nindent 2 }}
data:
  values.yaml: |
    {{- include "kubebyon.vclusterValues" . | nindent 4 }}
{{- end -}}
