{{/* PodDisruptionBudget of one Deployment when <component>.podDisruptionBudget.enabled: (dict "ctx" . "component" "web"). */}}
{{- define "kubebyon.podDisruptionBudget" -}}
{{- $pdb := (index .ctx.Values .component).podDisruptionBudget -}}
{{- if $pdb.enabled -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "kubebyon.metadata" (dict "ctx" .ctx "name" (printf "%s-%s" (include "kubebyon.fullname" .ctx) .component) "component" .component) | nindent 2 }}
spec:
  minAvailable: {{ $pdb.minAvailable }}
  selector:
    matchLabels:
      {{- include "kubebyon.selectorLabels" (dict "ctx" .ctx "component" .component) | nindent 6 }}
{{- end -}}
{{- end -}}
