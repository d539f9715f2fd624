{{/* ---------------------------------------------------------------------
Scheduling of the chart's own pods (Redis, MySQL, the credentials hook, the test
Pod).
--------------------------------------------------------------------- */}}

{{/*
Scheduling of the chart's own pods (Redis, MySQL, the credentials hook, the test Pod): their own
values, each empty one falling back to serviceDefaults. Rendered by the templates, not patched
in, because Helm 3 does not post-render hooks. (dict "ctx" $ "own" VALUES)
*/}}
{{- define "spinnaker.infraPlacement" -}}
{{- $own := .own | default dict -}}
{{- $defaults := .ctx.Values.serviceDefaults | default dict -}}
{{- with ($own.priorityClassName | default $defaults.priorityClassName) }}
priorityClassName: {{ . }}
{{- end }}
{{- with ($own.nodeSelector | default $defaults.nodeSelector) }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with ($own.tolerations | default $defaults.tolerations) }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with ($own.affinity | default $defaults.affinity) }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}
