{{/*
The web and worker Deployments: (dict "ctx" . "component" "web"|"worker").
Both run the same settings (ConfigMap <fullname>-config via envFrom, secrets via secretKeyRef), as
uid 10001 with a read-only root filesystem; the only writable places are the emptyDirs below.
*/}}

{{- define "kubebyon.secretEnv" -}}
{{- $ctx := .ctx -}}
{{- $fullname := include "kubebyon.fullname" $ctx -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      {{- if $ctx.Values.database.bundled.enabled }}
      name: {{ printf "%s-postgres" $fullname }}
      key: url
      {{- else }}
      name: {{ $ctx.Values.database.external.existingSecret }}
      key: {{ $ctx.Values.database.external.key }}
      {{- end }}
{{- if include "kubebyon.multiNode" $ctx }}
- name: KUBEBYON_RABBITMQ_URL
  valueFrom:
    secretKeyRef:
      {{- if $ctx.Values.rabbitmq.bundled.enabled }}
      name: {{ printf "%s-rabbitmq" $fullname }}
      key: url
      {{- else }}
      name: {{ $ctx.Values.rabbitmq.external.existingSecret }}
      key: {{ $ctx.Values.rabbitmq.external.key }}
      {{- end }}
{{- end }}
{{- /* The worker needs the auth secret only for the admission webhook: its configuration sync derives the URL token and opens the platform CA with it. */}}
{{- if or (eq .component "web") (and $ctx.Values.admissionWebhook $ctx.Values.admissionWebhook.enabled) }}
- name: KUBEBYON_AUTH_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "kubebyon.authSecretName" $ctx }}
      key: authSecret
{{- end }}
{{- if eq .component "web" }}
{{- if $ctx.Values.admin.existingSecret }}
- name: KUBEBYON_ADMIN_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $ctx.Values.admin.existingSecret }}
      key: password
{{- end }}
{{- end }}
{{- end -}}

{{- define "kubebyon.deployment" -}}
{{- $ctx := .ctx -}}
{{- $component := .component -}}
{{- $values := index $ctx.Values $component -}}
{{- $fullname := include "kubebyon.fullname" $ctx -}}
{{- $web := eq $component "web" -}}
{{- $edge := include "kubebyon.edgeSidecar" (dict "ctx" $ctx "component" $component) -}}
{{- $localRoutes := include "kubebyon.localPodRoutes" (dict "ctx" $ctx "component" $component) -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" $ctx "name" (printf "%s-%s" $fullname $component) "component" $component) | nindent 2 }}
spec:
  {{- if and $web (not (include "kubebyon.multiNode" $ctx)) }}
  # Single-node: this one process also runs the cluster jobs, so there is never a second one.
  replicas: 1
  strategy:
    type: Recreate
  {{- else }}
  replicas: {{ $values.replicas }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 0
      maxSurge: 1
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" $ctx "component" $component) | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "kubebyon.labels" (dict "ctx" $ctx "component" $component) | nindent 8 }}
        {{- with $ctx.Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        # A changed setting or vCluster base values file restarts the pods.
        checksum/config: {{ include "kubebyon.configData" $ctx | sha256sum }}
        checksum/vcluster-values: {{ include "kubebyon.vclusterValues" $ctx | sha256sum }}
        {{- with $ctx.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "kubebyon.serviceAccountName" $ctx }}
      # In-cluster mode: the platform and its helm talk to the host API as this ServiceAccount.
      automountServiceAccountToken: true
      {{- if $localRoutes }}
      # gatewayAPI.workload.podCIDRRoute.mode=local: this process writes the PodCIDR routes into the
      # routing table of the node it runs on, so it shares the node's network namespace (its ports
      # are the node's ports, NetworkPolicies no longer select it, and it sees the node's interfaces).
      hostNetwork: true
      dnsPolicy: ClusterFirstWithHostNet
      {{- end }}
      {{- with $ctx.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        fsGroup: 10001
        seccompProfile:
          type: RuntimeDefault
      {{- if $edge }}
      initContainers:
        {{- include "kubebyon.edgeInitContainer" (dict "ctx" $ctx "component" $component) | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ $component }}
          image: {{ include "kubebyon.image" (dict "ctx" $ctx "component" $component) | quote }}
          imagePullPolicy: {{ $ctx.Values.image.pullPolicy }}
          {{- if $web }}
          # The image's ENTRYPOINT with the port from web.port (the same port as KUBEBYON_HTTP_ADDR).
          command: ["node", "node_modules/next/dist/bin/next", "start", "-H", "0.0.0.0", "-p", {{ $ctx.Values.web.port | toString | quote }}]
          ports:
            - name: http
              containerPort: {{ $ctx.Values.web.port }}
              protocol: TCP
            {{- if $ctx.Values.admissionWebhook.enabled }}
            # The admission webhook's HTTPS listener (KUBEBYON_ADMISSION_WEBHOOK_LISTEN), behind Service <fullname>-admission.
            - name: admission
              containerPort: {{ $ctx.Values.admissionWebhook.port }}
              protocol: TCP
            {{- end }}
          {{- else }}
          ports:
            # /healthz, /readyz and /metrics (KUBEBYON_WORKER_HTTP_ADDR; worker/worker-http.ts).
            - name: metrics
              containerPort: {{ $ctx.Values.worker.metricsPort }}
              protocol: TCP
          {{- end }}
          envFrom:
            - configMapRef:
                name: {{ printf "%s-config" $fullname }}
            {{- with $ctx.Values.secretEnv.existingSecret }}
            - secretRef:
                name: {{ . }}
            {{- end }}
          env:
            {{- include "kubebyon.secretEnv" (dict "ctx" $ctx "component" $component) | nindent 12 }}
          {{- $probePort := ternary "http" "metrics" $web }}
          # Migrations run at start-up, before /healthz answers: the startup probe gives them
          # 10 minutes (120 x 5 s) before liveness takes over.
          startupProbe:
            httpGet:
              path: /healthz
              port: {{ $probePort }}
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 120
          # Liveness is the process answering, never its dependencies: a restart does not bring PostgreSQL back.
          livenessProbe:
            httpGet:
              path: /healthz
              port: {{ $probePort }}
            periodSeconds: 15
            timeoutSeconds: 5
            failureThreshold: 4
          # web: 200 only once PostgreSQL (and RabbitMQ in multi-node) answer. worker: PostgreSQL answers,
          # its job runner leases and its background tasks run (RabbitMQ only speeds up wake-ups).
          readinessProbe:
            httpGet:
              path: /readyz
              port: {{ $probePort }}
            periodSeconds: 10
            timeoutSeconds: 5
            failureThreshold: 3
          {{- with $values.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          securityContext:
            {{- if $localRoutes }}
            # `ip route` over netlink needs CAP_NET_ADMIN in the effective set, which Kubernetes gives
            # a non-root process only in the bounding set: uid 0 with NET_ADMIN as its one capability.
            runAsUser: 0
            runAsGroup: 0
            runAsNonRoot: false
            {{- end }}
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: ["ALL"]
              {{- if $localRoutes }}
              add: ["NET_ADMIN"]
              {{- end }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            # HOME: helm's cache, config and data directories.
            - name: home
              mountPath: /home/kubebyon
            {{- if $web }}
            - name: next-cache
              mountPath: /app/.next/cache
            {{- end }}
            - name: vcluster-values
              mountPath: /etc/kubebyon/vcluster
              readOnly: true
            {{- if $edge }}
            # The edge's haproxy.cfg (written and reloaded by the platform) and the sidecar's sockets.
            - name: haproxy-run
              mountPath: /run/haproxy
            {{- end }}
            {{- with $ctx.Values.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
        {{- if $edge }}
        {{- include "kubebyon.edgeContainer" (dict "ctx" $ctx "component" $component) | nindent 8 }}
        {{- end }}
      volumes:
        - name: tmp
          emptyDir: {}
        - name: home
          emptyDir: {}
        {{- if $web }}
        - name: next-cache
          emptyDir: {}
        {{- end }}
        - name: vcluster-values
          configMap:
            name: {{ printf "%s-vcluster-values" $fullname }}
        {{- if $edge }}
        - name: haproxy-run
          emptyDir: {}
        - name: edge-bootstrap
          configMap:
            name: {{ printf "%s-edge-bootstrap" $fullname }}
        {{- end }}
        {{- with $ctx.Values.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- with $ctx.Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $ctx.Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $ctx.Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}
