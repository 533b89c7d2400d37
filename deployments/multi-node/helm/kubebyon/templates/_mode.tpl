{{/* Read by the kubebyon-common library: web replicas publish jobs to RabbitMQ, worker replicas run them. */}}
{{- define "kubebyon.mode" -}}multi-node{{- end -}}
