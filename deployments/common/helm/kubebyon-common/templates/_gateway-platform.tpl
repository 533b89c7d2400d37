{{/*
The platform Gateway (gatewayAPI.platform, arch §3.4 Phase 3): a Gateway with an HTTPS listener
(TLS terminated with Secret tls.secretName, optionally issued by a cert-manager Certificate), an
optional HTTP listener that only redirects to https, and one HTTPRoute for the platform hostname.
With parentRef.name set the route attaches to that existing Gateway and no Gateway, Certificate
or redirect is rendered (that Gateway's owner handles its listeners and TLS).
One Service (<fullname>-web, the Next.js process) serves the API, /healthz and the console, so
every rule goes to it; the rules are still separate so the precedence is explicit.
*/}}
{{- define "kubebyon.platformGatewayName" -}}
{{- .Values.gatewayAPI.platform.gatewayName | default (printf "%s-platform" (include "kubebyon.fullname" .)) -}}
{{- end -}}

{{- define "kubebyon.platformTlsSecretName" -}}
{{- .Values.gatewayAPI.platform.tls.secretName | default (printf "%s-platform-tls" (include "kubebyon.fullname" .)) -}}
{{- end -}}

{{/* True (non-empty) when the chart renders the platform Gateway itself. */}}
{{- define "kubebyon.platformGatewayOwned" -}}
{{- $p := .Values.gatewayAPI.platform -}}
{{- if and $p.enabled (not $p.parentRef.name) -}}true{{- end -}}
{{- end -}}

{{- define "kubebyon.platformGateway" -}}
{{- if include "kubebyon.platformGatewayOwned" . -}}
{{- $p := .Values.gatewayAPI.platform -}}
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.platformGatewayName" .) "component" "platform-gateway") | nindent 2 }}
  {{- with $p.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  gatewayClassName: {{ $p.gatewayClassName | quote }}
  listeners:
    - name: https
      protocol: HTTPS
      port: 443
      hostname: {{ $p.hostname | quote }}
      tls:
        mode: Terminate
        certificateRefs:
          - group: ""
            kind: Secret
            name: {{ include "kubebyon.platformTlsSecretName" . }}
      allowedRoutes:
        namespaces:
          from: Same
        kinds:
          - kind: HTTPRoute
    {{- if $p.httpRedirect }}
    - name: http
      protocol: HTTP
      port: 80
      hostname: {{ $p.hostname | quote }}
      allowedRoutes:
        namespaces:
          from: Same
        kinds:
          - kind: HTTPRoute
    {{- end }}
{{- end -}}
{{- end -}}

{{- define "kubebyon.platformCertificate" -}}
{{- $p := .Values.gatewayAPI.platform -}}
{{- if and (include "kubebyon.platformGatewayOwned" .) $p.tls.certManager.issuerRef.name -}}
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.platformGatewayName" .) "component" "platform-gateway") | nindent 2 }}
spec:
  secretName: {{ include "kubebyon.platformTlsSecretName" . }}
  dnsNames:
    - {{ $p.hostname | quote }}
  issuerRef:
    group: cert-manager.io
    kind: {{ $p.tls.certManager.issuerRef.kind | default "ClusterIssuer" }}
    name: {{ $p.tls.certManager.issuerRef.name | quote }}
{{- end -}}
{{- end -}}

{{/* parentRefs of the platform routes: (dict "ctx" . "section" "https"|"http"). */}}
{{- define "kubebyon.platformParentRefs" -}}
{{- $p := .ctx.Values.gatewayAPI.platform -}}
{{- if $p.parentRef.name }}
- group: gateway.networking.k8s.io
  kind: Gateway
  name: {{ $p.parentRef.name | quote }}
  namespace: {{ $p.parentRef.namespace | default .ctx.Release.Namespace | quote }}
  {{- with $p.parentRef.sectionName }}
  sectionName: {{ . | quote }}
  {{- end }}
{{- else }}
- group: gateway.networking.k8s.io
  kind: Gateway
  name: {{ include "kubebyon.platformGatewayName" .ctx }}
  namespace: {{ .ctx.Release.Namespace }}
  sectionName: {{ .section }}
{{- end }}
{{- end -}}

{{- define "kubebyon.platformHttpRoute" -}}
{{- $p := .Values.gatewayAPI.platform -}}
{{- if $p.enabled -}}
{{- $fullname := include "kubebyon.fullname" . -}}
{{- $backend := dict "name" (printf "%s-web" $fullname) "port" .Values.service.port -}}
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-platform" $fullname) "component" "platform-gateway") | nindent 2 }}
spec:
  parentRefs:
    {{- include "kubebyon.platformParentRefs" (dict "ctx" . "section" "https") | trim | nindent 4 }}
  hostnames:
    - {{ $p.hostname | quote }}
  # Most specific first (Gateway API: an Exact match beats any prefix, a longer prefix beats a
  # shorter one, whatever the order); the order only documents it.
  rules:
    - matches:
        - path:
            type: Exact
            value: /healthz
      backendRefs:
        - name: {{ $backend.name }}
          port: {{ $backend.port }}
    - matches:
        - path:
            type: PathPrefix
            value: /api
      backendRefs:
        - name: {{ $backend.name }}
          port: {{ $backend.port }}
    {{- if $p.routeConsole }}
    - matches:
        - path:
            type: PathPrefix
            value: /
      backendRefs:
        - name: {{ $backend.name }}
          port: {{ $backend.port }}
    {{- end }}
{{- end -}}
{{- end -}}

{{/* HTTP listener → 301 to https for the same host and path (only on the chart's own Gateway). */}}
{{- define "kubebyon.platformRedirectRoute" -}}
{{- $p := .Values.gatewayAPI.platform -}}
{{- if and (include "kubebyon.platformGatewayOwned" .) $p.httpRedirect -}}
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-platform-redirect" (include "kubebyon.fullname" .)) "component" "platform-gateway") | nindent 2 }}
spec:
  parentRefs:
    {{- include "kubebyon.platformParentRefs" (dict "ctx" . "section" "http") | trim | nindent 4 }}
  hostnames:
    - {{ $p.hostname | quote }}
  rules:
    - filters:
        - type: RequestRedirect
          requestRedirect:
            scheme: https
            statusCode: 301
{{- end -}}
{{- end -}}
