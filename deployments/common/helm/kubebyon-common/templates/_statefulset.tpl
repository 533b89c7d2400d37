{{/*
The bundled backing stores, one pod each: PostgreSQL (both charts) and RabbitMQ (multi-node).
Both run as their image's own user (999) with a read-only root filesystem; data lives on the
volume claim (kept by Kubernetes on `helm uninstall`, like the generated passwords).
*/}}

{{- define "kubebyon.backingPodSecurity" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 999
  runAsGroup: 999
  fsGroup: 999
  seccompProfile:
    type: RuntimeDefault
{{- end -}}

{{- define "kubebyon.backingContainerSecurity" -}}
securityContext:
  allowPrivilegeEscalation: false
  readOnlyRootFilesystem: true
  capabilities:
    drop: ["ALL"]
{{- end -}}

{{/* (dict "ctx" . "persistence" <values>) */}}
{{- define "kubebyon.volumeClaimTemplate" -}}
volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      {{- with .persistence.storageClass }}
      storageClassName: {{ . }}
      {{- end }}
      resources:
        requests:
          storage: {{ .persistence.size }}
{{- end -}}

{{- define "kubebyon.postgresStatefulSet" -}}
{{- if .Values.database.bundled.enabled -}}
{{- $name := printf "%s-postgres" (include "kubebyon.fullname" .) -}}
{{- $pg := .Values.database.bundled -}}
apiVersion: apps/v1
kind: StatefulSet
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" $name "component" "postgres") | nindent 2 }}
spec:
  serviceName: {{ $name }}
  replicas: 1
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "postgres") | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "kubebyon.labels" (dict "ctx" . "component" "postgres") | nindent 8 }}
    spec:
      automountServiceAccountToken: false
      {{- include "kubebyon.backingPodSecurity" . | nindent 6 }}
      containers:
        - name: postgres
          image: {{ $pg.image | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          env:
            - name: POSTGRES_USER
              value: kubebyon
            - name: POSTGRES_DB
              value: kubebyon
            - name: POSTGRES_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: {{ $name }}
                  key: password
          ports:
            - name: postgres
              containerPort: 5432
              protocol: TCP
          readinessProbe:
            exec:
              command: ["pg_isready", "-h", "127.0.0.1", "-U", "kubebyon", "-d", "kubebyon"]
            periodSeconds: 5
            timeoutSeconds: 5
            failureThreshold: 6
          livenessProbe:
            exec:
              command: ["pg_isready", "-h", "127.0.0.1", "-U", "kubebyon", "-d", "kubebyon"]
            initialDelaySeconds: 30
            periodSeconds: 15
            timeoutSeconds: 5
            failureThreshold: 6
          {{- with $pg.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- include "kubebyon.backingContainerSecurity" . | nindent 10 }}
          volumeMounts:
            # PostgreSQL 18 images keep PGDATA under /var/lib/postgresql/18/docker: mount the parent.
            - name: data
              mountPath: /var/lib/postgresql
            - name: run
              mountPath: /var/run/postgresql
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: run
          emptyDir: {}
        - name: tmp
          emptyDir: {}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
  {{- include "kubebyon.volumeClaimTemplate" (dict "ctx" . "persistence" $pg.persistence) | nindent 2 }}
{{- end -}}
{{- end -}}

{{- define "kubebyon.rabbitmqStatefulSet" -}}
{{- if .Values.rabbitmq.bundled.enabled -}}
{{- $name := printf "%s-rabbitmq" (include "kubebyon.fullname" .) -}}
{{- $mq := .Values.rabbitmq.bundled -}}
apiVersion: apps/v1
kind: StatefulSet
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" $name "component" "rabbitmq") | nindent 2 }}
spec:
  serviceName: {{ $name }}
  replicas: 1
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "rabbitmq") | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "kubebyon.labels" (dict "ctx" . "component" "rabbitmq") | nindent 8 }}
    spec:
      automountServiceAccountToken: false
      {{- include "kubebyon.backingPodSecurity" . | nindent 6 }}
      containers:
        - name: rabbitmq
          image: {{ $mq.image | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          env:
            - name: RABBITMQ_DEFAULT_USER
              value: kubebyon
            - name: RABBITMQ_DEFAULT_PASS
              valueFrom:
                secretKeyRef:
                  name: {{ $name }}
                  key: password
            # RabbitMQ keeps its data per node name; a fixed one survives pod rescheduling.
            - name: RABBITMQ_NODENAME
              value: rabbit@localhost
          ports:
            - name: amqp
              containerPort: 5672
              protocol: TCP
          readinessProbe:
            exec:
              command: ["rabbitmq-diagnostics", "-q", "check_port_connectivity"]
            initialDelaySeconds: 10
            periodSeconds: 10
            timeoutSeconds: 10
            failureThreshold: 6
          livenessProbe:
            exec:
              command: ["rabbitmq-diagnostics", "-q", "ping"]
            initialDelaySeconds: 60
            periodSeconds: 30
            timeoutSeconds: 10
            failureThreshold: 6
          {{- with $mq.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- include "kubebyon.backingContainerSecurity" . | nindent 10 }}
          volumeMounts:
            - name: data
              mountPath: /var/lib/rabbitmq
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
  {{- include "kubebyon.volumeClaimTemplate" (dict "ctx" . "persistence" $mq.persistence) | nindent 2 }}
{{- end -}}
{{- end -}}
