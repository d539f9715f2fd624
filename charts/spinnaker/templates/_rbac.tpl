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
"true" when the chart creates ServiceAccount ACCOUNT: with `rbac.create`, unless
`rbac.serviceAccounts.<account>.create` is false (an account that exists, with
the RBAC its owner gave it). The namespace's `default` always exists.
(dict "ctx" $ "account" NAME)
*/}}
{{- define "spinnaker.serviceAccountCreated" -}}
{{- $own := get (.ctx.Values.rbac.serviceAccounts | default dict) .account | default dict -}}
{{- if and .ctx.Values.rbac.create (ne .account "default") (not (and (kindIs "map" $own) (eq (toString (get $own "create")) "false"))) -}}true{{- end -}}
{{- end -}}

{{/*
The kubernetes accounts that act as clouddriver's own ServiceAccount, as a JSON
list of {name, namespaces, listed}: `serviceAccount: true`, or neither
`kubeconfigFile` nor `kubeconfigContents` (kubectl then takes the pod's
in-cluster credentials), in an enabled kubernetes provider. `namespaces`: the
plain names it lists (a secret reference cannot be granted); `listed`: it lists
any. renderer/read/rbac_namespaces.py `in_cluster_accounts` is the same rule.
(the halconfig, spinnaker.loadHal's `hal`)
*/}}
{{- define "spinnaker.inClusterAccounts" -}}
{{- $out := list -}}
{{- $kubernetes := dict -}}
{{- $providers := get . "providers" -}}
{{- if kindIs "map" $providers -}}{{- $kubernetes = get $providers "kubernetes" -}}{{- end -}}
{{- if and (kindIs "map" $kubernetes) (include "spinnaker.truthy" (get $kubernetes "enabled")) -}}
{{- $list := get $kubernetes "accounts" -}}
{{- range $account := ternary $list list (kindIs "slice" $list) -}}
{{- if kindIs "map" $account -}}
{{- $own := or (get $account "kubeconfigFile") (get $account "kubeconfigContents") -}}
{{- if or (include "spinnaker.truthy" (get $account "serviceAccount")) (not $own) -}}
{{- $names := list -}}
{{- $listed := get $account "namespaces" -}}
{{- range (ternary $listed list (kindIs "slice" $listed)) -}}
{{- if and (kindIs "string" .) (not (regexMatch "^encrypted(File)?:|\\$\\{|\\{\\{" .)) -}}{{- $names = append $names . -}}{{- end -}}
{{- end -}}
{{- $out = append $out (dict "name" (get $account "name" | default "" | toString) "namespaces" $names
      "listed" (and (kindIs "slice" $listed) (gt (len $listed) 0))) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/*
What the chart grants clouddriver's ServiceAccount on the cluster it runs in, as
JSON {scope, namespaces, token} (rbac.clouddriver.access):
  accounts  - (the default) a Role + RoleBinding in exactly the namespaces its
              in-cluster accounts list (spinnaker.inClusterAccounts); none without such an account;
  none      - nothing;
  namespace - a Role + RoleBinding in the release namespace and each of rbac.clouddriver.namespaces;
  cluster   - a ClusterRole + ClusterRoleBinding: every Secret, and bindings anywhere.
`scope`: none, namespace or cluster. `token`: clouddriver's pods mount their
ServiceAccount token: it has RBAC, or an in-cluster account uses an account the
release does not create (whose RBAC is its owner's). Without rbac.create the
chart grants nothing. renderer/read/rbac_namespaces.py `grant` is the same rule.
*/}}
{{- define "spinnaker.clouddriverGrant" -}}
{{- $conf := .Values.rbac.clouddriver | default dict -}}
{{- $access := $conf.access | default "accounts" -}}
{{- if not (has $access (list "accounts" "none" "namespace" "cluster")) -}}
{{- fail (printf "rbac.clouddriver.access must be accounts, none, namespace or cluster, not %q" $access) -}}
{{- end -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- $accounts := include "spinnaker.inClusterAccounts" $loaded.hal | fromJsonArray -}}
{{- $scope := "none" -}}
{{- $namespaces := list -}}
{{- if .Values.rbac.create -}}
{{- if eq $access "cluster" -}}
{{- $scope = "cluster" -}}
{{- else if eq $access "namespace" -}}
{{- $scope = "namespace" -}}
{{- $namespaces = prepend ($conf.namespaces | default list) .Release.Namespace | uniq -}}
{{- else if eq $access "accounts" -}}
{{- range $accounts -}}{{- $namespaces = concat $namespaces .namespaces -}}{{- end -}}
{{- $namespaces = $namespaces | uniq -}}
{{- if $namespaces -}}{{- $scope = "namespace" -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- $sa := include "spinnaker.serviceAccountName" (dict "ctx" . "name" "clouddriver") -}}
{{- $theirs := and $accounts (not (include "spinnaker.serviceAccountCreated" (dict "ctx" . "account" $sa))) -}}
{{- toJson (dict "scope" $scope "namespaces" $namespaces "token" (or (ne $scope "none") $theirs)) -}}
{{- end -}}

{{/*
"true" when service NAME's pods mount their ServiceAccount token for its own
cluster: it has the facts table's `clusterAccess` (clouddriver) and
spinnaker.clouddriverGrant says so. (dict "ctx" $ "name" NAME)
*/}}
{{- define "spinnaker.clusterAccess" -}}
{{- $facts := get (include "spinnaker.facts" .ctx | fromJson).services .name | default dict -}}
{{- if and (get $facts "clusterAccess") (include "spinnaker.clouddriverGrant" .ctx | fromJson).token -}}true{{- end -}}
{{- end -}}
