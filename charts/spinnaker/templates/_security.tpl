{{/* ---------------------------------------------------------------------
Security contexts: the restricted ones of the chart's own pods and containers,
and the service's for the containers a user adds.
--------------------------------------------------------------------- */}}

{{/*
Containers the user adds (sidecars, initContainers) get the service's
container securityContext unless they bring their own.
(dict "containers" LIST "securityContext" MAP)
*/}}
{{- define "spinnaker.userContainers" -}}
{{- $out := list -}}
{{- range $c := .containers -}}
{{- $c = deepCopy $c -}}
{{- if and (not (hasKey $c "securityContext")) $.securityContext -}}
{{- $_ := set $c "securityContext" $.securityContext -}}
{{- end -}}
{{- $out = append $out $c -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
The restricted pod securityContext of the chart's own infrastructure pods
(Redis, MySQL, the test pod). (dict "uid" N "gid" N ["fsGroup" N])
*/}}
{{- define "spinnaker.restrictedPod" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .gid }}
{{- with .fsGroup }}
fsGroup: {{ . }}
{{- end }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The restricted securityContext of the chart's own infrastructure containers. */}}
{{- define "spinnaker.restrictedContainer" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
{{- end -}}
