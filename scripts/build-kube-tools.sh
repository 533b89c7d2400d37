#!/usr/bin/env bash
# Builds the Kubernetes binaries the test environment runs (kube-apiserver,
# kube-controller-manager, kubectl, etcd, helm) from the Go module in e2e/kube-tools.
# No release download or container image is reachable from CI, so the Go
# module proxy is the one source we can rely on.
#
# Output goes to a cache outside git, keyed by go.mod + go.sum, so a version
# bump rebuilds and an unchanged pin is a no-op:
#   ${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/kube-tools/<key>/bin/
#
# Usage: scripts/build-kube-tools.sh            build if needed; prints the bin dir on stdout
#        scripts/build-kube-tools.sh --print-dir  print the bin dir without building
# Progress goes to stderr so callers can capture the bin dir from stdout.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module_dir="$root/e2e/kube-tools"
cache_root="${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/kube-tools"
tools=(kube-apiserver kube-controller-manager kubectl etcd helm)

log() { printf '[kube-tools] %s\n' "$*" >&2; }

if ! command -v go >/dev/null 2>&1; then
  log "error: the Go toolchain is not on PATH; install Go (version in $module_dir/go.mod) and retry"
  exit 1
fi

goos="$(go env GOOS)"
goarch="$(go env GOARCH)"
key="$(cat "$module_dir/go.mod" "$module_dir/go.sum" <(printf '%s-%s\n' "$goos" "$goarch") | sha256sum | cut -c1-16)"
key_dir="$cache_root/$key"
bin_dir="$key_dir/bin"

if [[ "${1:-}" == "--print-dir" ]]; then
  printf '%s\n' "$bin_dir"
  exit 0
fi

all_present() {
  local t
  for t in "${tools[@]}"; do [[ -x "$bin_dir/$t" ]] || return 1; done
}

if all_present; then
  log "up to date: $bin_dir"
  printf '%s\n' "$bin_dir"
  exit 0
fi

mkdir -p "$key_dir"
# Two test runs starting at once must not both spend half an hour compiling.
exec 9>"$key_dir/.lock"
log "taking the build lock $key_dir/.lock (another build may be running)"
flock 9
if all_present; then
  log "built by another process: $bin_dir"
  printf '%s\n' "$bin_dir"
  exit 0
fi

mod_version() { (cd "$module_dir" && go list -m -f '{{if .Replace}}{{.Replace.Version}}{{else}}{{.Version}}{{end}}' "$1"); }
kube_version="$(mod_version k8s.io/kubernetes)"
helm_version="$(mod_version helm.sh/helm/v3)"
etcd_version="$(mod_version go.etcd.io/etcd/server/v3)"
kube_minor="$(printf '%s' "$kube_version" | cut -d. -f2)"
build_date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

# `go build` leaves gitVersion at "v0.0.0-master"; helm then rejects charts
# with a kubeVersion constraint, so stamp the real release like hack/lib/version.sh does.
kube_ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  kube_ldflags+=" -X $pkg.gitVersion=$kube_version -X $pkg.gitMajor=1 -X $pkg.gitMinor=$kube_minor"
  kube_ldflags+=" -X $pkg.gitTreeState=clean -X $pkg.buildDate=$build_date"
done
helm_ldflags="-s -w -X helm.sh/helm/v3/internal/version.version=$helm_version"
helm_ldflags+=" -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$kube_minor"
helm_ldflags+=" -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$kube_minor"

tmp_dir="$(mktemp -d "$key_dir/.build-XXXXXX")"
trap 'rm -rf "$tmp_dir"' EXIT

log "building kube-apiserver + kube-controller-manager + kubectl $kube_version, etcd $etcd_version, helm $helm_version"
log "into $bin_dir (a cold Go cache takes tens of minutes on 2 cores)"
start=$SECONDS
cd "$module_dir"
# -buildvcs=false: the tools are dependencies, there is nothing of ours to stamp.
# No -trimpath: it changes compile cache keys, so a warm cache from a plain
# `go build` would be thrown away.
go build -buildvcs=false -ldflags "$kube_ldflags" -o "$tmp_dir/" \
  k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
  k8s.io/kubernetes/cmd/kubectl
log "kubernetes binaries done after $((SECONDS - start))s"
go build -buildvcs=false -ldflags "-s -w" -o "$tmp_dir/etcd" go.etcd.io/etcd/server/v3
log "etcd done after $((SECONDS - start))s"
go build -buildvcs=false -ldflags "$helm_ldflags" -o "$tmp_dir/helm" helm.sh/helm/v3/cmd/helm
log "helm done after $((SECONDS - start))s"

chmod 755 "$tmp_dir"
# Rename the whole directory so readers never see a half-written bin dir.
rm -rf "$bin_dir"
mv "$tmp_dir" "$bin_dir"
trap - EXIT
log "built in $((SECONDS - start))s: $bin_dir"
printf '%s\n' "$bin_dir"
