{{/*
The shared control-plane Gateway (gatewayAPI.controlPlane, issue 12 "gatewayapi" provider): one TLS
listener on 443 in Passthrough mode (the vCluster API servers keep their own certificates) that
accepts TLSRoutes only, from the cluster namespaces (labelled kubebyon.io/cluster-id, the label
the platform puts on each cluster's host namespace; CLUSTER_ID_LABEL in
src/server/services/clusters/control-plane-provisioner.ts). With the gatewayapi provider the
cluster jobs attach one TLSRoute per loadbalancer cluster to it (KUBEBYON_GATEWAY_*, _configmap.tpl;
docs/control-plane-edge.md).
*/}}
{{- define "kubebyon.controlPlaneGateway" -}}
{{- $c := .Values.gatewayAPI.controlPlane -}}
{{- if $c.enabled -}}
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" . "name" (include "kubebyon.controlPlaneGatewayName" .) "namespace" (include "kubebyon.controlPlaneGatewayNamespace" .) "component" "control-plane-gateway") | nindent 2 }}
  {{- with $c.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  gatewayClassName: {{ $c.gatewayClassName | quote }}
  listeners:
    - name: {{ $c.listenerName }}
      protocol: TLS
      port: 443
      {{- with $c.hostname }}
      hostname: {{ . | quote }}
      {{- end }}
      tls:
        mode: Passthrough
      allowedRoutes:
        kinds:
          - group: gateway.networking.k8s.io
            kind: TLSRoute
        namespaces:
          from: Selector
          selector:
            matchExpressions:
              - key: kubebyon.io/cluster-id
                operator: Exists
{{- end -}}
{{- end -}}
