{{/* ---------------------------------------------------------------------
Annotations of the chart's objects: their own, then commonAnnotations.
--------------------------------------------------------------------- */}}

{{/*
A map of strings as YAML lines, every key and value double-quoted: toYaml writes some strings
plain that YAML 1.1 readers take for something else (a lone `=` is its "value" tag), and an
annotation's value may be any text. Null values come out empty.
*/}}
{{- define "spinnaker.quotedMap" -}}
{{- range $key, $value := . }}
{{ $key | quote }}: {{ $value | default "" | toString | quote }}
{{- end -}}
{{- end -}}

{{/*
commonAnnotations for an object's metadata, as YAML ("" when there are none), without the keys in
OWN: the object's own annotations win. For an object whose own annotations are written out
already, after them. A helm.sh/hook key is refused, so hooks keep theirs. (dict "ctx" $ ["own" MAP])
*/}}
{{- define "spinnaker.commonAnnotations" -}}
{{- $own := .own | default dict -}}
{{- $out := dict -}}
{{- range $key, $value := .ctx.Values.commonAnnotations | default dict -}}
{{- if hasPrefix "helm.sh/hook" $key -}}
{{- fail (printf "commonAnnotations.%s: a helm.sh/hook annotation on every object would make each one a hook; set hooks on your own objects (extraObjects)" $key) -}}
{{- end -}}
{{- if not (hasKey $own $key) -}}{{- $_ := set $out $key $value -}}{{- end -}}
{{- end -}}
{{- include "spinnaker.quotedMap" $out | trim -}}
{{- end -}}

{{/*
An object's annotations: OWN, then commonAnnotations not in it, as YAML ("" when none).
(dict "ctx" $ "own" MAP)
*/}}
{{- define "spinnaker.annotations" -}}
{{- $parts := list -}}
{{- with .own -}}{{- $parts = append $parts (toYaml . | trim) -}}{{- end -}}
{{- with include "spinnaker.commonAnnotations" . -}}{{- $parts = append $parts . -}}{{- end -}}
{{- join "\n" $parts -}}
{{- end -}}
