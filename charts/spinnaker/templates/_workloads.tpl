{{/* ---------------------------------------------------------------------
Which services run, and the workloads the chart renders for them (a service, or
its HA splits): names, ports, schemes, health and metrics paths. Every workload
template and the config bundle read spinnaker.workloads.
--------------------------------------------------------------------- */}}

{{/*
"true" when service NAME runs. `services.<name>.enabled` decides when it is set
(true/false, quoted or not); otherwise Halyard's rule for the optional
services (the facts table's `enabledWhen`: any of its switches on), and true
for the rest. (dict "ctx" $ "hal" HAL "name" NAME)
*/}}
{{- define "spinnaker.serviceEnabled" -}}
{{- $svc := get .ctx.Values.services .name | default dict -}}
{{- $flag := get $svc "enabled" -}}
{{- $when := get (get (include "spinnaker.facts" .ctx | fromJson).services .name | default dict) "enabledWhen" -}}
{{- if or (kindIs "bool" $flag) (and (kindIs "string" $flag) $flag) -}}
{{- include "spinnaker.truthy" $flag -}}
{{- else if $when -}}
{{- $on := "" -}}
{{- range $path := $when -}}
{{- if include "spinnaker.halSwitch" (dict "hal" $.hal "path" $path) -}}
{{- $on = "true" -}}
{{- end -}}
{{- end -}}
{{- $on -}}
{{- else -}}true
{{- end -}}
{{- end -}}

{{/*
The port a workload's Spring Boot serves its actuator endpoints (/health, the
metrics) on when its profiles move them off the service port with
`management.server.port` (spinnaker, then the service's, then the split's
profile, as a mapping or YAML text; each spelling Spring reads); "" when they
do not, or give no number.
(dict "ctx" $ "names" (list "spinnaker" SERVICE WORKLOAD))
*/}}
{{- define "spinnaker.managementPort" -}}
{{- $port := "" -}}
{{- range $name := .names -}}
{{- $p := get ($.ctx.Values.profiles | default dict) $name -}}
{{- if kindIs "string" $p -}}{{- $p = include "spinnaker.profileSettings" $p | fromJson -}}{{- end -}}
{{- if kindIs "map" $p -}}
{{- $m := get $p "management" -}}
{{- $found := list (get $p "management.server.port") -}}
{{- if kindIs "map" $m -}}
{{- $found = append $found (get $m "server.port") -}}
{{- $server := get $m "server" -}}
{{- if kindIs "map" $server -}}{{- $found = append $found (get $server "port") -}}{{- end -}}
{{- end -}}
{{- $server := get $p "management.server" -}}
{{- if kindIs "map" $server -}}{{- $found = append $found (get $server "port") -}}{{- end -}}
{{- range $found -}}
{{- if regexMatch "^[0-9]+$" (toString .) -}}{{- $port = toString . -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $port -}}
{{- end -}}

{{/*
The extra connectors kork's TomcatConfiguration opens when the service serves TLS
(`server.ssl.enabled`): `default.apiPort` (HTTPS that needs a client certificate:
gate's X.509 API) and `default.legacyServerPort` (plain HTTP), from the
workload's profiles (spinnaker, then the service's, then the split's; a mapping
or YAML text; every spelling Spring's relaxed binding reads), as JSON {api,
legacy}: 0 when not set.
Source: kork/kork-tomcat/src/main/java/com/netflix/spinnaker/kork/tomcat/TomcatConfiguration.java
(TomcatConfigurationProperties, prefix `default`).
(dict "ctx" $ "names" (list "spinnaker" SERVICE WORKLOAD))
*/}}
{{- define "spinnaker.tomcatPorts" -}}
{{- $flat := dict -}}
{{- range $name := .names -}}
{{- $p := get ($.ctx.Values.profiles | default dict) $name -}}
{{- if kindIs "string" $p -}}{{- $p = include "spinnaker.profileSettings" $p | fromJson -}}{{- end -}}
{{- if kindIs "map" $p -}}
{{- range $key, $value := $p -}}
{{- $k := lower (toString $key) -}}
{{- if or (eq $k "default") (hasPrefix "default." $k) -}}
{{- include "spinnaker.flattenProfile" (dict "node" (dict $key $value) "prefix" "" "out" $flat) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $out := dict "api" 0 "legacy" 0 -}}
{{- range $key, $field := dict "default.apiport" "api" "default.legacyserverport" "legacy" -}}
{{- $v := toString (get $flat $key | default "") -}}
{{- if regexMatch "^[0-9]+$" $v -}}{{- $_ := set $out $field (atoi $v) -}}{{- end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/*
Every workload the chart renders, as JSON:
  workloads: {<workload>: {name, service, key, host, port, scheme, profiles,
              java, health, monitoring, autoscaled, managementPort, metricsPath}}
  byService: {<service>: [<workload>, ...]}
  disabled:  [services not rendered]
  monitoring: whether Java pods get the monitoring sidecar
  gateScheme: http or https (Gate's own TLS: security.apiSecurity.ssl, tls, its profiles)
A workload is a service, or one of its HA splits when `ha.<service>.enabled`
(the facts table's `splits`: split name, the Spring profiles it adds, and its
`key` under `ha.<service>`, "" for a whole service: spinnaker.workloadSettings
reads the split's own settings there). The renderer finds splits by their
profiles (bundle `services.<workload>.profiles`), never by these names.
`autoscaled`: `services.<service>.autoscaling.enabled` and the facts table lets
this workload scale (`scales` of its split, else of its service); a service
with autoscaling on and no workload that may scale fails, with the table's reason.
`apiPort`, `legacyPort`: spinnaker.tomcatPorts of a Java workload serving TLS (0: none).
`managementPort`: spinnaker.managementPort when not the service port (0: none;
`health` is then served there, outside Gate's path); `metricsPath`: the
Observability plugin's endpoint ("": not loaded), on that port or the service's.
TLS (_tls.tpl): `scheme` is https when the workload's config serves TLS (the
halconfig's switch, the chart's `tls`, or the user's profiles' `server.ssl`);
`healthScheme` the scheme of the port /health is on. Under client auth `need`
the kubelet's probes, which present no certificate (kubernetes
pkg/probe/http/http.go: InsecureSkipVerify, no client certificate), cannot
pass the handshake, so /health moves to `tls.managementPort` unless a profile
gives a management port; `managementTls` then asks the renderer for that
port's `management.server.*` (HTTPS with the same key, no client auth).
`tls`: the chart's stores in this pod (spinnaker.tlsEntry), or null.
*/}}
{{- define "spinnaker.workloads" -}}
{{- $ctx := . -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- $hal := $loaded.hal -}}
{{- $monitoring := include "spinnaker.monitoring" $hal -}}
{{- $expose := include "spinnaker.expose" . | fromJson -}}
{{- $allFacts := include "spinnaker.facts" . | fromJson -}}
{{- $facts := $allFacts.services -}}
{{- $plugin := $allFacts.observabilityPlugin -}}
{{- $workloads := dict -}}
{{- $byService := dict -}}
{{- $disabled := list -}}
{{- /* The chart's TLS per Java service; a service serving with it makes every Java service with stores a client. */ -}}
{{- $chartTls := dict -}}
{{- $chartServes := false -}}
{{- range $name, $svc := .Values.services -}}
{{- if and (get (get $facts $name | default dict) "java") (kindIs "map" $svc) -}}
{{- $t := include "spinnaker.serviceTls" (dict "ctx" $ctx "name" $name) | fromJson -}}
{{- $_ := set $chartTls $name $t -}}
{{- if $t.enabled -}}{{- $chartServes = true -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- $tlsManagementPort := int ((.Values.tls | default dict).managementPort | default 8081) -}}
{{- $deckTls := include "spinnaker.deckTls" (dict "ctx" .) -}}
{{- range $name, $svc := .Values.services -}}
{{- if or (not (kindIs "map" $svc)) (not (include "spinnaker.isSet" (get $svc "port"))) (not (hasKey $facts $name)) -}}
{{- fail (printf "services.%s: not a Spinnaker service the chart knows (it has no port); check the spelling" $name) -}}
{{- end -}}
{{- if include "spinnaker.serviceEnabled" (dict "ctx" $ctx "hal" $hal "name" $name) -}}
{{- $f := get $facts $name -}}
{{- $java := $f.java -}}
{{- $tls := get $chartTls $name | default (dict "enabled" false "secretName" "" "keyStoreKey" "" "trustStoreKey" "") -}}
{{- /* Calls the other services with the chart's stores: its key store is its client certificate (kork's
     ok-http-client loads the key store and the trust store together, or neither). */ -}}
{{- $client := and $java $chartServes (ne $tls.secretName "") (ne $tls.keyStoreKey "") (ne $tls.trustStoreKey "") -}}
{{- /* Gate served under a path runs with that servlet context path (set by the renderer's helm profile). */ -}}
{{- $prefix := "" -}}
{{- if and $f.underGatePath $expose.gatePath -}}
{{- $prefix = $expose.gatePath -}}
{{- end -}}
{{- /* Serves Prometheus metrics on its own port through the Observability plugin (observability.enabled). */ -}}
{{- $observed := and (eq (include "spinnaker.truthy" ($ctx.Values.observability | default dict).enabled) "true") (has $name $plugin.services) -}}
{{- $items := list -}}
{{- $ha := get ($ctx.Values.ha | default dict) $name -}}
{{- if and (kindIs "map" $ha) (include "spinnaker.truthy" (get $ha "enabled")) $f.splits -}}
{{- range $split := $f.splits -}}
{{- $items = append $items (dict "name" $split.name "profiles" $split.profiles "key" $split.key
      "scales" (get $split "scales" | default $f.scales)) -}}
{{- end -}}
{{- else -}}
{{- $items = append $items (dict "name" $name "profiles" list "key" "" "scales" $f.scales) -}}
{{- end -}}
{{- $autoscale := include "spinnaker.truthy" (get $svc "autoscaling" | default dict).enabled -}}
{{- $refusal := "" -}}
{{- $autoscaled := list -}}
{{- range $item := $items -}}
{{- if and (kindIs "bool" $item.scales) $item.scales -}}
{{- if $autoscale -}}{{- $autoscaled = append $autoscaled $item.name -}}{{- end -}}
{{- else if not $refusal -}}
{{- $refusal = toString $item.scales -}}
{{- end -}}
{{- $_ := unset $item "scales" -}}
{{- end -}}
{{- if and $autoscale (not $autoscaled) -}}
{{- fail (printf "services.%s.autoscaling.enabled: the chart does not autoscale %s: %s." $name $name $refusal) -}}
{{- end -}}
{{- $names := list -}}
{{- range $item := $items -}}
{{- $layers := list "spinnaker" $name $item.name -}}
{{- $management := include "spinnaker.managementPort" (dict "ctx" $ctx "names" $layers) -}}
{{- if eq $management (toString (get $svc "port")) -}}{{- $management = "" -}}{{- end -}}
{{- if and $management (not $java) -}}{{- $management = "" -}}{{- end -}}
{{- $scheme := "http" -}}
{{- $healthScheme := "" -}}
{{- $managementTls := dict -}}
{{- $entry := dict -}}
{{- if $java -}}
{{- $profile := include "spinnaker.profileTls" (dict "ctx" $ctx "names" $layers) | fromJson -}}
{{- $serving := include "spinnaker.servedTls" (dict "hal" $hal "facts" $f "tls" $tls "profile" $profile) | fromJson -}}
{{- $scheme = ternary "https" "http" $serving.served -}}
{{- if $tls.enabled -}}
{{- include "spinnaker.checkTls" (dict "name" $name "tls" $tls "clientAuth" $serving.clientAuth "port" (get $svc "port")
      "managementPort" $tlsManagementPort "where" (printf "tls (services.%s.tls)" $name)) -}}
{{- end -}}
{{- if and $serving.served (eq $serving.clientAuth "need") -}}
{{- if not $management -}}
{{- $management = toString $tlsManagementPort -}}
{{- $_ := set $managementTls "port" $tlsManagementPort -}}
{{- end -}}
{{- if not $profile.managementSsl -}}{{- $_ := set $managementTls "ssl" true -}}{{- end -}}
{{- end -}}
{{- /* The management port inherits server.ssl unless management.server.ssl says otherwise (Spring Boot's
     ManagementWebServerFactoryCustomizer). */ -}}
{{- if $management -}}
{{- $healthScheme = $scheme -}}
{{- if eq $profile.managementSslEnabled "false" -}}{{- $healthScheme = "http" -}}
{{- else if and $profile.managementSsl (ne $profile.managementSslEnabled "false") -}}{{- $healthScheme = "https" -}}
{{- end -}}
{{- end -}}
{{- if or (and $tls.enabled $serving.served) $client -}}
{{- $entry = include "spinnaker.tlsEntry" (dict "tls" $tls "serve" (and $tls.enabled $serving.served) "client" $client
      "clientAuth" $serving.clientAuth) | fromJson -}}
{{- end -}}
{{- else if $deckTls -}}
{{- $scheme = "https" -}}
{{- $entry = $deckTls | fromJson -}}
{{- else if and $f.tls (include "spinnaker.halTrue" (dict "hal" $hal "path" $f.tls)) -}}
{{- $scheme = "https" -}}
{{- end -}}
{{- /* A management port of its own is served outside Gate's servlet context path. */ -}}
{{- $base := ternary "" $prefix (ne $management "") -}}
{{- $tomcat := dict "api" 0 "legacy" 0 -}}
{{- if and $java (eq $scheme "https") -}}
{{- $tomcat = include "spinnaker.tomcatPorts" (dict "ctx" $ctx "names" $layers) | fromJson -}}
{{- end -}}
{{- $w := merge $item (dict
      "autoscaled" (has $item.name $autoscaled)
      "service" $name
      "host" (include "spinnaker.componentName" (dict "ctx" $ctx "name" $item.name))
      "port" (get $svc "port")
      "scheme" $scheme
      "healthScheme" ($healthScheme | default $scheme)
      "tls" (ternary $entry nil (gt (len $entry) 0))
      "managementTls" (ternary $managementTls nil (gt (len $managementTls) 0))
      "java" $java
      "health" (ternary (printf "%s%s" $base $f.health) "" (ne $f.health ""))
      "managementPort" (atoi $management)
      "apiPort" (int $tomcat.api)
      "legacyPort" (int $tomcat.legacy)
      "metricsPath" (ternary (printf "%s/%s" $base $plugin.endpoint) "" $observed)
      "monitoring" (and $java (eq $monitoring "true"))) -}}
{{- $_ := set $workloads $item.name $w -}}
{{- $names = append $names $item.name -}}
{{- end -}}
{{- $_ := set $byService $name $names -}}
{{- else -}}
{{- $disabled = append $disabled $name -}}
{{- end -}}
{{- end -}}
{{- $gateScheme := "http" -}}
{{- with get $workloads "gate" -}}
{{- $gateScheme = .scheme -}}
{{- end -}}
{{- toJson (dict "workloads" $workloads "byService" $byService "disabled" $disabled
      "monitoring" (eq $monitoring "true") "gateScheme" $gateScheme) -}}
{{- end -}}
