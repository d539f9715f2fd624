{{/* ---------------------------------------------------------------------
TLS between the services (`tls`, `services.<name>.tls`; README "TLS between
services"). spinnaker.workloads calls these; the post-renderer writes the
Spring settings from what they put in the bundle (`services.<workload>.tls`,
`.managementTls`).
--------------------------------------------------------------------- */}}

{{/* Where the stores are mounted; the renderer's preflight accepts halconfig paths under it. */}}
{{- define "spinnaker.tlsMountPath" -}}/opt/spinnaker/tls{{- end -}}

{{/*
A Java service's chart TLS settings as JSON: `services.<name>.tls` field by
field over `tls` (an empty field inherits), `enabled` its own when set. Every
field a string but `enabled`; `passwordSecretName` defaults to `secretName`.
(dict "ctx" $ "name" SERVICE)
*/}}
{{- define "spinnaker.serviceTls" -}}
{{- $global := .ctx.Values.tls | default dict -}}
{{- $own := (get (.ctx.Values.services | default dict) .name | default dict).tls | default dict -}}
{{- $out := dict -}}
{{- range $key := list "secretName" "keyStoreKey" "keyStoreType" "keyStorePasswordKey" "keyAlias" "trustStoreKey"
      "trustStoreType" "trustStorePasswordKey" "passwordSecretName" "clientAuth" -}}
{{- $value := get $own $key -}}
{{- if not (include "spinnaker.isSet" $value) -}}{{- $value = get $global $key -}}{{- end -}}
{{- $_ := set $out $key (toString ($value | default "")) -}}
{{- end -}}
{{- $_ := set $out "passwordSecretName" ($out.passwordSecretName | default $out.secretName) -}}
{{- $_ := set $out "clientAuth" (lower $out.clientAuth) -}}
{{- $_ := set $out "ownClientAuth" (lower (toString (get $own "clientAuth" | default ""))) -}}
{{- $enabled := get $own "enabled" -}}
{{- if not (or (kindIs "bool" $enabled) (and (kindIs "string" $enabled) $enabled)) -}}
{{- $enabled = $global.enabled -}}
{{- end -}}
{{- $_ := set $out "enabled" (eq (include "spinnaker.truthy" $enabled) "true") -}}
{{- toJson $out -}}
{{- end -}}

{{/*
Flattens a profile's mapping NODE into OUT under PREFIX: dotted keys, each
segment lower-cased without dashes, the way Spring's relaxed binding compares
names (`server.ssl.keyStore`, `server: {ssl: {key-store: ...}}` -> `server.ssl.keystore`).
(dict "node" NODE "prefix" PREFIX "out" DICT)
*/}}
{{- define "spinnaker.flattenProfile" -}}
{{- if kindIs "map" .node -}}
{{- range $key, $value := .node -}}
{{- include "spinnaker.flattenProfile" (dict "node" $value "prefix" (printf "%s.%s" $.prefix (lower (replace "-" "" (toString $key)))) "out" $.out) -}}
{{- end -}}
{{- else -}}
{{- $_ := set .out (trimPrefix "." .prefix) .node -}}
{{- end -}}
{{- end -}}

{{/*
What a workload's profiles (spinnaker, then the service's, then the split's;
the later wins) say about TLS, as JSON:
  enabled: "true"/"false" when `server.ssl.enabled` is set, else "";
  any: some `server.ssl.*` is set (Spring Boot then serves TLS unless enabled is false);
  clientAuth: `server.ssl.client-auth`, lower case ("" unset);
  managementSsl: some `management.server.ssl.*` is set; managementSslEnabled as `enabled`.
Only the top-level `server...` and `management...` keys are read. A profile
given as YAML text counts with what it sets (spinnaker.profileSettings).
(dict "ctx" $ "names" (list "spinnaker" SERVICE WORKLOAD))
*/}}
{{- define "spinnaker.profileTls" -}}
{{- $flat := dict -}}
{{- range $name := .names -}}
{{- $profile := get ($.ctx.Values.profiles | default dict) $name -}}
{{- if kindIs "string" $profile -}}
{{- $profile = include "spinnaker.profileSettings" $profile | fromJson -}}
{{- end -}}
{{- if kindIs "map" $profile -}}
{{- range $key, $value := $profile -}}
{{- $k := lower (toString $key) -}}
{{- if or (eq $k "server") (hasPrefix "server." $k) (eq $k "management") (hasPrefix "management." $k) -}}
{{- include "spinnaker.flattenProfile" (dict "node" (dict $key $value) "prefix" "" "out" $flat) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $out := dict "enabled" "" "any" false "clientAuth" "" "managementSsl" false "managementSslEnabled" "" -}}
{{- range $key, $value := $flat -}}
{{- if hasPrefix "server.ssl." $key -}}{{- $_ := set $out "any" true -}}{{- end -}}
{{- if hasPrefix "management.server.ssl." $key -}}{{- $_ := set $out "managementSsl" true -}}{{- end -}}
{{- end -}}
{{- if hasKey $flat "server.ssl.enabled" -}}
{{- $_ := set $out "enabled" (ternary "true" "false" (eq (include "spinnaker.truthy" (get $flat "server.ssl.enabled")) "true")) -}}
{{- end -}}
{{- if hasKey $flat "management.server.ssl.enabled" -}}
{{- $_ := set $out "managementSslEnabled" (ternary "true" "false" (eq (include "spinnaker.truthy" (get $flat "management.server.ssl.enabled")) "true")) -}}
{{- end -}}
{{- $_ := set $out "clientAuth" (lower (toString (get $flat "server.ssl.clientauth" | default ""))) -}}
{{- toJson $out -}}
{{- end -}}

{{/*
The settings of a Spring profile given as YAML text, as JSON: its documents
merged in order (a later one overrides, as Spring applies them), leaving out
those for Spring profiles of their own (`spring.profiles`,
`spring.config.activate`) and any Helm cannot read (the post-renderer judges
the text as the services read it). renderer/read/springtext.py `settings` is
the same rule.
*/}}
{{- define "spinnaker.profileSettings" -}}
{{- $merged := dict -}}
{{- range $part := regexSplit "(?m)^---[ \t]*(?:#.*)?$" . -1 -}}
{{- $doc := fromYaml $part -}}
{{- if and (kindIs "map" $doc) (not (hasKey $doc "Error")) -}}
{{- $spring := get $doc "spring" -}}
{{- if not (kindIs "map" $spring) -}}{{- $spring = dict -}}{{- end -}}
{{- $config := get $spring "config" -}}
{{- if not (or (hasKey $spring "profiles") (and (kindIs "map" $config) (hasKey $config "activate"))) -}}
{{- $merged = mergeOverwrite $merged $doc -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toJson $merged -}}
{{- end -}}

{{/*
A halconfig value at a dotted path, as text ("" when absent).
(dict "hal" HAL "path" PATH)
*/}}
{{- define "spinnaker.halValue" -}}
{{- $at := dict -}}
{{- $_ := include "spinnaker.halAt" (dict "hal" .hal "path" .path "out" $at) -}}
{{- if not (kindIs "invalid" $at.node) -}}{{- toString $at.node -}}{{- end -}}
{{- end -}}

{{/*
How one Java workload serves, as JSON {served, clientAuth}: whether its
config serves TLS and asks for client certificates, from every place that can
say so, later over earlier as Spring reads them: the halconfig (the facts'
`tls` switch: gate's apiSecurity.ssl, in gate.yml), the chart's `tls` (the
helm profile), the user's profiles. A source that sets no `enabled` but other
`server.ssl.*` keys serves TLS (Spring Boot binds an Ssl, enabled by default).
(dict "hal" HAL "facts" FACTS "tls" spinnaker.serviceTls "profile" spinnaker.profileTls)
*/}}
{{- define "spinnaker.servedTls" -}}
{{- $served := "" -}}
{{- $clientAuth := "" -}}
{{- if .facts.tls -}}
{{- $enabled := include "spinnaker.halValue" (dict "hal" .hal "path" .facts.tls) -}}
{{- if $enabled -}}{{- $served = ternary "true" "false" (eq (include "spinnaker.truthy" $enabled) "true") -}}{{- end -}}
{{- $clientAuth = lower (include "spinnaker.halValue" (dict "hal" .hal "path" (printf "%s.clientAuth" (trimSuffix ".enabled" .facts.tls)))) -}}
{{- end -}}
{{- if .tls.enabled -}}
{{- $served = "true" -}}
{{- /* The service's own clientAuth, else the halconfig's (gate's X.509 login), else tls.clientAuth. */ -}}
{{- $clientAuth = .tls.ownClientAuth | default $clientAuth | default .tls.clientAuth -}}
{{- end -}}
{{- $served = .profile.enabled | default $served -}}
{{- if and (not $served) .profile.any -}}{{- $served = "true" -}}{{- end -}}
{{- $clientAuth = .profile.clientAuth | default $clientAuth -}}
{{- toJson (dict "served" (eq $served "true") "clientAuth" (ternary $clientAuth "" (eq $served "true"))) -}}
{{- end -}}

{{/*
The bundle's `tls` entry of a workload whose pod mounts the chart's stores:
paths in the pod, types, the env vars carrying the passwords (and the Secret
keys they come from), whether it serves with them (`serve`) and calls the
others with them (`client`). (dict "tls" spinnaker.serviceTls "serve" BOOL "client" BOOL "clientAuth" WHAT-IT-SERVES-WITH)
*/}}
{{- define "spinnaker.tlsEntry" -}}
{{- $mount := include "spinnaker.tlsMountPath" . -}}
{{- $t := .tls -}}
{{- $out := dict "serve" .serve "client" .client "secretName" $t.secretName "passwordSecretName" $t.passwordSecretName
      "keyStore" (printf "%s/%s" $mount $t.keyStoreKey) "keyStoreKey" $t.keyStoreKey "keyStoreType" $t.keyStoreType
      "keyStorePasswordKey" $t.keyStorePasswordKey "keyStorePasswordEnv" "SPINNAKER_TLS_KEY_STORE_PASSWORD"
      "keyAlias" $t.keyAlias "clientAuth" (ternary .clientAuth "" .serve)
      "trustStore" "" "trustStoreKey" "" "trustStoreType" "" "trustStorePasswordKey" "" "trustStorePasswordEnv" "" -}}
{{- if $t.trustStoreKey -}}
{{- $_ := set $out "trustStore" (printf "%s/%s" $mount $t.trustStoreKey) -}}
{{- $_ := set $out "trustStoreKey" $t.trustStoreKey -}}
{{- $_ := set $out "trustStoreType" $t.trustStoreType -}}
{{- $_ := set $out "trustStorePasswordKey" $t.trustStorePasswordKey -}}
{{- $_ := set $out "trustStorePasswordEnv" "SPINNAKER_TLS_TRUST_STORE_PASSWORD" -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/*
Deck's bundle `tls` entry (`services.deck.tls`, PEM files the renderer gives Deck's
Apache as DECK_CERT/DECK_KEY), or "" when Deck gets none. (dict "ctx" $)
*/}}
{{- define "spinnaker.deckTls" -}}
{{- $own := (get (.ctx.Values.services | default dict) "deck" | default dict).tls | default dict -}}
{{- if include "spinnaker.truthy" $own.enabled -}}
{{- if not $own.secretName -}}
{{- fail "services.deck.tls.enabled: no secretName; name the Secret holding Deck's PEM certificate and key (e.g. a kubernetes.io/tls Secret)" -}}
{{- end -}}
{{- $mount := include "spinnaker.tlsMountPath" . -}}
{{- $cert := $own.certificateKey | default "tls.crt" -}}
{{- $key := $own.privateKeyKey | default "tls.key" -}}
{{- toJson (dict "serve" true "secretName" $own.secretName "certificateKey" $cert "privateKeyKey" $key
      "certificate" (printf "%s/%s" $mount $cert) "privateKey" (printf "%s/%s" $mount $key)) -}}
{{- end -}}
{{- end -}}

{{/*
Refusals of chart TLS settings that can never work (the pod would not start,
or no caller could reach it). (dict "name" SERVICE "tls" spinnaker.serviceTls
"clientAuth" WHAT-IT-SERVES-WITH "where" VALUES-PATH "port" SERVICE-PORT "managementPort" PORT)
*/}}
{{- define "spinnaker.checkTls" -}}
{{- $t := .tls -}}
{{- if not $t.secretName -}}
{{- fail (printf "%s: %s serves TLS but no Secret holds its key store; set tls.secretName (or services.%s.tls.secretName) to an existing Secret with the key store, trust store and their passwords" .where .name .name) -}}
{{- end -}}
{{- if not $t.keyStoreKey -}}
{{- fail (printf "%s: %s serves TLS but keyStoreKey is empty; name the Secret's key holding the key store" .where .name) -}}
{{- end -}}
{{- if and (eq .clientAuth "need") (not $t.trustStoreKey) -}}
{{- fail (printf "%s: clientAuth need without a trust store: %s could not verify any caller's certificate; set trustStoreKey" .where .name) -}}
{{- end -}}
{{- if and (eq .clientAuth "need") (eq (int .managementPort) (int .port)) -}}
{{- fail (printf "tls.managementPort %d is %s's own port; under clientAuth need /health moves to a port of its own: choose another" (int .managementPort) .name) -}}
{{- end -}}
{{- end -}}
