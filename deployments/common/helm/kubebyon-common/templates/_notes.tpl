{{- define "kubebyon.notes" -}}
{{- $fullname := include "kubebyon.fullname" . -}}
{{- $ns := .Release.Namespace -}}
KubeBYON {{ .Chart.AppVersion }} ({{ include "kubebyon.mode" . }}) is installed as release {{ .Release.Name }} in namespace {{ $ns }}.

1. Console: {{ .Values.publicUrl }}
   {{- if .Values.gatewayAPI.platform.enabled }}
   Platform Gateway: HTTPRoute {{ $fullname }}-platform for https://{{ .Values.gatewayAPI.platform.hostname }}
   (Exact /healthz, /api{{ if .Values.gatewayAPI.platform.routeConsole }} and /{{ end }} → Service {{ $fullname }}-web) on
   {{- if .Values.gatewayAPI.platform.parentRef.name }} Gateway {{ .Values.gatewayAPI.platform.parentRef.namespace | default $ns }}/{{ .Values.gatewayAPI.platform.parentRef.name }}.
   {{- else }} Gateway {{ include "kubebyon.platformGatewayName" . }}, TLS from Secret {{ include "kubebyon.platformTlsSecretName" . }}
   {{- if .Values.gatewayAPI.platform.tls.certManager.issuerRef.name }} (issued by cert-manager){{ else }} (create it yourself){{ end }}.
   {{- end }}
   {{- end }}
   {{- if .Values.gatewayAPI.controlPlane.enabled }}
   Control-plane Gateway {{ include "kubebyon.controlPlaneGatewayNamespace" . }}/{{ include "kubebyon.controlPlaneGatewayName" . }} (TLS Passthrough :443, listener {{ .Values.gatewayAPI.controlPlane.listenerName }}) is rendered
   and set as KUBEBYON_GATEWAY_*: with the gatewayapi public access provider the platform attaches one TLSRoute
   per loadbalancer cluster to it; each operation's route_status step shows the controller's verdict (docs/control-plane-edge.md).
   {{- end }}
   {{- if not (or .Values.ingress.enabled .Values.httpRoute.enabled .Values.gatewayAPI.platform.enabled) }}
   (no Ingress or HTTPRoute is enabled: expose Service {{ $fullname }}-web yourself, or try it with
    kubectl -n {{ $ns }} port-forward svc/{{ $fullname }}-web 8080:{{ .Values.service.port }})
   {{- end }}

2. First administrator: {{ .Values.admin.email | default "admin@kubebyon.local" }}
   {{- if .Values.admin.existingSecret }}
   The password is key `password` of Secret {{ .Values.admin.existingSecret }}.
   {{- else }}
   The platform generates a password and prints it once, at its first start:
   {{- if include "kubebyon.multiNode" . }}
   (by whichever web replica started first, so read them all)
     kubectl -n {{ $ns }} logs -l app.kubernetes.io/instance={{ .Release.Name }},app.kubernetes.io/component=web --tail=-1 | grep -A3 "first administrator"
   {{- else }}
     kubectl -n {{ $ns }} logs deploy/{{ $fullname }}-web | grep -A3 "first administrator"
   {{- end }}
   {{- end }}

3. vCluster Private Nodes need the vCluster Platform API key (free tier) as Secret
   {{ .Values.vcluster.platformApiKeySecret.name }} in namespace {{ include "kubebyon.platformApiKeyNamespace" . }}:
     kubectl -n {{ include "kubebyon.platformApiKeyNamespace" . }} create secret generic {{ .Values.vcluster.platformApiKeySecret.name }} \
       --from-literal=host='https://<vCluster Platform host>' --from-literal=accessKey='<access key>'
   (docs/runbooks/host-prerequisites.md). The platform copies it into each cluster namespace.

Status: kubectl -n {{ $ns }} get pods -l app.kubernetes.io/instance={{ .Release.Name }}
Runbook: docs/runbooks/helm.md
{{- end -}}
