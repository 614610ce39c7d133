{{/*
Names are fixed, not derived from the release name: the functions, their ServiceAccounts and the
ClusterRoles are the ones functions/<name>/permissions.ts and eventing/ name, and the CRDs and
ClusterRoles are cluster-wide anyway, so one release per cluster.
*/}}

{{/* The five functions, in the order of the kustomize install. */}}
{{- define "aim-engine.functions" -}}
model-inspect template-discover service-resolve cache-manage isvc-render
{{- end }}

{{/* Labels on every object: kustomize's part-of (the SinkBinding selects on it) plus Helm's. */}}
{{- define "aim-engine.labels" -}}
app.kubernetes.io/part-of: aim-engine
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end }}

{{- define "aim-engine.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/*
The YAML documents of the chart's files matching a glob (copies of manifests/ and eventing/, written
by `npm run gen:crds|gen:rbac|gen:chart`), as a list of objects. Each gets the chart's labels
over its own. Usage: include "aim-engine.fileObjects" (list $ "files/rbac/<glob>") | fromYaml
→ {objects: [...]}: templates return strings, so the list travels as YAML.
*/}}
{{- define "aim-engine.fileObjects" -}}
{{- $root := index . 0 }}
{{- $objects := list }}
{{- range $path, $_ := $root.Files.Glob (index . 1) }}
{{- range $doc := regexSplit "(?m)^---[ \t]*$" ($root.Files.Get $path) -1 }}
{{- $object := fromYaml $doc }}
{{- if $object.kind }}
{{- $labels := merge (include "aim-engine.labels" $root | fromYaml) ($object.metadata.labels | default dict) }}
{{- $_ := set $object.metadata "labels" $labels }}
{{- $objects = append $objects $object }}
{{- end }}
{{- end }}
{{- end }}
{{- dict "objects" $objects | toYaml }}
{{- end }}
