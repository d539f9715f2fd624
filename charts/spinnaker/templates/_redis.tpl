{{/* ---------------------------------------------------------------------
Redis: the bundled one or `redis.externalUrl`, which services use it, its password.
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
