{{/* ---------------------------------------------------------------------
Reading the `halconfig` value (kleat's form or a Halyard ~/.hal/config) and its
switches.
--------------------------------------------------------------------- */}}

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
The halconfig value at a dotted path, without serializing it: sets `.out.node`
to it (null when absent; "" when the path runs through something that is not a
mapping). The one walk of a dotted path; the helpers below read through it.
(dict "hal" HAL "path" "security.authz.enabled" "out" DICT)
*/}}
{{- define "spinnaker.halAt" -}}
{{- $node := .hal -}}
{{- range $key := splitList "." .path -}}
{{- if kindIs "map" $node -}}{{- $node = get $node $key -}}{{- else -}}{{- $node = "" -}}{{- end -}}
{{- end -}}
{{- $_ := set .out "node" $node -}}
{{- end -}}

{{/*
"true" when the halconfig value at a dotted path is true (or "true").
(dict "hal" HAL "path" "security.authz.enabled")
*/}}
{{- define "spinnaker.halTrue" -}}
{{- $at := dict -}}
{{- $_ := include "spinnaker.halAt" (dict "hal" .hal "path" .path "out" $at) -}}
{{- include "spinnaker.truthy" $at.node -}}
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
{{- $at := dict -}}
{{- $_ := include "spinnaker.halAt" (dict "hal" .hal "path" (first $parts) "out" $at) -}}
{{- $node := $at.node -}}
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
