{{/* ---------------------------------------------------------------------
A workload's pod settings: `services.<name>` over `serviceDefaults`, and an HA
split's own (`ha.<service>`) over its service's.
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
{{- /* They exclude each other: a service's own minAvailable replaces the default maxUnavailable, and
     its own maxUnavailable the default minAvailable (which would otherwise win in pdbs.yaml). */ -}}
{{- range $pair := list (list "minAvailable" "maxUnavailable") (list "maxUnavailable" "minAvailable") -}}
{{- if and (include "spinnaker.isSet" (get $ownPdb (first $pair))) (not (include "spinnaker.isSet" (get $ownPdb (last $pair)))) -}}
{{- $_ := set $pdb (last $pair) nil -}}
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
