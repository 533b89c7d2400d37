{{/*
The route agent DaemonSet (gatewayAPI.workload.podCIDRRoute.enabled with mode routeagent;
docs/workload-edge-podcidr-routes.md). One pod per host node watches the
workloadpodcidrnoderouteplans object named after its node and converges that node's main routing
table to it (routes with protocol podCIDRRoute.protocol only), writing the result into the plan's
status. It opens no port and talks only to the host API server, as ServiceAccount <fullname>-route-agent.
*/}}

{{/* <routeAgent.image.repository or image.repository>/kubebyon-route-agent:<routeAgent.image.tag or image.tag or appVersion>. */}}
{{- define "kubebyon.routeAgentImage" -}}
{{- $a := .Values.gatewayAPI.workload.routeAgent.image -}}
{{- $repository := $a.repository | default .Values.image.repository | trimSuffix "/" -}}
{{- $tag := $a.tag | default .Values.image.tag | default .Chart.AppVersion | toString -}}
{{- printf "%s/kubebyon-route-agent:%s" $repository $tag -}}
{{- end -}}

{{- define "kubebyon.routeAgentDaemonSet" -}}
{{- if eq (include "kubebyon.podCIDRRouteMode" .) "routeagent" -}}
{{- $w := .Values.gatewayAPI.workload -}}
{{- $agent := $w.routeAgent -}}
apiVersion: apps/v1
kind: DaemonSet
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.routeAgentName" .) "component" "route-agent") | nindent 2 }}
spec:
  revisionHistoryLimit: 5
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      # Routes stay in the kernel while a node's agent restarts: nothing is withdrawn during a rollout.
      maxUnavailable: 1
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" . "component" "route-agent") | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "kubebyon.labels" (dict "ctx" . "component" "route-agent") | nindent 8 }}
    spec:
      serviceAccountName: {{ include "kubebyon.routeAgentName" . }}
      automountServiceAccountToken: true
      # The routes go into the node's own routing table, which only a pod in the host's network
      # namespace can change; the agent reaches the API server by its Service IP (no cluster DNS needed).
      hostNetwork: true
      dnsPolicy: ClusterFirstWithHostNet
      {{- with .Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: route-agent
          image: {{ include "kubebyon.routeAgentImage" . | quote }}
          imagePullPolicy: {{ $agent.image.pullPolicy | default .Values.image.pullPolicy }}
          # npm run route-agent (tsx route-agent/main.ts), as the worker image runs worker/main.ts.
          command: ["node", "node_modules/tsx/dist/cli.mjs", "route-agent/main.ts"]
          env:
            - name: KUBEBYON_ROUTE_AGENT_NODE_NAME
              valueFrom:
                fieldRef:
                  fieldPath: spec.nodeName
            - name: KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO
              value: {{ int $w.podCIDRRoute.protocol | toString | quote }}
            - name: KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS
              value: {{ int $agent.resyncSeconds | toString | quote }}
            - name: KUBEBYON_LOG_LEVEL
              value: {{ .Values.config.KUBEBYON_LOG_LEVEL | default "info" | toString | quote }}
          # No probes: the agent serves no port, and a failed convergence is reported in the plan's
          # status (condition Applied), where operators read it (kubectl get workloadpodcidrnoderouteplans), not by restarting the pod.
          {{- with $agent.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          securityContext:
            # `ip route replace/del` changes routes over netlink, which needs CAP_NET_ADMIN in the
            # process's effective set. Kubernetes grants added capabilities to a non-root process only
            # in the bounding set (no ambient capabilities), so the `ip` the agent runs would lose it:
            # uid 0 with every capability dropped except NET_ADMIN is the least that works.
            runAsUser: 0
            runAsGroup: 0
            runAsNonRoot: false
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: ["ALL"]
              add: ["NET_ADMIN"]
          volumeMounts:
            # tsx's transpile cache.
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
      {{- with $agent.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $agent.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}
{{- end -}}
