{{/* ---------------------------------------------------------------------
The generated credentials Secret (templates/credentials-hook.yaml): its name, its
keys, and whether the hook runs.
--------------------------------------------------------------------- */}}

{{/* The generated credentials Secret, made by the credentials hook (templates/credentials-hook.yaml). */}}
{{- define "spinnaker.credentialsSecret" -}}
{{- include "spinnaker.componentName" (dict "ctx" . "name" "credentials") -}}
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

{{/* "true" when some password must come from the generated credentials Secret, so the hook runs. */}}
{{- define "spinnaker.credentialsNeeded" -}}
{{- if include "spinnaker.credentialKeys" . -}}true{{- end -}}
{{- end -}}
