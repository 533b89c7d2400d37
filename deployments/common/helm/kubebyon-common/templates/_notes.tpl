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
   {{- $w := .Values.gatewayAPI.workload }}
   {{- if $w.enabled }}
   Workload Gateway {{ include "kubebyon.workloadGatewayNamespace" . }}/{{ include "kubebyon.workloadGatewayName" . }} (listener {{ $w.listener.name }}, HTTP :{{ $w.listener.port }}) is rendered and set as
   KUBEBYON_WORKLOAD_GATEWAY_*: the platform attaches each cluster's workload HTTPRoutes to it (docs/runbooks/deploy-workload-edge.md).
   {{- if $w.tls.enabled }}
   TLS: the platform adds one HTTPS listener per hostname by server-side apply (field manager kubebyon-workload-edge),
   certificates from {{ $w.tls.issuer.kind }} {{ $w.tls.issuer.name }}. A helm upgrade that changes the chart's listener
   (listener.name/port) replaces the Gateway's listeners with it, and --force replaces the Gateway: either way
   the platform re-applies its HTTPS listeners on its next pass (within {{ $w.syncIntervalSeconds }} s).
   {{- end }}
   {{- $mode := include "kubebyon.podCIDRRouteMode" . }}
   {{- if eq $mode "local" }}
   PodCIDR routes, mode local: the {{ include "kubebyon.jobComponent" . }} pods run with hostNetwork as uid 0 with NET_ADMIN and
   write the routes (protocol {{ $w.podCIDRRoute.protocol }}) into their own node's routing table. They share the node's
   network namespace (their ports are the node's, NetworkPolicies no longer select them) and only the nodes
   they run on get routes: every node of the Gateway's data plane needs one such pod (one per node is enough).
   {{- if and .Values.networkPolicy.enabled .Values.database.bundled.enabled }}
   Whether they still reach the bundled PostgreSQL{{ if include "kubebyon.multiNode" . }}/RabbitMQ{{ end }} through the NetworkPolicies (pod selectors only) depends on the CNI.
   {{- end }}
   {{- end }}
   {{- if eq $mode "routeagent" }}
   PodCIDR routes, mode routeagent: DaemonSet {{ include "kubebyon.routeAgentName" . }} converges each node's routes (protocol {{ $w.podCIDRRoute.protocol }})
   from its workloadpodcidrnoderouteplans object:  kubectl get workloadpodcidrnoderouteplans
   {{- end }}
   {{- if $mode }}
   With Pod Security Admission, namespace {{ $ns }} must admit privileged pods (hostNetwork, NET_ADMIN).
   {{- end }}
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
