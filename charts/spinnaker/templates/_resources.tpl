{{/* ---------------------------------------------------------------------
Checks of a container's resources: a JVM's memory limit, requests within limits.
--------------------------------------------------------------------- */}}

{{/*
A Java container's resources must bound its heap: the JVM takes
-XX:MaxRAMPercentage of the container's memory limit, and of the node's whole
RAM when there is none. Fails unless the resources have limits.memory or
JAVA_OPTS sets -Xmx. (dict "resources" MAP "javaOpts" STRING "where" VALUES-PATH)
*/}}
{{- define "spinnaker.checkJvmMemory" -}}
{{- $limits := (.resources | default dict).limits | default dict -}}
{{- if and (not $limits.memory) (not (contains "-Xmx" (.javaOpts | default ""))) -}}
{{- fail (printf "%s has no limits.memory: the JVM sizes its heap (-XX:MaxRAMPercentage) from the container's memory limit, and from the node's whole RAM without one. Set limits.memory (for a JVM equal to requests.memory), or -Xmx in javaOpts." .where) -}}
{{- end -}}
{{- end -}}

{{/*
A Kubernetes quantity ("512Mi", "1.5Gi", "500m", "2") as a number, or "" when it is not one the
chart can read (the API server then judges it). Used to compare requests with limits.
*/}}
{{- define "spinnaker.quantity" -}}
{{- $q := toString . -}}
{{- $number := regexFind "^[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?" $q -}}
{{- $suffix := trimPrefix $number $q -}}
{{- $scale := dict "" 1.0 "m" 0.001 "k" 1e3 "M" 1e6 "G" 1e9 "T" 1e12 "P" 1e15 "E" 1e18 "Ki" 1024.0 "Mi" 1048576.0 "Gi" 1073741824.0 "Ti" 1099511627776.0 "Pi" 1125899906842624.0 "Ei" 1152921504606846976.0 -}}
{{- if and $number (hasKey $scale $suffix) -}}
{{- mulf (float64 $number) (get $scale $suffix) -}}
{{- end -}}
{{- end -}}

{{/*
The API server refuses a container whose request is above its limit; values merge key by key,
so a request alone (services.<name>.resources.requests.memory: 8Gi) keeps the chart's default
limit. Fails naming the value. (dict "resources" MAP "where" VALUES-PATH)
*/}}
{{- define "spinnaker.checkResources" -}}
{{- $requests := (.resources | default dict).requests | default dict -}}
{{- $limits := (.resources | default dict).limits | default dict -}}
{{- range $kind := list "cpu" "memory" -}}
{{- $request := get $requests $kind -}}
{{- $limit := get $limits $kind -}}
{{- if and $request $limit -}}
{{- $r := include "spinnaker.quantity" $request -}}
{{- $l := include "spinnaker.quantity" $limit -}}
{{- if and $r $l (gt (float64 $r) (float64 $l)) -}}
{{- fail (printf "%s: requests.%s %v is above limits.%s %v, and the API server refuses such a pod. Raise limits.%s as well (for a JVM's memory, to the request), or lower the request." $.where $kind $request $kind $limit $kind) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
