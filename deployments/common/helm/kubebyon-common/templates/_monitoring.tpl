{{/*
Monitoring (monitoring.*; docs/metrics.md "Monitoring resources"), each off by default: ServiceMonitors for
the prometheus-operator (web; in multi-node also the workers through Service <fullname>-worker-metrics), a
PrometheusRule with the alerts an operator needs, and a Grafana dashboard ConfigMap for Grafana's sidecar.
Single-node has no worker: its web process runs the jobs and the background tasks, so its /metrics
carries every metric and the web ServiceMonitor is the only one.
*/}}

{{/* Service <fullname>-worker-metrics (multi-node): the workers' `metrics` port, for the worker ServiceMonitor and ad-hoc scrapes. */}}
{{- define "kubebyon.workerMetricsService" -}}
{{- if include "kubebyon.multiNode" . -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (printf "%s-worker-metrics" (include "kubebyon.fullname" .)) "component" "worker") | nindent 2 }}
spec:
  type: ClusterIP
  selector:
    {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "worker") | nindent 4 }}
  ports:
    - name: metrics
      port: {{ .Values.worker.metricsPort }}
      targetPort: metrics
      protocol: TCP
{{- end -}}
{{- end -}}

{{/* Labels of a monitoring object: the chart's, plus monitoring.<kind>.labels (e.g. the operator's release selector). */}}
{{- define "kubebyon.monitoringMetadata" -}}
{{- $meta := include "kubebyon.metadata" (dict "ctx" .ctx "name" .name "component" .component "namespace" .namespace) | fromYaml -}}
{{- $_ := set $meta "labels" (mergeOverwrite $meta.labels (deepCopy (.labels | default dict))) -}}
{{- with .annotations }}{{- $_ := set $meta "annotations" . -}}{{- end -}}
{{- toYaml $meta -}}
{{- end -}}

{{/* ServiceMonitor <fullname>-<component>: (dict "ctx" . "component" "web"|"worker" "port" "http"|"metrics"). */}}
{{- define "kubebyon.serviceMonitor" -}}
{{- $ctx := .ctx -}}
{{- $sm := $ctx.Values.monitoring.serviceMonitor -}}
{{- if and $sm.enabled (or (eq .component "web") (include "kubebyon.multiNode" $ctx)) -}}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  {{- include "kubebyon.monitoringMetadata" (dict "ctx" $ctx "name" (printf "%s-%s" (include "kubebyon.fullname" $ctx) .component) "component" .component "labels" $sm.labels) | nindent 2 }}
spec:
  namespaceSelector:
    matchNames: [{{ $ctx.Release.Namespace | quote }}]
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" $ctx "component" .component) | nindent 6 }}
  endpoints:
    - port: {{ .port }}
      path: /metrics
      interval: {{ $sm.interval }}
      {{- with $sm.scrapeTimeout }}
      scrapeTimeout: {{ . }}
      {{- end }}
{{- end -}}
{{- end -}}

{{/*
PrometheusRule <fullname>: alerts on the platform's own metrics. The database-backed gauges (kubebyon_jobs,
kubebyon_clusters) are reported alike by every process that is scraped, so they are aggregated with max(),
never sum(). Expressions are validated with Prometheus' PromQL parser in e2e/deployments/monitoring-chart.integration-test.ts.
*/}}
{{- define "kubebyon.prometheusRule" -}}
{{- $rule := .Values.monitoring.prometheusRule -}}
{{- if $rule.enabled -}}
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  {{- include "kubebyon.monitoringMetadata" (dict "ctx" . "name" (include "kubebyon.fullname" .) "component" "monitoring" "labels" $rule.labels) | nindent 2 }}
spec:
  groups:
    - name: kubebyon.background-tasks
      rules:
        - alert: KubebyonTaskFailing
          # A background task failed its last runs in a row (kubebyon_task_error_streak resets on a success).
          expr: max by (task) (kubebyon_task_error_streak) >= {{ int $rule.taskErrorStreak }}
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: {{ `Background task {{ $labels.task }} keeps failing` | quote }}
            description: {{ `Task {{ $labels.task }} failed its last {{ $value }} runs; its log lines (task={{ $labels.task }}) say why.` | quote }}
        - alert: KubebyonTaskLate
          # Late: the process that runs it (leading) has not seen a success for three intervals. A task that has not
          # succeeded since its process started counts from the process's start, not from 1970.
          expr: >-
            (
              time() - (
                (kubebyon_task_last_success_timestamp_seconds > 0)
                or (kubebyon_task_interval_seconds * 0 + on (instance, job) group_left kubebyon_process_start_time_seconds)
              )
              > 3 * kubebyon_task_interval_seconds
            )
            and (kubebyon_task_leading == 1)
          for: 5m
          labels:
            severity: warning
          annotations:
            summary: {{ `Background task {{ $labels.task }} is late` | quote }}
            description: {{ `Task {{ $labels.task }} has not succeeded for more than three of its intervals in the process that runs it ({{ $labels.instance }}).` | quote }}
    - name: kubebyon.jobs
      rules:
        - alert: KubebyonJobBacklogGrowing
          # Pending cluster jobs pile up: more than the threshold, and more than 30 minutes ago.
          expr: max by (kind) (kubebyon_jobs{status="pending"}) > {{ int $rule.jobBacklogThreshold }} and max by (kind) (delta(kubebyon_jobs{status="pending"}[30m])) > 0
          for: 15m
          labels:
            severity: warning
          annotations:
            summary: {{ `Cluster job backlog of kind {{ $labels.kind }} is growing` | quote }}
            description: {{ `{{ $value }} more pending {{ $labels.kind }} jobs than 30 minutes ago: are the workers running and leasing (their /readyz)?` | quote }}
        - alert: KubebyonJobsFailing
          # A job ended for good as failed (retrying cannot help) or dead (every attempt used): its cluster is in error.
          expr: sum by (kind) (increase(kubebyon_job_failures_total[15m])) > 0
          labels:
            severity: warning
          annotations:
            summary: {{ `Cluster jobs of kind {{ $labels.kind }} are failing` | quote }}
            description: {{ `{{ $value }} {{ $labels.kind }} jobs ended failed or dead in the last 15 minutes; the admin job list shows last_error.` | quote }}
        - alert: KubebyonJobLeaseExpiries
          # A runner stopped renewing a lease (crashed, hung or cut off from PostgreSQL) and another took the job over.
          expr: sum by (kind) (increase(kubebyon_job_lease_expiries_total[30m])) > 0
          labels:
            severity: warning
          annotations:
            summary: {{ `Job leases of kind {{ $labels.kind }} expired` | quote }}
            description: {{ `{{ $value }} {{ $labels.kind }} jobs were taken over after their runner's lease expired in the last 30 minutes: look for restarted or stuck workers.` | quote }}
    - name: kubebyon.clusters
      rules:
        - alert: KubebyonClustersUnreachable
          expr: max(kubebyon_clusters{connection_status="unreachable"}) > 0
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: "Clusters are unreachable"
            description: {{ `{{ $value }} live clusters have connection_status unreachable: the platform cannot reach their control planes.` | quote }}
    - name: kubebyon.admission
      rules:
        - alert: KubebyonAdmissionWebhookErrors
          # decision="error": the webhook could not decide (unknown cluster, malformed review, usage unreadable).
          expr: sum(rate(kubebyon_admission_requests_total{decision="error"}[10m])) > 0
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: "The admission webhook answers with errors"
            description: {{ `{{ $value }} admission reviews per second end in an error; with failurePolicy Fail the vClusters refuse those Nodes and Pods.` | quote }}
{{- end -}}
{{- end -}}

{{/* ConfigMap <fullname>-grafana-dashboard: the dashboard below, labelled for Grafana's dashboard sidecar. */}}
{{- define "kubebyon.grafanaDashboardConfigMap" -}}
{{- $g := .Values.monitoring.grafanaDashboard -}}
{{- if $g.enabled -}}
apiVersion: v1
kind: ConfigMap
metadata:
  {{- include "kubebyon.monitoringMetadata" (dict "ctx" . "name" (printf "%s-grafana-dashboard" (include "kubebyon.fullname" .)) "component" "monitoring" "labels" $g.labels "annotations" $g.annotations "namespace" $g.namespace) | nindent 2 }}
data:
  kubebyon.json: |
    {{- include "kubebyon.grafanaDashboard" . | nindent 4 }}
{{- end -}}
{{- end -}}
