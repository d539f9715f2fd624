{{/* ---------------------------------------------------------------------
Object names: the release's full name and each component's, cut to DNS labels.
--------------------------------------------------------------------- */}}

{{- define "spinnaker.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "spinnaker.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "spinnaker.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* `<fullname>-<component>`, cut to a valid DNS label. (dict "ctx" $ "name" NAME) */}}
{{- define "spinnaker.componentName" -}}
{{- printf "%s-%s" (include "spinnaker.fullname" .ctx) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
