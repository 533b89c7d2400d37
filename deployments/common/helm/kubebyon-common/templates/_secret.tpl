{{/*
Secrets the chart generates. Each value is made once (randAlphaNum) and read back with `lookup` on
every upgrade, so it never changes under a running platform or a database that already has it;
helm.sh/resource-policy: keep leaves them in place on `helm uninstall` (a reinstall then finds the
same auth secret and the password the kept PostgreSQL volume was initialised with).
Alphanumeric only, so the passwords need no escaping inside the URLs.
*/}}

{{- define "kubebyon.authSecretName" -}}
{{- .Values.auth.existingSecret | default (printf "%s-auth" (include "kubebyon.fullname" .)) -}}
{{- end -}}

{{- define "kubebyon.authSecret" -}}
{{- if not .Values.auth.existingSecret -}}
{{- $name := include "kubebyon.authSecretName" . -}}
apiVersion: v1
kind: Secret
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" $name "component" "web") | nindent 2 }}
  annotations:
    helm.sh/resource-policy: keep
type: Opaque
data:
  authSecret: {{ include "kubebyon.reuseSecretValue" (dict "ctx" . "name" $name "key" "authSecret" "generated" (randAlphaNum 48)) | b64enc | quote }}
{{- end -}}
{{- end -}}

{{- define "kubebyon.postgresSecret" -}}
{{- if .Values.database.bundled.enabled -}}
{{- $name := printf "%s-postgres" (include "kubebyon.fullname" .) -}}
{{- $password := include "kubebyon.reuseSecretValue" (dict "ctx" . "name" $name "key" "password" "generated" (randAlphaNum 32)) -}}
apiVersion: v1
kind: Secret
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" $name "component" "postgres") | nindent 2 }}
  annotations:
    helm.sh/resource-policy: keep
type: Opaque
data:
  password: {{ $password | b64enc | quote }}
  url: {{ printf "postgresql://kubebyon:%s@%s.%s.svc:5432/kubebyon" $password $name .Release.Namespace | b64enc | quote }}
{{- end -}}
{{- end -}}

{{- define "kubebyon.rabbitmqSecret" -}}
{{- if .Values.rabbitmq.bundled.enabled -}}
{{- $name := printf "%s-rabbitmq" (include "kubebyon.fullname" .) -}}
{{- $password := include "kubebyon.reuseSecretValue" (dict "ctx" . "name" $name "key" "password" "generated" (randAlphaNum 32)) -}}
apiVersion: v1
kind: Secret
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" $name "component" "rabbitmq") | nindent 2 }}
  annotations:
    helm.sh/resource-policy: keep
type: Opaque
data:
  password: {{ $password | b64enc | quote }}
  url: {{ printf "amqp://kubebyon:%s@%s.%s.svc:5672" $password $name .Release.Namespace | b64enc | quote }}
{{- end -}}
{{- end -}}
