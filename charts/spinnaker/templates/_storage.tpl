{{/* ---------------------------------------------------------------------
Where state is kept (`storage`): front50's store, the services in SQL, the bundled
MySQL or `storage.external`, JDBC URLs and the database password Secret.
--------------------------------------------------------------------- */}}

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
{{- /* null (a user's `bundled: null` deletes the default, as Helm does) is the default: auto. Not `default`,
     which would turn false into auto too. */ -}}
{{- $raw := .Values.storage.bundled -}}
{{- if kindIs "invalid" $raw -}}{{- $raw = "auto" -}}{{- end -}}
{{- $mode := $raw | toString | lower -}}
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

{{/* The database password keys of the SQL Secrets (facts `sql.secretKey`), comma-separated. */}}
{{- define "spinnaker.sqlSecretKeys" -}}
{{- $facts := (include "spinnaker.facts" . | fromJson).services -}}
{{- $keys := list -}}
{{- range $service := keys $facts | sortAlpha -}}
{{- with (get $facts $service).sql -}}{{- $keys = append $keys .secretKey -}}{{- end -}}
{{- end -}}
{{- join ", " $keys -}}
{{- end -}}
