{{/*
Contradictory or missing values the schema cannot express readably. Rendered (as nothing) by the
application chart's templates/validate.yaml, so every `helm template/install/upgrade` runs it.
*/}}
{{- define "kubebyon.validate" -}}
{{- if not .Values.publicUrl -}}
{{- fail "publicUrl is required: the console URL users open, e.g. --set publicUrl=https://kubebyon.example.com (it becomes KUBEBYON_PUBLIC_URL and NEXTAUTH_URL)" -}}
{{- end -}}
{{- if not (regexMatch "^https?://[^/]+" .Values.publicUrl) -}}
{{- fail (printf "publicUrl must be an http(s) URL such as https://kubebyon.example.com (got %q)" .Values.publicUrl) -}}
{{- end -}}
{{- $db := .Values.database -}}
{{- if and $db.bundled.enabled $db.external.existingSecret -}}
{{- fail (printf "database: both the bundled PostgreSQL (database.bundled.enabled=true) and an external database (database.external.existingSecret=%q) are set; set database.bundled.enabled=false to use the external one, or clear database.external.existingSecret" $db.external.existingSecret) -}}
{{- end -}}
{{- if and (not $db.bundled.enabled) (not $db.external.existingSecret) -}}
{{- fail "database: no PostgreSQL: database.bundled.enabled is false and database.external.existingSecret is empty; name the Secret holding the DSN (key database.external.key) or enable the bundled PostgreSQL" -}}
{{- end -}}
{{- if include "kubebyon.multiNode" . -}}
{{- $mq := .Values.rabbitmq -}}
{{- if and $mq.bundled.enabled $mq.external.existingSecret -}}
{{- fail (printf "rabbitmq: both the bundled RabbitMQ (rabbitmq.bundled.enabled=true) and an external one (rabbitmq.external.existingSecret=%q) are set; set rabbitmq.bundled.enabled=false to use the external one, or clear rabbitmq.external.existingSecret" $mq.external.existingSecret) -}}
{{- end -}}
{{- if and (not $mq.bundled.enabled) (not $mq.external.existingSecret) -}}
{{- fail "rabbitmq: the multi-node chart needs RabbitMQ (the web process publishes jobs, the workers consume them): rabbitmq.bundled.enabled is false and rabbitmq.external.existingSecret is empty; name the Secret holding the amqp:// URL (key rabbitmq.external.key) or enable the bundled RabbitMQ; for no RabbitMQ at all use the single-node chart" -}}
{{- end -}}
{{- end -}}
{{- if and .Values.admin.existingSecret (not .Values.admin.email) -}}
{{- fail "admin.existingSecret is set but admin.email is empty: the platform uses the password only together with KUBEBYON_ADMIN_EMAIL; set admin.email" -}}
{{- end -}}
{{- if and .Values.httpRoute.enabled (not .Values.httpRoute.parentRefs) -}}
{{- fail "httpRoute.enabled is true but httpRoute.parentRefs is empty: name the Gateway the route attaches to, e.g. [{name: my-gateway, namespace: gateway-system}]" -}}
{{- end -}}
{{- if and (eq .Values.publicAccess.provider "gatewayapi") (not .Values.gatewayAPI.controlPlane.enabled) -}}
{{- fail "publicAccess.provider is gatewayapi but gatewayAPI.controlPlane.enabled is false: the provider routes clusters through the chart's shared control-plane Gateway; set gatewayAPI.controlPlane.enabled=true (with gatewayAPI.controlPlane.gatewayClassName), or choose publicAccess.provider haproxy or servicelb" -}}
{{- end -}}
{{- $w := .Values.gatewayAPI.workload -}}
{{- if and $w.tls.enabled (not $w.tls.issuer.name) -}}
{{- fail "gatewayAPI.workload.tls.enabled is true but gatewayAPI.workload.tls.issuer.name is empty: name the cert-manager ClusterIssuer (or Issuer in the Gateway's namespace, with tls.issuer.kind=Issuer) that signs the workload certificates, e.g. --set gatewayAPI.workload.tls.issuer.name=letsencrypt" -}}
{{- end -}}
{{- if and $w.tls.selfManaged.enabled (not $w.tls.enabled) -}}
{{- fail "gatewayAPI.workload.tls.selfManaged.enabled is true but gatewayAPI.workload.tls.enabled is false: self-managed hostnames are served by the platform's HTTPS listeners; set gatewayAPI.workload.tls.enabled=true (with tls.issuer.name) or turn selfManaged off" -}}
{{- end -}}
{{- if and ($w.tls.enabled) (not $w.enabled) -}}
{{- fail "gatewayAPI.workload.tls.enabled is true but gatewayAPI.workload.enabled is false: the certificates serve the workload Gateway's HTTPS listeners; set gatewayAPI.workload.enabled=true (with gatewayAPI.workload.gatewayClassName)" -}}
{{- end -}}
{{- if and $w.podCIDRRoute.enabled (not $w.enabled) -}}
{{- fail "gatewayAPI.workload.podCIDRRoute.enabled is true but gatewayAPI.workload.enabled is false: the routes let the workload Gateway reach pod IPs; set gatewayAPI.workload.enabled=true (with gatewayAPI.workload.gatewayClassName) or turn podCIDRRoute off" -}}
{{- end -}}
{{- if and .Values.vcluster.longhorn.enabled (not .Values.vcluster.longhorn.storageClass) -}}
{{- fail "vcluster.longhorn.enabled is true but vcluster.longhorn.storageClass is empty: name Longhorn's StorageClass (usually longhorn)" -}}
{{- end -}}
{{- end -}}
