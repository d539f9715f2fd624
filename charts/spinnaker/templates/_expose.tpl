{{/* ---------------------------------------------------------------------
How users reach Deck and Gate (`expose`): their URLs, Gate's path, the CORS pattern.
--------------------------------------------------------------------- */}}

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
