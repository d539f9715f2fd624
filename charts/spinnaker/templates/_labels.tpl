{{/* ---------------------------------------------------------------------
Labels and selectors of the chart's objects and pods (commonLabels), and Spinnaker's
moniker.
--------------------------------------------------------------------- */}}

{{/* Labels selecting every pod of the release (NetworkPolicies use them too). */}}
{{- define "spinnaker.selectorLabels" -}}
app.kubernetes.io/name: {{ include "spinnaker.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The standard labels of every object, without a component. */}}
{{- define "spinnaker.labels" -}}
helm.sh/chart: {{ include "spinnaker.chart" . }}
{{ include "spinnaker.selectorLabels" . }}
app.kubernetes.io/version: {{ include "spinnaker.version" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: spinnaker
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
Labels of one component: the standard labels plus app.kubernetes.io/component.
(dict "ctx" $ "component" NAME ["service" BASE]) - `service` adds
spinnaker.io/service, which ties HA splits to their base service.
*/}}
{{- define "spinnaker.componentLabels" -}}
{{ include "spinnaker.labels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- with .service }}
spinnaker.io/service: {{ . }}
{{- end }}
{{- end -}}

{{/* Selector of one component's pods. (dict "ctx" $ "component" NAME) */}}
{{- define "spinnaker.componentSelector" -}}
{{ include "spinnaker.selectorLabels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Spinnaker's own moniker, so clouddriver shows the install as application "spinnaker". */}}
{{- define "spinnaker.moniker" -}}
moniker.spinnaker.io/application: spinnaker
moniker.spinnaker.io/cluster: {{ . }}
{{- end -}}

{{/*
Labels of the pod templates of the chart's stateful infrastructure (Redis,
MySQL): no chart or Spinnaker version, so upgrading either leaves their pods
(and data) alone. (dict "ctx" $ "component" NAME)
*/}}
{{- define "spinnaker.stablePodLabels" -}}
{{ include "spinnaker.componentSelector" . }}
app.kubernetes.io/part-of: spinnaker
{{- with .ctx.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}
