{{/*
The general helpers every partial uses: the service facts table, truthiness and
"is set". The others are in partials named for their job (_names.tpl, _labels.tpl,
_workloads.tpl, ...: docs/architecture.md, "The chart's templates").

Conventions of every helper:
- Helpers that answer yes/no print "true" or nothing, so `if (include ...)`
  reads naturally.
- Helpers that return structured data print JSON; read them with `fromJson`.
- Numbers that came through JSON are float64: print them with `int` where a
  large value could otherwise come out as 1e+06.
*/}}

{{/*
The service facts table (renderer/service_facts.py, generated into
files/services.json): ports, which services are Java, their health paths, TLS
switches, enable rules, Redis and SQL use, HA splits, the monitoring daemon,
front50's stores. Read it with `fromJson`; pass the root context.
*/}}
{{- define "spinnaker.facts" -}}
{{- .Files.Get "files/services.json" -}}
{{- end -}}

{{/* "true" for true and for a quoted "true" (any case); nothing otherwise. */}}
{{- define "spinnaker.truthy" -}}
{{- if and (not (kindIs "invalid" .)) (eq (lower (toString .)) "true") -}}true{{- end -}}
{{- end -}}

{{/*
Whether a value counts as set: not null, and not an empty string, list or
map. Numbers and booleans always count (replicas: 0 and enabled: false are
deliberate).
*/}}
{{- define "spinnaker.isSet" -}}
{{- if kindIs "invalid" . -}}
{{- else if or (kindIs "string" .) (kindIs "slice" .) (kindIs "map" .) -}}
{{- if . -}}true{{- end -}}
{{- else -}}true
{{- end -}}
{{- end -}}
