{{/* Read by the kubebyon-common library: this chart runs the jobs in the web process, no RabbitMQ. */}}
{{- define "kubebyon.mode" -}}single-node{{- end -}}
