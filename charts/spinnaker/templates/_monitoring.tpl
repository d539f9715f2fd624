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
