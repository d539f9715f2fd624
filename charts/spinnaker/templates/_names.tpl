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

{{/* Refuses a control character in nameOverride or fullnameOverride with the message every route gives
(renderer/read/controlchars.py): in an object name Helm would only say "yaml: control characters are not
allowed" about a rendered file. */}}
{{- define "spinnaker.checkNames" -}}
{{- range $key := list "fullnameOverride" "nameOverride" -}}
{{- $value := get $.Values $key | default "" | toString -}}
{{- $char := regexFind `[\x00-\x1f\x7f-\x{9f}]` $value -}}
{{- if $char -}}
{{- $before := regexSplit `[\x00-\x1f\x7f-\x{9f}]` $value 2 | first -}}
{{- fail (printf "%s: holds a control character (%q) at character %d; no key, name or host may hold one. Remove it: such characters come from text pasted from a terminal or a binary file." $key $char (add1 (len (splitList "" $before)))) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "spinnaker.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* `<fullname>-<component>`, a DNS label (at most 63 characters). (dict "ctx" $ "name" NAME)
A longer one is cut in the release's part, never the component's: cutting the end made
clouddriver-ro, -rw and -ro-deck one name. Five hex digits of the full name's sha256 keep two long
releases that share the kept part apart. Names of 63 characters or fewer are as they always were
(renderer/read/chartbundle.py `component` mirrors this). */}}
{{- define "spinnaker.componentName" -}}
{{- $full := include "spinnaker.fullname" .ctx -}}
{{- $name := printf "%s-%s" $full .name -}}
{{- if le (len $name) 63 -}}
{{- $name -}}
{{- else -}}
{{- $keep := max 1 (sub 63 (add (len .name) 7)) -}}
{{- printf "%s-%s-%s" ($full | trunc (int $keep) | trimSuffix "-") (sha256sum $full | trunc 5) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
