{{/*
NetworkPolicies (networkPolicy.enabled): web accepts its port from anywhere (the ingress
controller or Gateway may sit in any namespace), and the admission webhook's port when it is on (the
vClusters' apiservers run in one host namespace each); the bundled PostgreSQL and RabbitMQ accept only
this release's web and worker pods. Egress is not restricted: the platform must reach the host
API server, every vCluster's Service or public endpoint, SMTP and the OAuth providers, whose
addresses a policy cannot know in advance.
*/}}
{{- define "kubebyon.networkPolicy.web" -}}
{{- if .Values.networkPolicy.enabled -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-web" (include "kubebyon.fullname" .)) "component" "web") | nindent 2 }}
spec:
  podSelector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "web") | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    - ports:
        - port: {{ .Values.web.port }}
          protocol: TCP
        {{- if .Values.admissionWebhook.enabled }}
        # The admission webhook: every vCluster's apiserver (in its own host namespace) calls it.
        - port: {{ .Values.admissionWebhook.port }}
          protocol: TCP
        {{- end }}
{{- end -}}
{{- end -}}

{{/* (dict "ctx" . "component" "postgres" "port" 5432) */}}
{{- define "kubebyon.networkPolicy.backing" -}}
{{- if .ctx.Values.networkPolicy.enabled -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" .ctx "name" (printf "%s-%s" (include "kubebyon.fullname" .ctx) .component) "component" .component) | nindent 2 }}
spec:
  podSelector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" .ctx "component" .component) | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector:
            matchExpressions:
              - key: app.kubernetes.io/instance
                operator: In
                values: [{{ .ctx.Release.Name | quote }}]
              - key: app.kubernetes.io/name
                operator: In
                values: [{{ include "kubebyon.name" .ctx | quote }}]
              - key: app.kubernetes.io/component
                operator: In
                values: [web, worker]
      ports:
        - port: {{ .port }}
          protocol: TCP
{{- end -}}
{{- end -}}
