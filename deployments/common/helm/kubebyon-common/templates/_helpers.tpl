{{/*
Names, labels and small helpers. Every template of the application charts passes the root
context (`.`), so `.Chart` is the application chart (kubebyon), not this library.
The application chart defines "kubebyon.mode" (single-node | multi-node) in its templates/_mode.tpl.
*/}}

{{- define "kubebyon.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* <release>-kubebyon, or <release> when the release name already contains "kubebyon". */}}
{{- define "kubebyon.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "kubebyon.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kubebyon.multiNode" -}}
{{- if eq (include "kubebyon.mode" .) "multi-node" -}}true{{- end -}}
{{- end -}}

{{/* Selector labels of one component: (dict "ctx" . "component" "web"). */}}
{{- define "kubebyon.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kubebyon.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end -}}

{{/* All labels of one object: (dict "ctx" . "component" "web"); component may be "". */}}
{{- define "kubebyon.labels" -}}
helm.sh/chart: {{ include "kubebyon.chart" .ctx }}
{{ include "kubebyon.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/part-of: kubebyon
{{- end -}}

{{/* metadata: name, namespace, labels: (dict "ctx" . "name" "<name>" "component" "web" ["namespace" "<ns>"]). */}}
{{- define "kubebyon.metadata" -}}
name: {{ .name }}
namespace: {{ .namespace | default .ctx.Release.Namespace }}
labels:
  {{- include "kubebyon.labels" . | nindent 2 }}
{{- end -}}

{{- define "kubebyon.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "kubebyon.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- required "serviceAccount.name: set the name of an existing ServiceAccount when serviceAccount.create is false" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* <image.repository>/kubebyon-<component>:<image.tag or appVersion>: (dict "ctx" . "component" "web"). */}}
{{- define "kubebyon.image" -}}
{{- $v := .ctx.Values.image -}}
{{- printf "%s/kubebyon-%s:%s" ($v.repository | trimSuffix "/") .component (toString ($v.tag | default .ctx.Chart.AppVersion)) -}}
{{- end -}}

{{/* The host of publicUrl (https://console.example.com:8443/x → console.example.com). */}}
{{- define "kubebyon.publicHost" -}}
{{- (urlParse .Values.publicUrl).hostname -}}
{{- end -}}

{{- define "kubebyon.tenantClusterRoleName" -}}
{{- printf "%s-tenant" (include "kubebyon.fullname" .) -}}
{{- end -}}

{{/* The shared control-plane Gateway (gatewayAPI.controlPlane): the chart's object and KUBEBYON_GATEWAY_* name the same one. */}}
{{- define "kubebyon.controlPlaneGatewayName" -}}
{{- .Values.gatewayAPI.controlPlane.gatewayName | default (printf "%s-control-plane" (include "kubebyon.fullname" .)) -}}
{{- end -}}

{{- define "kubebyon.controlPlaneGatewayNamespace" -}}
{{- .Values.gatewayAPI.controlPlane.gatewayNamespace | default .Release.Namespace -}}
{{- end -}}

{{- define "kubebyon.platformApiKeyNamespace" -}}
{{- .Values.vcluster.platformApiKeySecret.namespace | default .Release.Namespace -}}
{{- end -}}

{{/*
A generated secret value that survives upgrades: the value already stored under `key` in
Secret `name` of the release namespace (helm `lookup`; empty under `helm template`), else
`generated`. (dict "ctx" . "name" "<secret>" "key" "<key>" "generated" (randAlphaNum 32)).
*/}}
{{- define "kubebyon.reuseSecretValue" -}}
{{- $existing := lookup "v1" "Secret" .ctx.Release.Namespace .name -}}
{{- $data := dict -}}
{{- if $existing -}}{{- $data = $existing.data | default dict -}}{{- end -}}
{{- if hasKey $data .key -}}
{{- index $data .key | b64dec -}}
{{- else -}}
{{- .generated -}}
{{- end -}}
{{- end -}}
