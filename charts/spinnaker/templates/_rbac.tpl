{{/* ---------------------------------------------------------------------
ServiceAccounts and RBAC: each service's ServiceAccount, whether clouddriver gets
access to its own cluster (`rbac.clouddriver.access`), and its RBAC rules (used by
rbac.yaml).
--------------------------------------------------------------------- */}}

{{- /*
What clouddriver's kubernetes provider reads and deploys in a namespace: the
workload, networking, config and policy kinds it has handlers for, plus the
scale subresources its scale operation patches.
*/ -}}
{{- define "spinnaker.clouddriverRules" -}}
{{- $manage := list "get" "list" "watch" "create" "update" "patch" "delete" -}}
- apiGroups: [""]
  resources: [configmaps, endpoints, events, limitranges, persistentvolumeclaims, pods, replicationcontrollers,
              resourcequotas, secrets, serviceaccounts, services]
  verbs: {{ toJson $manage }}
- apiGroups: [""]
  resources: [pods/log]
  verbs: [get, list]
- apiGroups: [apps]
  resources: [controllerrevisions, daemonsets, deployments, replicasets, statefulsets]
  verbs: {{ toJson $manage }}
- apiGroups: [apps]
  resources: [deployments/scale, replicasets/scale, statefulsets/scale]
  verbs: [get, update, patch]
- apiGroups: [batch]
  resources: [cronjobs, jobs]
  verbs: {{ toJson $manage }}
- apiGroups: [autoscaling]
  resources: [horizontalpodautoscalers]
  verbs: {{ toJson $manage }}
- apiGroups: [networking.k8s.io]
  resources: [ingresses, networkpolicies]
  verbs: {{ toJson $manage }}
- apiGroups: [policy]
  resources: [poddisruptionbudgets]
  verbs: {{ toJson $manage }}
- apiGroups: [rbac.authorization.k8s.io]
  resources: [rolebindings, roles]
  verbs: {{ toJson $manage }}
- apiGroups: [events.k8s.io]
  resources: [events]
  verbs: [get, list, watch]
{{- end -}}

{{- /* The cluster-scoped kinds clouddriver lists or deploys with cluster access. */ -}}
{{- define "spinnaker.clouddriverClusterRules" -}}
{{- $manage := list "get" "list" "watch" "create" "update" "patch" "delete" -}}
- apiGroups: [""]
  resources: [namespaces, persistentvolumes]
  verbs: {{ toJson $manage }}
- apiGroups: [""]
  resources: [nodes]
  verbs: [get, list, watch]
- apiGroups: [storage.k8s.io]
  resources: [storageclasses]
  verbs: {{ toJson $manage }}
- apiGroups: [rbac.authorization.k8s.io]
  resources: [clusterrolebindings, clusterroles]
  verbs: {{ toJson $manage }}
- apiGroups: [apiextensions.k8s.io]
  resources: [customresourcedefinitions]
  verbs: [get, list, watch]
{{- end -}}

{{/* The ServiceAccount of a base service. (dict "ctx" $ "name" SERVICE) */}}
{{- define "spinnaker.serviceAccountName" -}}
{{- $own := (get (.ctx.Values.services | default dict) .name | default dict).serviceAccountName | default "" -}}
{{- if $own -}}
{{- $own -}}
{{- else if .ctx.Values.rbac.create -}}
{{- include "spinnaker.componentName" . -}}
{{- else -}}
default
{{- end -}}
{{- end -}}

{{/*
"true" when service NAME gets access to its own cluster: it has the facts
table's `clusterAccess` (clouddriver) and `spinnaker.clouddriverAccess`.
Its pods then mount their ServiceAccount token. (dict "ctx" $ "name" NAME)
*/}}
{{- define "spinnaker.clusterAccess" -}}
{{- $facts := get (include "spinnaker.facts" .ctx | fromJson).services .name | default dict -}}
{{- if and (get $facts "clusterAccess") (include "spinnaker.clouddriverAccess" .ctx) -}}true{{- end -}}
{{- end -}}

{{/* "true" when clouddriver gets access to its own cluster (namespace or cluster RBAC). */}}
{{- define "spinnaker.clouddriverAccess" -}}
{{- $access := .Values.rbac.clouddriver.access | default "none" -}}
{{- if not (has $access (list "none" "namespace" "cluster")) -}}
{{- fail (printf "rbac.clouddriver.access must be none, namespace or cluster, not %q" $access) -}}
{{- end -}}
{{- if and .Values.rbac.create (ne $access "none") -}}true{{- end -}}
{{- end -}}
