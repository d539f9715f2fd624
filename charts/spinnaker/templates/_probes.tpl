{{/* ---------------------------------------------------------------------
The probes of a service's main container: the chart's, with `serviceDefaults`'
and the service's fields over them.
--------------------------------------------------------------------- */}}

{{/*
The chart's probes of a service's main container, as YAML.
(dict "java" BOOL "port" PORT "health" PATH "scheme" HTTP-OR-HTTPS "healthPort" PORT-OR-0): the
readiness probe asks healthPort (the management port) when it is set, else port.

Spring Boot opens its port late in startup. /health is DOWN while a
dependency (Redis, SQL) is: it gates traffic (readiness) but never
restarts the pod (upstream uses readiness only); liveness only asks
whether the JVM still accepts connections.
*/}}
{{- define "spinnaker.chartProbes" -}}
{{- if .java -}}
startupProbe:
  tcpSocket:
    port: {{ .port }}
  periodSeconds: 10
  failureThreshold: 60
readinessProbe:
  httpGet:
    path: {{ .health }}
    port: {{ .healthPort | default .port }}
    scheme: {{ upper .scheme }}
  periodSeconds: 10
  timeoutSeconds: 5
  failureThreshold: 3
livenessProbe:
  tcpSocket:
    port: {{ .port }}
  periodSeconds: 20
  timeoutSeconds: 5
  failureThreshold: 6
{{- else -}}
readinessProbe:
  tcpSocket:
    port: {{ .port }}
  periodSeconds: 10
  failureThreshold: 3
livenessProbe:
  tcpSocket:
    port: {{ .port }}
  initialDelaySeconds: 10
  periodSeconds: 20
  failureThreshold: 6
{{- end -}}
{{- end -}}

{{/*
The main container's probes: the chart's (CHART, spinnaker.chartProbes' text), then
serviceDefaults.<probe>, then services.<name>.<probe>, each set field over the one below. A
layer that gives a handler (httpGet, tcpSocket, exec, grpc) drops the handler below it, so a
TCP probe never also carries an httpGet. With nothing set the chart's text comes out as it is,
byte for byte. A probe the chart does not render (deck's startup probe) is added only with a
handler; the service's own fields without one fail, serviceDefaults' are left out (they are
meant for the services that have it). (dict "ctx" $ "name" SERVICE "chart" TEXT)
*/}}
{{- define "spinnaker.probes" -}}
{{- $handlers := list "httpGet" "tcpSocket" "exec" "grpc" -}}
{{- $chart := .chart | fromYaml -}}
{{- $layers := list (.ctx.Values.serviceDefaults | default dict) (get .ctx.Values.services .name | default dict) -}}
{{- $probes := list -}}
{{- $changed := false -}}
{{- range $kind := list "startupProbe" "readinessProbe" "livenessProbe" -}}
{{- $probe := deepCopy (get $chart $kind | default dict) -}}
{{- $ownFields := false -}}
{{- range $i, $layer := $layers -}}
{{- $given := dict -}}
{{- range $key, $value := get $layer $kind | default dict -}}
{{- if include "spinnaker.isSet" $value -}}{{- $_ := set $given $key $value -}}{{- end -}}
{{- end -}}
{{- if $given -}}
{{- $changed = true -}}
{{- if eq $i 1 -}}{{- $ownFields = true -}}{{- end -}}
{{- range $handler := $handlers -}}
{{- if hasKey $given $handler -}}{{- $probe = omit $probe "httpGet" "tcpSocket" "exec" "grpc" -}}{{- end -}}
{{- end -}}
{{- range $key, $value := $given -}}{{- $_ := set $probe $key $value -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- $handled := false -}}
{{- range $handler := $handlers -}}
{{- if hasKey $probe $handler -}}{{- $handled = true -}}{{- end -}}
{{- end -}}
{{- if $handled -}}
{{- $probes = append $probes (dict "kind" $kind "probe" $probe) -}}
{{- else if $ownFields -}}
{{- fail (printf "services.%s.%s: %s has no %s of the chart's to adjust; give a handler (httpGet, tcpSocket, exec or grpc) to add one" $.name $kind $.name $kind) -}}
{{- end -}}
{{- end -}}
{{- if not $changed -}}
{{- .chart -}}
{{- else -}}
{{- range $i, $p := $probes -}}
{{- if $i }}{{ "\n" }}{{ end -}}
{{ $p.kind }}:
{{- toYaml $p.probe | nindent 2 }}
{{- end -}}
{{- end -}}
{{- end -}}
