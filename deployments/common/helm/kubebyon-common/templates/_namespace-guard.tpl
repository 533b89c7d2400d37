{{/*
RBAC cannot say "only namespaces you created": the cluster-wide role lets the platform create
RoleBindings (to bind the tenant ClusterRole) and delete namespaces anywhere. This
ValidatingAdmissionPolicy (Kubernetes >= 1.30) narrows both to the platform's own cluster
namespaces, those labelled kubebyon.io/cluster-id (the label every cluster namespace gets at
creation): as the platform's ServiceAccount, a namespace may only be created with that label,
changed or deleted when it already has it, and a RoleBinding may only be written inside one.
Requests of anyone else are not matched.
*/}}

{{- define "kubebyon.namespaceGuardName" -}}
{{- printf "%s-namespace-guard" (include "kubebyon.fullname" .) -}}
{{- end -}}

{{- define "kubebyon.namespaceGuardPolicy" -}}
{{- if and .Values.rbac.create .Values.rbac.namespaceGuard.enabled -}}
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: {{ include "kubebyon.namespaceGuardName" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "rbac") | nindent 4 }}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE", "DELETE"]
        resources: ["namespaces"]
      - apiGroups: ["rbac.authorization.k8s.io"]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE"]
        resources: ["rolebindings"]
  matchConditions:
    - name: the-platform-service-account
      expression: {{ printf "request.userInfo.username == 'system:serviceaccount:%s:%s'" .Release.Namespace (include "kubebyon.serviceAccountName" .) | quote }}
  variables:
    - name: label
      expression: "'kubebyon.io/cluster-id'"
    - name: ownNamespace
      expression: "request.resource.resource == 'namespaces' && request.operation == 'CREATE' ? has(object.metadata.labels) && variables.label in object.metadata.labels : request.resource.resource == 'namespaces' ? has(oldObject.metadata.labels) && variables.label in oldObject.metadata.labels : namespaceObject != null && has(namespaceObject.metadata.labels) && variables.label in namespaceObject.metadata.labels"
  validations:
    - expression: "variables.ownNamespace"
      messageExpression: {{ printf "'%s: the platform may only ' + (request.resource.resource == 'namespaces' ? request.operation.lowerAscii() + ' namespaces labelled kubebyon.io/cluster-id' : 'write RoleBindings in namespaces labelled kubebyon.io/cluster-id') + ' (its cluster namespaces); namespace ' + (request.resource.resource == 'namespaces' ? request.name : request.namespace) + ' is not one'" (include "kubebyon.namespaceGuardName" .) | quote }}
      reason: Forbidden
{{- end -}}
{{- end -}}

{{- define "kubebyon.namespaceGuardBinding" -}}
{{- if and .Values.rbac.create .Values.rbac.namespaceGuard.enabled -}}
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: {{ include "kubebyon.namespaceGuardName" . }}
  labels:
    {{- include "kubebyon.labels" (dict "ctx" . "component" "rbac") | nindent 4 }}
spec:
  policyName: {{ include "kubebyon.namespaceGuardName" . }}
  validationActions: [Deny]
{{- end -}}
{{- end -}}
