{{/*
Helpers of the spinnaker chart.

Conventions:
- Helpers that answer yes/no print "true" or nothing, so `if (include ...)`
  reads naturally.
- Helpers that return structured data print JSON; read them with `fromJson`.
- Numbers that came through JSON are float64: print them with `int` where a
  large value could otherwise come out as 1e+06.
*/}}

{{/* ---------------------------------------------------------------------
Standard names and labels
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

{{/* `<fullname>-<component>`, cut to a valid DNS label. (dict "ctx" $ "name" NAME) */}}
{{- define "spinnaker.componentName" -}}
{{- printf "%s-%s" (include "spinnaker.fullname" .ctx) .name | trunc 63 | trimSuffix "-" -}}
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
The service facts table (renderer/service_facts.py, generated into
files/services.json): ports, which services are Java, their health paths, TLS
switches, enable rules, Redis and SQL use, HA splits, the monitoring daemon,
front50's stores. Read it with `fromJson`; pass the root context.
*/}}
{{- define "spinnaker.facts" -}}
{{- .Files.Get "files/services.json" -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Truthiness and halconfig access
--------------------------------------------------------------------- */}}

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

{{/*
The halconfig, without serializing it (it can hold thousands of accounts, and
labels ask for the version on every object): sets `.out.raw` to the
`halconfig` value as a mapping and `.out.hal` to the effective deployment.
(dict "ctx" $ "out" DICT)

`.Values.halconfig` is kleat's form, or a whole Halyard ~/.hal/config (it has
`deploymentConfigurations`): then the deployment named by
`.Values.halconfigDeployment`, else `currentDeployment`, else the only one.
A string (`--set-file halconfig=config`) is parsed as YAML first.
*/}}
{{- define "spinnaker.loadHal" -}}
{{- $ctx := .ctx -}}
{{- $hal := $ctx.Values.halconfig -}}
{{- if kindIs "string" $hal -}}
{{- if trim $hal -}}
{{- $hal = fromYaml $hal -}}
{{- if hasKey $hal "Error" -}}
{{- fail (printf "halconfig: not valid YAML: %s" (get $hal "Error")) -}}
{{- end -}}
{{- else -}}
{{- $hal = dict -}}
{{- end -}}
{{- end -}}
{{- if kindIs "invalid" $hal -}}
{{- $hal = dict -}}
{{- end -}}
{{- if not (kindIs "map" $hal) -}}
{{- fail (printf "halconfig must be a mapping (kleat's halconfig or a Halyard ~/.hal/config), not a %s" (kindOf $hal)) -}}
{{- end -}}
{{- $_ := set .out "raw" $hal -}}
{{- if hasKey $hal "deploymentConfigurations" -}}
{{- $deployments := get $hal "deploymentConfigurations" -}}
{{- if or (not (kindIs "slice" $deployments)) (not $deployments) -}}
{{- fail "halconfig.deploymentConfigurations: expected a non-empty list of deployments" -}}
{{- end -}}
{{- $names := list -}}
{{- range $deployments -}}
{{- if kindIs "map" . -}}
{{- $names = append $names (get . "name" | default "" | toString) -}}
{{- end -}}
{{- end -}}
{{- $wanted := $ctx.Values.halconfigDeployment | default (get $hal "currentDeployment") | default "" | toString -}}
{{- if and (not $wanted) (eq (len $deployments) 1) -}}
{{- $wanted = first $names | default "" -}}
{{- end -}}
{{- $listed := join ", " $names | default "(none named)" -}}
{{- if not $wanted -}}
{{- fail (printf "halconfig: no deployment chosen; the Halyard file has %s. Set currentDeployment in it or halconfigDeployment in values." $listed) -}}
{{- end -}}
{{- $found := dict -}}
{{- $seen := false -}}
{{- range $deployments -}}
{{- if and (kindIs "map" .) (eq (get . "name" | default "" | toString) $wanted) (not $seen) -}}
{{- $found = . -}}
{{- $seen = true -}}
{{- end -}}
{{- end -}}
{{- if not $seen -}}
{{- fail (printf "halconfig: no deployment named %q; the Halyard file has %s. Set halconfigDeployment to one of them." $wanted $listed) -}}
{{- end -}}
{{- $hal = $found -}}
{{- end -}}
{{- $_ := set .out "hal" $hal -}}
{{- end -}}

{{/*
"true" when the halconfig value at a dotted path is true (or "true").
(dict "hal" HAL "path" "security.authz.enabled")
*/}}
{{- define "spinnaker.halTrue" -}}
{{- $node := .hal -}}
{{- range $key := splitList "." .path -}}
{{- if kindIs "map" $node -}}
{{- $node = get $node $key -}}
{{- else -}}
{{- $node = "" -}}
{{- end -}}
{{- end -}}
{{- include "spinnaker.truthy" $node -}}
{{- end -}}

{{/* "true" when some entry of a halconfig mapping (ci, metricStores, ...) has enabled: true. */}}
{{- define "spinnaker.anyEnabled" -}}
{{- $on := "" -}}
{{- if kindIs "map" . -}}
{{- range $key, $entry := . -}}
{{- if and (kindIs "map" $entry) (include "spinnaker.truthy" (get $entry "enabled")) -}}
{{- $on = "true" -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $on -}}
{{- end -}}

{{/*
"true" when an `enabledWhen` switch of the facts table is on: a dotted path
to a boolean, where `.*.` stands for any entry of a section (`ci.*.enabled`).
(dict "hal" HAL "path" PATH)
*/}}
{{- define "spinnaker.halSwitch" -}}
{{- $parts := splitList ".*." .path -}}
{{- if eq (len $parts) 1 -}}
{{- include "spinnaker.halTrue" . -}}
{{- else -}}
{{- $node := .hal -}}
{{- range $key := splitList "." (first $parts) -}}
{{- if kindIs "map" $node -}}
{{- $node = get $node $key -}}
{{- else -}}
{{- $node = "" -}}
{{- end -}}
{{- end -}}
{{- $on := "" -}}
{{- if kindIs "map" $node -}}
{{- range $key, $entry := $node -}}
{{- if include "spinnaker.halTrue" (dict "hal" $entry "path" (last $parts)) -}}
{{- $on = "true" -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $on -}}
{{- end -}}
{{- end -}}

{{/* "true" when the halconfig's metricStores enables a store: Java pods get the monitoring sidecar. */}}
{{- define "spinnaker.monitoring" -}}
{{- include "spinnaker.anyEnabled" (get . "metricStores") -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Which services run
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
profile; each spelling Spring reads); "" when they do not, or give no number.
(dict "ctx" $ "names" (list "spinnaker" SERVICE WORKLOAD))
*/}}
{{- define "spinnaker.managementPort" -}}
{{- $port := "" -}}
{{- range $name := .names -}}
{{- $p := get ($.ctx.Values.profiles | default dict) $name -}}
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

{{/* ---------------------------------------------------------------------
Version and images
--------------------------------------------------------------------- */}}

{{- define "spinnaker.releasePattern" -}}
^([0-9]{4}\.[0-9]+\.[0-9]+|1\.[0-9]+\.[0-9]+)$
{{- end -}}

{{/*
The effective Spinnaker version: `spinnaker.version`, else the halconfig's
`version` (Halyard's `local:` prefix dropped) when it names a release the
renderer writes config for (Halyard files also say 1.20.5, a build name or a
sed placeholder), else the chart's appVersion. A halconfig version that differs
is the renderer's warning, not a failure: the config is written for what runs.
*/}}
{{- define "spinnaker.version" -}}
{{- $pattern := include "spinnaker.releasePattern" . -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- $hal := $loaded.hal -}}
{{- $fromHal := get $hal "version" | default "" | toString | trimPrefix "local:" -}}
{{- if not (regexMatch (include "spinnaker.facts" . | fromJson).supportedReleases $fromHal) -}}
{{- $fromHal = "" -}}
{{- end -}}
{{- $fromValues := .Values.spinnaker.version | default "" | toString -}}
{{- if and $fromValues (not (regexMatch $pattern $fromValues)) -}}
{{- fail (printf "spinnaker.version %q is not a Spinnaker release (YYYY.N.P or 1.x.y); to run other builds leave it empty and set services.<name>.image.tag" $fromValues) -}}
{{- end -}}
{{- $fromValues | default $fromHal | default .Chart.AppVersion -}}
{{- end -}}

{{/*
An image reference from `global.imageRegistry`'s registry when that is set (Helm's convention for
air-gapped clusters: one value for every image): the registry host is replaced, the repository
path and tag kept. (dict "ctx" $ "image" REFERENCE)
*/}}
{{- define "spinnaker.mirrored" -}}
{{- $mirror := ((.ctx.Values.global | default dict).imageRegistry | default "") | trimSuffix "/" -}}
{{- if $mirror -}}
{{- $parts := splitList "/" .image -}}
{{- $first := first $parts -}}
{{- if and (gt (len $parts) 1) (or (contains "." $first) (contains ":" $first) (eq $first "localhost")) -}}
{{- $parts = rest $parts -}}
{{- end -}}
{{- printf "%s/%s" $mirror (join "/" $parts) -}}
{{- else -}}
{{- .image -}}
{{- end -}}
{{- end -}}

{{/*
A Spinnaker service's image. (dict "ctx" $ "name" SERVICE "version" VERSION)
YYYY.N.P -> ghcr.io/spinnaker/<service>:<version>;
1.x.y    -> us-docker.pkg.dev/spinnaker-community/docker/<service>:spinnaker-<version>.
`spinnaker.registry` replaces the registry; services.<name>.image.* override per service.
*/}}
{{- define "spinnaker.image" -}}
{{- $version := .version -}}
{{- $registry := "ghcr.io/spinnaker" -}}
{{- $tag := $version -}}
{{- if hasPrefix "1." $version -}}
{{- $registry = "us-docker.pkg.dev/spinnaker-community/docker" -}}
{{- $tag = printf "spinnaker-%s" $version -}}
{{- end -}}
{{- $registry = .ctx.Values.spinnaker.registry | default (include "spinnaker.mirrored" (dict "ctx" .ctx "image" $registry)) -}}
{{- $svc := get .ctx.Values.services .name | default dict -}}
{{- $image := get $svc "image" | default dict -}}
{{- $registry = get $image "registry" | default $registry | trimSuffix "/" -}}
{{- $repository := get $image "repository" | default .name -}}
{{- with get $image "digest" -}}
{{- printf "%s/%s@%s" $registry $repository . -}}
{{- else -}}
{{- printf "%s/%s:%s" $registry $repository (get $image "tag" | default $tag | toString) -}}
{{- end -}}
{{- end -}}

{{/* The monitoring sidecar's image; `spinnaker.registry` mirrors the default one (the facts table's). */}}
{{- define "spinnaker.monitoringImage" -}}
{{- $image := .Values.monitoringDaemon.image -}}
{{- $default := (include "spinnaker.facts" . | fromJson).monitoringDaemon.image -}}
{{- if and .Values.spinnaker.registry (eq $image $default) -}}
{{- printf "%s/%s" (trimSuffix "/" .Values.spinnaker.registry) (base $image) -}}
{{- else -}}
{{- include "spinnaker.mirrored" (dict "ctx" . "image" $image) -}}
{{- end -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Per-service settings
--------------------------------------------------------------------- */}}

{{/*
Resolve a service's settings into the dict `out`: the service's own value
when set (non-null, non-empty), else `serviceDefaults`. `pdb` resolves field
by field. Values keep their types (no JSON round trip), so large numbers
such as OpenShift uids stay integers.
(dict "ctx" $ "name" SERVICE "out" DICT)
*/}}
{{- define "spinnaker.settings" -}}
{{- $own := get .ctx.Values.services .name | default dict -}}
{{- $defaults := .ctx.Values.serviceDefaults | default dict -}}
{{- $out := .out -}}
{{- range $key := concat (keys $defaults) (keys $own) | uniq | sortAlpha -}}
{{- $value := get $own $key -}}
{{- if not (include "spinnaker.isSet" $value) -}}
{{- $value = get $defaults $key -}}
{{- end -}}
{{- $_ := set $out $key $value -}}
{{- end -}}
{{- $pdb := dict -}}
{{- $ownPdb := get $own "pdb" | default dict -}}
{{- $defaultPdb := get $defaults "pdb" | default dict -}}
{{- range $key := list "enabled" "minAvailable" "maxUnavailable" -}}
{{- $value := get $ownPdb $key -}}
{{- if not (include "spinnaker.isSet" $value) -}}
{{- $value = get $defaultPdb $key -}}
{{- end -}}
{{- $_ := set $pdb $key $value -}}
{{- end -}}
{{- /* A service's own minAvailable replaces the default maxUnavailable (they exclude each other). */ -}}
{{- if include "spinnaker.isSet" (get $ownPdb "minAvailable") -}}
{{- if not (include "spinnaker.isSet" (get $ownPdb "maxUnavailable")) -}}
{{- $_ := set $pdb "maxUnavailable" nil -}}
{{- end -}}
{{- end -}}
{{- $_ := set $out "pdb" $pdb -}}
{{- end -}}

{{/*
One workload's pod settings into the dict `out`: spinnaker.settings (the service's over
serviceDefaults), and for an HA split (KEY, its key under `ha.<service>`; "" for a whole service)
the older `ha.<service>.<key>` (replicas) and `ha.<service>.resources.<key>` over them, then each
field of `ha.<service>.splits.<key>` that is set, replacing the service's whole as Halyard's
per-split settings did (values_model.SPLIT_FIELDS names the fields and the sources). `out.where`:
the values path of each field a split set, and of `resources`, for messages.
(dict "ctx" $ "name" SERVICE "key" KEY "out" DICT)
*/}}
{{- define "spinnaker.workloadSettings" -}}
{{- $out := .out -}}
{{- include "spinnaker.settings" (dict "ctx" .ctx "name" .name "out" $out) -}}
{{- $where := dict "resources" (printf "services.%s.resources" .name) -}}
{{- if .key -}}
{{- $ha := get (.ctx.Values.ha | default dict) .name | default dict -}}
{{- $older := dict "replicas" (list (get $ha .key) (printf "ha.%s.%s" .name .key))
      "resources" (list (get (get $ha "resources" | default dict) .key) (printf "ha.%s.resources.%s" .name .key)) -}}
{{- range $field, $given := $older -}}
{{- if include "spinnaker.isSet" (first $given) -}}
{{- $_ := set $out $field (first $given) -}}
{{- $_ := set $where $field (last $given) -}}
{{- end -}}
{{- end -}}
{{- range $field, $value := get (get $ha "splits" | default dict) .key | default dict -}}
{{- if include "spinnaker.isSet" $value -}}
{{- $_ := set $out $field $value -}}
{{- $_ := set $where $field (printf "ha.%s.splits.%s.%s" $.name $.key $field) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $_ := set $out "where" $where -}}
{{- end -}}

{{/* The ServiceAccount of a base service. (dict "ctx" $ "name" SERVICE) */}}
{{- define "spinnaker.serviceAccountName" -}}
{{- $own := (get (.ctx.Values.services | default dict) .name | default dict).serviceAccountName | default "" -}}
{{- if $own -}}
{{- $own -}}
{{- else if .ctx.Values.rbac.create -}}
{{- include "spinnaker.componentName" . -}}
{{- else -}}
default
{{- end -}}
{{- end -}}

{{/*
"true" when service NAME gets access to its own cluster: it has the facts
table's `clusterAccess` (clouddriver) and `spinnaker.clouddriverAccess`.
Its pods then mount their ServiceAccount token. (dict "ctx" $ "name" NAME)
*/}}
{{- define "spinnaker.clusterAccess" -}}
{{- $facts := get (include "spinnaker.facts" .ctx | fromJson).services .name | default dict -}}
{{- if and (get $facts "clusterAccess") (include "spinnaker.clouddriverAccess" .ctx) -}}true{{- end -}}
{{- end -}}

{{/* "true" when clouddriver gets access to its own cluster (namespace or cluster RBAC). */}}
{{- define "spinnaker.clouddriverAccess" -}}
{{- $access := .Values.rbac.clouddriver.access | default "none" -}}
{{- if not (has $access (list "none" "namespace" "cluster")) -}}
{{- fail (printf "rbac.clouddriver.access must be none, namespace or cluster, not %q" $access) -}}
{{- end -}}
{{- if and .Values.rbac.create (ne $access "none") -}}true{{- end -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Redis, the bundled store, exposure
--------------------------------------------------------------------- */}}

{{/* "true" when the chart runs its own Redis. */}}
{{- define "spinnaker.redisBundled" -}}
{{- if and (not .Values.redis.externalUrl) (include "spinnaker.truthy" .Values.redis.enabled) -}}true{{- end -}}
{{- end -}}

{{/*
Services that talk to Redis (the facts table's `redis`: each reads
`services.redis.baseUrl` from spinnaker.yml; echo because spinnaker.yml sets
`services.redis.enabled`). Only their pods get the Redis password and may
reach the bundled Redis.
*/}}
{{- define "spinnaker.redisServices" -}}
{{- $out := list -}}
{{- range $name, $facts := (include "spinnaker.facts" . | fromJson).services -}}
{{- if $facts.redis -}}{{- $out = append $out $name -}}{{- end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* The environment variable the services resolve `${...}` in the Redis URL from (renderer and pods agree). */}}
{{- define "spinnaker.redisPasswordEnv" -}}SPINNAKER_REDIS_PASSWORD{{- end -}}

{{/* The Redis URL every service uses, without a password ("" when neither bundled nor external). */}}
{{- define "spinnaker.redisUrl" -}}
{{- if .Values.redis.externalUrl -}}
{{- .Values.redis.externalUrl -}}
{{- else if include "spinnaker.redisBundled" . -}}
{{- printf "redis://%s:6379" (include "spinnaker.componentName" (dict "ctx" . "name" "redis")) -}}
{{- end -}}
{{- end -}}

{{/* The Secret (key `redis-password`) with the Redis password; "" for an external Redis without one. */}}
{{- define "spinnaker.redisPasswordSecret" -}}
{{- if .Values.redis.existingSecret -}}
{{- .Values.redis.existingSecret -}}
{{- else if include "spinnaker.redisBundled" . -}}
{{- include "spinnaker.credentialsSecret" . -}}
{{- end -}}
{{- end -}}

{{/* The generated credentials Secret, made by the credentials hook (templates/credentials-hook.yaml). */}}
{{- define "spinnaker.credentialsSecret" -}}
{{- include "spinnaker.componentName" (dict "ctx" . "name" "credentials") -}}
{{- end -}}

{{/*
"true" when the halconfig gives front50 a persistent store: a
persistentStorage.<store> (the facts table's front50Stores) with enabled:
true, or Halyard's persistentStorage.persistentStoreType naming one of them.
(dict "ctx" $ "hal" HAL)
*/}}
{{- define "spinnaker.halHasStore" -}}
{{- $stores := (include "spinnaker.facts" .ctx | fromJson).front50Stores -}}
{{- $storage := get .hal "persistentStorage" -}}
{{- $on := "" -}}
{{- if kindIs "map" $storage -}}
{{- range $store := $stores -}}
{{- if include "spinnaker.halTrue" (dict "hal" $storage "path" (printf "%s.enabled" $store)) -}}
{{- $on = "true" -}}
{{- end -}}
{{- end -}}
{{- if has (get $storage "persistentStoreType" | default "" | toString) $stores -}}
{{- $on = "true" -}}
{{- end -}}
{{- end -}}
{{- $on -}}
{{- end -}}

{{/* storage.bundled, checked: auto, true or false. */}}
{{- define "spinnaker.storageMode" -}}
{{- $mode := .Values.storage.bundled | toString | lower -}}
{{- if not (has $mode (list "auto" "true" "false")) -}}
{{- fail (printf "storage.bundled must be auto, true or false, not %q" $mode) -}}
{{- end -}}
{{- $mode -}}
{{- end -}}

{{/* "true" when front50 keeps its data in the bundled MySQL (storage.bundled true, or auto and no store in the halconfig). */}}
{{- define "spinnaker.front50Sql" -}}
{{- $mode := include "spinnaker.storageMode" . -}}
{{- if eq $mode "true" -}}true
{{- else if eq $mode "auto" -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- if not (include "spinnaker.halHasStore" (dict "ctx" . "hal" $loaded.hal)) -}}true{{- end -}}
{{- end -}}
{{- end -}}

{{/*
"true" when keel runs on its own database in the bundled MySQL: keel runs,
the halconfig gives it no SQL (the translator writes persistentStorage.sql
into keel.yml only with managedDelivery.enabled) and storage.bundled is not
false. (keel cannot run without SQL; the renderer refuses that case.)
*/}}
{{- define "spinnaker.keelSql" -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- $halSql := and (include "spinnaker.halTrue" (dict "hal" $loaded.hal "path" "managedDelivery.enabled"))
                   (include "spinnaker.halTrue" (dict "hal" $loaded.hal "path" "persistentStorage.sql.enabled")) -}}
{{- if and (include "spinnaker.serviceEnabled" (dict "ctx" . "hal" $loaded.hal "name" "keel"))
           (not $halSql)
           (ne (include "spinnaker.storageMode" .) "false") -}}true{{- end -}}
{{- end -}}

{{/* "true" when storage.external names a server of your own (MySQL or PostgreSQL, storage.external.engine): every database in SQL is there, and the chart runs none. */}}
{{- define "spinnaker.sqlExternal" -}}
{{- if (.Values.storage.external | default dict).host -}}true{{- end -}}
{{- end -}}

{{/*
The services whose state is in the chart's SQL (the bundled MySQL, or
storage.external) in this release, as JSON {service: its `sql` facts
(database, user, passwordEnv, secretKey), with storage.external.databases'
names on an external server}.
*/}}
{{- define "spinnaker.sqlDatabases" -}}
{{- $facts := (include "spinnaker.facts" . | fromJson).services -}}
{{- $sql := .Values.storage.sql | default dict -}}
{{- $loaded := dict -}}{{- include "spinnaker.loadHal" (dict "ctx" . "out" $loaded) -}}
{{- $used := dict
      "front50" (include "spinnaker.front50Sql" .)
      "keel" (include "spinnaker.keelSql" .)
      "orca" (include "spinnaker.truthy" $sql.orca)
      "clouddriver" (include "spinnaker.truthy" $sql.clouddriver) -}}
{{- $external := include "spinnaker.sqlExternal" . -}}
{{- $names := (.Values.storage.external | default dict).databases | default dict -}}
{{- $out := dict -}}
{{- range $service, $on := $used -}}
{{- if and $on (include "spinnaker.serviceEnabled" (dict "ctx" $ "hal" $loaded.hal "name" $service)) -}}
{{- $db := deepCopy (get $facts $service).sql -}}
{{- if $external -}}
{{- $own := get $names $service | default dict -}}
{{- $_ := set $db "database" ($own.database | default $db.database) -}}
{{- $_ := set $db "user" ($own.user | default $db.user) -}}
{{- end -}}
{{- $_ := set $out $service $db -}}
{{- end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* "true" when the chart runs the bundled MySQL (some service is in SQL, and storage.external names no server). */}}
{{- define "spinnaker.storageBundled" -}}
{{- if and (not (include "spinnaker.sqlExternal" .)) (include "spinnaker.sqlDatabases" . | fromJson) -}}true{{- end -}}
{{- end -}}

{{/* The JDBC URL of one database: (dict "ctx" $ "database" NAME); on storage.external, in its engine's
scheme and (without a port) on its engine's port (the facts' sqlEngines). */}}
{{- define "spinnaker.jdbcUrl" -}}
{{- $ext := .ctx.Values.storage.external | default dict -}}
{{- if include "spinnaker.sqlExternal" .ctx -}}
{{- if or (regexMatch "[/?@ ]" ($ext.host | toString)) (and (contains ":" ($ext.host | toString)) (not (hasPrefix "[" ($ext.host | toString)))) -}}
{{- fail (printf "storage.external.host must be a host name only, not %q: the chart builds the JDBC URL. Put the port in storage.external.port and URL parameters in storage.external.parameters." $ext.host) -}}
{{- end -}}
{{- $engine := get (include "spinnaker.facts" .ctx | fromJson).sqlEngines ($ext.engine | default "mysql") -}}
{{- printf "jdbc:%s://%s:%v/%s" $engine.jdbcScheme $ext.host (int ($ext.port | default $engine.port)) .database -}}
{{- with $ext.parameters }}?{{ . }}{{ end -}}
{{- else -}}
{{- printf "jdbc:mysql://%s:3306/%s" (include "spinnaker.componentName" (dict "ctx" .ctx "name" "mysql")) .database -}}
{{- end -}}
{{- end -}}

{{/* The Secret the services read their database passwords from (keys: the facts' secretKey). */}}
{{- define "spinnaker.mysqlSecret" -}}
{{- if include "spinnaker.sqlExternal" . -}}
{{- .Values.storage.external.existingSecret | required (printf "storage.external.host is set, so storage.external.existingSecret must name the Secret with the services' database passwords (keys %s): the chart generates no password for a server it does not run." (include "spinnaker.sqlSecretKeys" .)) -}}
{{- else -}}
{{- .Values.storage.existingSecret | default (include "spinnaker.credentialsSecret" .) -}}
{{- end -}}
{{- end -}}

{{/*
The keys the generated credentials Secret holds in this release: Redis's when the bundled Redis
generates its password, MySQL root's and each database's (facts `sql.secretKey`, every service's,
so a service turned to SQL later finds its database) when the bundled MySQL does.
*/}}
{{- define "spinnaker.credentialKeys" -}}
{{- $keys := list -}}
{{- if and (include "spinnaker.redisBundled" .) (not .Values.redis.existingSecret) -}}
{{- $keys = append $keys "redis-password" -}}
{{- end -}}
{{- if and (include "spinnaker.storageBundled" .) (not .Values.storage.existingSecret) -}}
{{- $keys = append $keys "root-password" -}}
{{- $keys = concat $keys (include "spinnaker.sqlSecretKeys" . | splitList ", ") -}}
{{- end -}}
{{- join " " $keys -}}
{{- end -}}

{{/* The database password keys of the SQL Secrets (facts `sql.secretKey`), comma-separated. */}}
{{- define "spinnaker.sqlSecretKeys" -}}
{{- $facts := (include "spinnaker.facts" . | fromJson).services -}}
{{- $keys := list -}}
{{- range $service := keys $facts | sortAlpha -}}
{{- with (get $facts $service).sql -}}{{- $keys = append $keys .secretKey -}}{{- end -}}
{{- end -}}
{{- join ", " $keys -}}
{{- end -}}

{{/* "true" when some password must come from the generated credentials Secret, so the hook runs. */}}
{{- define "spinnaker.credentialsNeeded" -}}
{{- if include "spinnaker.credentialKeys" . -}}true{{- end -}}
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

{{/*
How users reach Deck and Gate, as JSON {deckUrl, gateUrl, gatePath,
corsPattern}; all empty without expose.host. gatePath is where Gate is served
under the host in path mode ("" in subdomain mode).
*/}}
{{- define "spinnaker.expose" -}}
{{- $expose := .Values.expose -}}
{{- $out := dict "deckUrl" "" "gateUrl" "" "gatePath" "" "corsPattern" "" -}}
{{- with $expose.host -}}
{{- $host := . -}}
{{- $scheme := "http" -}}
{{- if include "spinnaker.truthy" ($expose.tls | default dict).enabled -}}
{{- $scheme = "https" -}}
{{- end -}}
{{- $deckUrl := printf "%s://%s" $scheme $host -}}
{{- $_ := set $out "deckUrl" $deckUrl -}}
{{- if eq ($expose.gate | default "path") "subdomain" -}}
{{- $_ := set $out "gateUrl" (printf "%s://%s.%s" $scheme ($expose.gateSubdomain | default "api") $host) -}}
{{- else if eq ($expose.gate | default "path") "path" -}}
{{- $path := printf "/%s" (trimAll "/" ($expose.gatePath | default "")) -}}
{{- if eq $path "/" -}}
{{- fail "expose.gatePath must not be empty or \"/\": Deck is served at \"/\"" -}}
{{- end -}}
{{- $_ := set $out "gatePath" $path -}}
{{- $_ := set $out "gateUrl" (printf "%s%s" $deckUrl $path) -}}
{{- else -}}
{{- fail (printf "expose.gate must be path or subdomain, not %q" $expose.gate) -}}
{{- end -}}
{{- $_ := set $out "corsPattern" (printf "^%s$" (regexQuoteMeta $deckUrl)) -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* ---------------------------------------------------------------------
Pod building blocks
--------------------------------------------------------------------- */}}

{{/*
Containers the user adds (sidecars, initContainers) get the service's
container securityContext unless they bring their own.
(dict "containers" LIST "securityContext" MAP)
*/}}
{{- define "spinnaker.userContainers" -}}
{{- $out := list -}}
{{- range $c := .containers -}}
{{- $c = deepCopy $c -}}
{{- if and (not (hasKey $c "securityContext")) $.securityContext -}}
{{- $_ := set $c "securityContext" $.securityContext -}}
{{- end -}}
{{- $out = append $out $c -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

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

{{/*
Scheduling of the chart's own pods (Redis, MySQL, the credentials hook, the test Pod): their own
values, each empty one falling back to serviceDefaults. Rendered by the templates, not patched
in, because Helm 3 does not post-render hooks. (dict "ctx" $ "own" VALUES)
*/}}
{{- define "spinnaker.infraPlacement" -}}
{{- $own := .own | default dict -}}
{{- $defaults := .ctx.Values.serviceDefaults | default dict -}}
{{- with ($own.priorityClassName | default $defaults.priorityClassName) }}
priorityClassName: {{ . }}
{{- end }}
{{- with ($own.nodeSelector | default $defaults.nodeSelector) }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with ($own.tolerations | default $defaults.tolerations) }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with ($own.affinity | default $defaults.affinity) }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
The restricted pod securityContext of the chart's own infrastructure pods
(Redis, MySQL, the test pod). (dict "uid" N "gid" N ["fsGroup" N])
*/}}
{{- define "spinnaker.restrictedPod" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .gid }}
{{- with .fsGroup }}
fsGroup: {{ . }}
{{- end }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The restricted securityContext of the chart's own infrastructure containers. */}}
{{- define "spinnaker.restrictedContainer" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
{{- end -}}
