#!/usr/bin/env bash
# Builds the local control plane (etcd, kube-apiserver, kube-controller-manager), kubectl, Knative's
# ApiServerSource receive adapter, KServe's controller manager and helm from the Go module proxy,
# into a cache outside the repository.
# Rebuilds only what is missing. Prints the assets directory on the last line of stdout.
#
# Why a wrapper module: k8s.io/kubernetes requires its staging modules at v0.0.0, so it cannot be
# `go install`ed; the wrapper in ./go replaces each staging module with its published v0.M.P tag.
set -euo pipefail

KV="${AIM_K8S_VERSION:-1.36.3}"
KNATIVE_EVENTING="${AIM_KNATIVE_EVENTING_VERSION:-v0.49.2}"
KSERVE="${AIM_KSERVE_VERSION:-v0.20.0}"
here="$(cd "$(dirname "$0")" && pwd)"
wrap="$here/go"

export GOTOOLCHAIN=local CGO_ENABLED=0
export GOFLAGS="${GOFLAGS:-} -mod=mod"
gover="$(go env GOVERSION)"
assets="${AIM_ASSETS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/aim-engine/envtest/k8s/${KV}-linux-amd64-${gover}}"
mkdir -p "$assets"

log() { echo "[build-binaries] $*" >&2; }

# Regenerates the wrapper for a new version: derives the replaces from the real upstream go.mod.
regen_wrapper() {
  cd "$wrap"
  grep -q "k8s.io/kubernetes v$KV" go.mod 2>/dev/null && return
  SV="0.${KV#1.}"
  rm -f go.mod go.sum
  go mod init aim-engine.invalid/k8s-test-binaries >/dev/null 2>&1
  KGOMOD=$(go mod download -json "k8s.io/kubernetes@v$KV" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
  for m in $(grep -oE 'k8s\.io/[a-z0-9-]+ => \./staging' "$KGOMOD" | cut -d' ' -f1 | sort -u); do
    go mod edit -replace="$m=$m@v$SV"
  done
  grep -E '^godebug default=' "$KGOMOD" >> go.mod || true
  ETCDV=$(grep -E '^\s*go\.etcd\.io/etcd/server/v3 ' "$KGOMOD" | awk '{print $2}')
  go get -tool "k8s.io/kubernetes/cmd/kube-apiserver@v$KV" \
    "k8s.io/kubernetes/cmd/kube-controller-manager@v$KV" \
    "k8s.io/kubernetes/cmd/kubectl@v$KV" \
    "go.etcd.io/etcd/server/v3@$ETCDV"
  go mod tidy
}

# Version stamps, so `kubectl version` and the API server report v$KV instead of v0.0.0.
LDF="-s -w"
for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  LDF="$LDF -X $p.gitVersion=v$KV -X $p.gitMajor=1 -X $p.gitMinor=$(echo "$KV" | cut -d. -f2) -X $p.gitTreeState=clean"
done

need_k8s=0
for b in etcd kube-apiserver kube-controller-manager; do [ -x "$assets/$b" ] || need_k8s=1; done

if [ "$need_k8s" = 1 ]; then
  log "building etcd, kube-apiserver, kube-controller-manager v$KV with $gover into $assets"
  log "a cold build takes about 15-25 minutes on 2 cores; later runs reuse the cache"
  start=$(date +%s)
  regen_wrapper
  go build -trimpath -ldflags "$LDF" -o "$assets/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager
  go build -trimpath -ldflags "-s -w" -o "$assets/etcd" go.etcd.io/etcd/server/v3
  log "control plane built in $(( $(date +%s) - start ))s"
fi

if [ ! -x "$assets/kubectl" ]; then
  # Tests drive the real kubectl (apply -k, field managers) and must not depend on one being
  # installed on the machine: CI machines have none.
  log "building kubectl v$KV (about 1-2 minutes cold, 86 s measured on 2 cores)"
  start=$(date +%s)
  regen_wrapper
  go build -trimpath -ldflags "$LDF" -o "$assets/kubectl" k8s.io/kubernetes/cmd/kubectl
  log "kubectl built in $(( $(date +%s) - start ))s"
fi

if [ ! -x "$assets/apiserver_receive_adapter" ]; then
  # Built from a second wrapper module (its dependency graph must not mix with Kubernetes'):
  # `go install pkg@version` would ask the proxy for the module's version list, which it refuses
  # for knative.dev/eventing, while a pinned requirement downloads fine.
  log "building Knative ApiServerSource receive adapter $KNATIVE_EVENTING (about 2-4 minutes cold)"
  start=$(date +%s)
  cd "$here/go-knative"
  grep -q "knative.dev/eventing $KNATIVE_EVENTING" go.mod || { echo "go-knative/go.mod does not pin $KNATIVE_EVENTING" >&2; exit 1; }
  go build -trimpath -ldflags "-s -w" -o "$assets/apiserver_receive_adapter" \
    knative.dev/eventing/cmd/apiserver_receive_adapter
  log "adapter built in $(( $(date +%s) - start ))s"
fi

if [ ! -x "$assets/kserve-manager" ]; then
  # KServe's controller manager (its webhooks included), from a third wrapper module whose
  # replaces are KServe's own (it pins Kubernetes libraries older than ours).
  log "building KServe's controller manager (about 2-6 minutes cold)"
  start=$(date +%s)
  cd "$here/go-kserve"
  grep -q "github.com/kserve/kserve $KSERVE" go.mod || { echo "go-kserve/go.mod does not pin $KSERVE" >&2; exit 1; }
  go build -trimpath -ldflags "-s -w" -o "$assets/kserve-manager" github.com/kserve/kserve/cmd/manager
  log "KServe manager built in $(( $(date +%s) - start ))s"
fi

if [ ! -x "$assets/helm" ]; then
  # Helm, for the chart's tests (helm lint, helm template), from a wrapper module pinning
  # helm.sh/helm/v3: built from the module proxy like everything here, never a release download.
  HELM="${AIM_HELM_VERSION:-v3.22.0}"
  log "building helm $HELM (about 2-5 minutes cold)"
  start=$(date +%s)
  cd "$here/go-helm"
  grep -q "helm.sh/helm/v3 $HELM" go.mod || { echo "go-helm/go.mod does not pin $HELM" >&2; exit 1; }
  go build -trimpath -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM" \
    -o "$assets/helm" helm.sh/helm/v3/cmd/helm
  log "helm built in $(( $(date +%s) - start ))s"
fi

echo "$assets"
