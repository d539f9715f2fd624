{{/* ---------------------------------------------------------------------
The Spinnaker version the release runs, and the images: Spinnaker's, the
monitoring sidecar's, and mirrors (`spinnaker.registry`, `global.imageRegistry`).
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
