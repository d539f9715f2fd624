{{/* ---------------------------------------------------------------------
Monitoring: whether Java pods get the monitoring daemon sidecar, and Prometheus
scraping of the daemons and of the services' own endpoint (PodMonitor,
ServiceMonitor). The sidecar's image is in _images.tpl.
--------------------------------------------------------------------- */}}

{{/* "true" when the halconfig's metricStores enables a store: Java pods get the monitoring sidecar. */}}
{{- define "spinnaker.monitoring" -}}
{{- include "spinnaker.halSwitch" (dict "hal" . "path" "metricStores.*.enabled") -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Prometheus scraping of the monitoring daemons (monitoringDaemon.prometheus)
--------------------------------------------------------------------- */}}

{{/*
"true" when Prometheus should scrape the daemons (pod annotations or a
PodMonitor asked for). The daemon serves /prometheus_metrics only when the
halconfig enables its Prometheus store without a push gateway, so asking for
scraping otherwise fails with the fix.
*/}}
{{- define "spinnaker.daemonScraped" -}}
{{- $p := .Values.monitoringDaemon.prometheus | default dict -}}
{{- $monitor := $p.podMonitor | default dict -}}
{{- $serviceMonitor := $p.serviceMonitor | default dict -}}
{{- if or (include "spinnaker.truthy" $p.podAnnotations) (include "spinnaker.truthy" $monitor.enabled) (include "spinnaker.truthy" $serviceMonitor.enabled) -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- if not (include "spinnaker.halTrue" (dict "hal" $loaded.hal "path" "metricStores.prometheus.enabled")) -}}
{{- fail "monitoringDaemon.prometheus: scraping needs the daemon's Prometheus store; set metricStores.prometheus.enabled: true in the halconfig, or turn podAnnotations, podMonitor.enabled and serviceMonitor.enabled off" -}}
{{- end -}}
{{- $store := get (get $loaded.hal "metricStores") "prometheus" -}}
{{- if or (get $store "push_gateway") (get $store "pushGateway") -}}
{{- fail "monitoringDaemon.prometheus: the halconfig's metricStores.prometheus.push_gateway makes the daemons push instead of serving /prometheus_metrics; remove it to scrape them, or turn podAnnotations, podMonitor.enabled and serviceMonitor.enabled off" -}}
{{- end -}}
true
{{- end -}}
{{- end -}}

{{/* The daemon's Prometheus endpoint (its port is the sidecar's `metrics` port). */}}
{{- define "spinnaker.daemonMetricsPath" -}}
/prometheus_metrics
{{- end -}}

{{/* ---------------------------------------------------------------------
Prometheus scraping of the services' own endpoint (observability)
--------------------------------------------------------------------- */}}

{{/*
"true" when Prometheus should scrape the services' plugin endpoint. That port
serves the services' API too, so under the NetworkPolicies only the peers in
networkPolicy.metricsFrom may reach it, and they must be named.
*/}}
{{- define "spinnaker.observabilityScraped" -}}
{{- $o := .Values.observability | default dict -}}
{{- if and (include "spinnaker.truthy" $o.enabled) (or (include "spinnaker.truthy" $o.podAnnotations) (include "spinnaker.truthy" ($o.podMonitor | default dict).enabled) (include "spinnaker.truthy" ($o.serviceMonitor | default dict).enabled)) -}}
{{- if and (include "spinnaker.truthy" .Values.networkPolicy.enabled) (not .Values.networkPolicy.metricsFrom) -}}
{{- fail "observability: scraping the services' own port, which also serves their API, needs networkPolicy.metricsFrom to name your Prometheus (e.g. - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: monitoring}}); or set networkPolicy.enabled: false" -}}
{{- end -}}
{{- if and (include "spinnaker.truthy" $o.podAnnotations) (include "spinnaker.truthy" (.Values.monitoringDaemon.prometheus | default dict).podAnnotations) -}}
{{- fail "observability.podAnnotations and monitoringDaemon.prometheus.podAnnotations both set prometheus.io/* on the same pods; keep one" -}}
{{- end -}}
true
{{- end -}}
{{- end -}}

{{/*
The scraped workloads grouped by how they are scraped, as a JSON list of
{"port", "scheme", "path", "workloads"}: the service's own port, or
`management` where the profiles move the actuator endpoints there
(management.server.port). Only Gate can differ otherwise (https, or its path
under expose.gatePath). (dict "state" spinnaker.workloads)
*/}}
{{- define "spinnaker.observabilityGroups" -}}
{{- $groups := dict -}}
{{- range $name := keys .state.workloads | sortAlpha -}}
{{- $w := get $.state.workloads $name -}}
{{- if $w.metricsPath -}}
{{- $port := ternary "management" $w.scheme (gt (int $w.managementPort) 0) -}}
{{- $scheme := ternary $w.healthScheme $w.scheme (gt (int $w.managementPort) 0) -}}
{{- $key := printf "%s %s %s" $port $scheme $w.metricsPath -}}
{{- $group := get $groups $key | default (dict "port" $port "scheme" $scheme "path" $w.metricsPath "workloads" list) -}}
{{- $_ := set $group "workloads" (append $group.workloads $name) -}}
{{- $_ := set $groups $key $group -}}
{{- end -}}
{{- end -}}
{{- $out := list -}}
{{- range $key := keys $groups | sortAlpha -}}
{{- $out = append $out (get $groups $key) -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* The selector of every workload in GROUPS. (dict "ctx" $ "groups" GROUPS) */}}
{{- define "spinnaker.observabilitySelector" -}}
{{- $workloads := list -}}
{{- range .groups -}}
{{- $workloads = concat $workloads .workloads -}}
{{- end -}}
matchLabels:
  {{- include "spinnaker.selectorLabels" .ctx | nindent 2 }}
matchExpressions:
  - key: app.kubernetes.io/component
    operator: In
    values: {{ toJson (sortAlpha $workloads) }}
{{- end -}}

{{/*
A monitor's own labels over monitorLabels (shared by every monitor the chart makes), as YAML
("" when none): one key each, so a Prometheus selecting on `release` finds every monitor.
(dict "ctx" $ "monitor" <podMonitor or serviceMonitor values>)
*/}}
{{- define "spinnaker.monitorLabels" -}}
{{- with merge (dict) (.monitor.labels | default dict) (.ctx.Values.monitorLabels | default dict) -}}
{{- toYaml . -}}
{{- end -}}
{{- end -}}

{{/*
The PodMonitor or ServiceMonitor of the services' own Prometheus endpoint
(observability.podMonitor, observability.serviceMonitor): one endpoint per
group; with several groups each keeps only its own workloads' targets.
(dict "ctx" $ "state" spinnaker.workloads "kind" "PodMonitor"|"ServiceMonitor")
*/}}
{{- define "spinnaker.observabilityMonitor" -}}
{{- $ctx := .ctx -}}
{{- $pod := eq .kind "PodMonitor" -}}
{{- $monitor := get ($ctx.Values.observability | default dict) (ternary "podMonitor" "serviceMonitor" $pod) | default dict -}}
{{- if and (include "spinnaker.observabilityScraped" $ctx) (include "spinnaker.truthy" $monitor.enabled) -}}
{{- $groups := include "spinnaker.observabilityGroups" (dict "state" .state) | fromJsonArray -}}
{{- if $groups }}
---
apiVersion: monitoring.coreos.com/v1
kind: {{ .kind }}
metadata:
  name: {{ include "spinnaker.fullname" $ctx }}-observability
  namespace: {{ $ctx.Release.Namespace }}
  labels:
    {{- include "spinnaker.labels" $ctx | nindent 4 }}
    {{- include "spinnaker.monitorLabels" (dict "ctx" $ctx "monitor" $monitor) | nindent 4 }}
  {{- with include "spinnaker.commonAnnotations" (dict "ctx" $ctx) }}
  annotations:
    {{- . | nindent 4 }}
  {{- end }}
spec:
  selector:
    {{- include "spinnaker.observabilitySelector" (dict "ctx" $ctx "groups" $groups) | nindent 4 }}
  {{ ternary "podMetricsEndpoints" "endpoints" $pod }}:
    {{- range $groups }}
    - port: {{ .port }}
      path: {{ .path }}
      {{- if eq .scheme "https" }}
      scheme: https
      {{- with ($ctx.Values.observability | default dict).tlsConfig }}
      tlsConfig:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- end }}
      {{- with $monitor.interval }}
      interval: {{ . }}
      {{- end }}
      {{- if gt (len $groups) 1 }}
      relabelings:
        - sourceLabels: [__meta_kubernetes_{{ ternary "pod" "service" $pod }}_label_app_kubernetes_io_component]
          regex: {{ printf "(%s)" (join "|" .workloads) | quote }}
          action: keep
      {{- end }}
    {{- end }}
{{- end }}
{{- end }}
{{- end -}}
