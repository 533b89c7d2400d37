{{/*
The admission webhook (docs/admission-webhook.md): the web pods serve it over HTTPS on admissionWebhook.port,
Service <fullname>-admission (443) leads there, and every vCluster's apiserver calls it at admissionWebhook.url
(default that Service's cluster DNS name). The settings are wired whether it is on or off: with it off the
process that runs jobs removes configurations it wrote into vClusters earlier.
*/}}

{{/* The URL the vClusters' apiservers call: admissionWebhook.url, else the Service below. */}}
{{- define "kubebyon.admissionWebhookUrl" -}}
{{- .Values.admissionWebhook.url | default (printf "https://%s-admission.%s.svc:443" (include "kubebyon.fullname" .) .Release.Namespace) -}}
{{- end -}}

{{/* The webhook's settings in the ConfigMap (read by web, which serves it, and by the process that runs jobs). */}}
{{- define "kubebyon.admissionWebhookSettings" -}}
{{- $a := .Values.admissionWebhook -}}
KUBEBYON_ADMISSION_WEBHOOK_ENABLED: {{ $a.enabled | toString | quote }}
KUBEBYON_ADMISSION_WEBHOOK_LISTEN: {{ printf "0.0.0.0:%d" (int $a.port) | quote }}
KUBEBYON_ADMISSION_WEBHOOK_URL: {{ include "kubebyon.admissionWebhookUrl" . | quote }}
KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY: {{ $a.failurePolicy | quote }}
KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS: {{ int $a.timeoutSeconds | toString | quote }}
KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS: {{ int $a.syncIntervalSeconds | toString | quote }}
{{- end -}}

{{/* Service <fullname>-admission: 443 → the web container's `admission` port (only with admissionWebhook.enabled). */}}
{{- define "kubebyon.admissionService" -}}
{{- if .Values.admissionWebhook.enabled -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-admission" (include "kubebyon.fullname" .)) "component" "web") | nindent 2 }}
spec:
  type: ClusterIP
  selector:
    {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "web") | nindent 4 }}
  ports:
    - name: https
      port: 443
      targetPort: admission
      protocol: TCP
{{- end -}}
{{- end -}}
