#!/usr/bin/env bash
# Puts the cert-manager CRD manifests the tests install into their kube-apiserver in a cache
# outside git, so the platform's Certificates meet the real schema (OpenAPI + CEL) of
# certificates.cert-manager.io. They come from the Go module github.com/cert-manager/cert-manager
# (its deploy/crds, plain CustomResourceDefinitions), fetched through the Go module proxy like the
# kube tools and the Gateway API CRDs (scripts/fetch-gateway-api-crds.sh): no release download is
# reachable from CI. No cert-manager controller runs in the tests: they write status themselves.
#
# Not part of e2e/kube-tools/go.mod on purpose: that file keys the kube-tools cache, and
# changing it would rebuild kube-apiserver & co. for a directory of YAML files.
#
# Output: ${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/cert-manager/<version>/*.yaml
#
# Usage: scripts/fetch-cert-manager-crds.sh              fetch if needed; prints the directory on stdout
#        scripts/fetch-cert-manager-crds.sh --print-dir  print the directory without fetching
# Progress goes to stderr so callers can capture the directory from stdout.
set -euo pipefail

version="v1.19.2"
# The module zip's hash (go.sum's h1:). `go mod download` already checks sum.golang.org; pinning
# it here as well makes a changed module fail even where GONOSUMDB/GOFLAGS=-insecure are set.
module_sum="h1:jSprN1h5pgNDSl7HClAmIzXuTxic/5FXJ32kbQHqjlM="
module="github.com/cert-manager/cert-manager"

cache_root="${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/cert-manager"
version_dir="$cache_root/$version"
out_dir="$version_dir/crds"

log() { printf '[cert-manager] %s\n' "$*" >&2; }

if [[ "${1:-}" == "--print-dir" ]]; then
  printf '%s\n' "$out_dir"
  exit 0
fi

# Written into the temp directory before it is renamed into place: present means complete.
complete() { [[ -f "$out_dir/.complete" ]]; }

if complete; then
  log "up to date: $out_dir"
  printf '%s\n' "$out_dir"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "error: the Go toolchain is not on PATH; install Go (e2e/kube-tools/go.mod names the version) and retry"
  exit 1
fi

mkdir -p "$version_dir"
exec 9>"$version_dir/.lock"
flock 9
if complete; then
  log "fetched by another process: $out_dir"
  printf '%s\n' "$out_dir"
  exit 0
fi

tmp_dir="$(mktemp -d "$version_dir/.fetch-XXXXXX")"
trap 'rm -rf "$tmp_dir"' EXIT

log "downloading $module@$version through the Go module proxy"
# Run outside any module (an empty temp dir, no workspace) so no go.mod is read or changed;
# -mod=mod keeps a GOFLAGS=-mod=vendor/readonly from the environment out of the way.
info="$(cd "$tmp_dir" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$module@$version")"
module_dir="$(printf '%s' "$info" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
sum="$(printf '%s' "$info" | sed -n 's/^[[:space:]]*"Sum": "\(.*\)",\{0,1\}$/\1/p')"
if [[ -z "$module_dir" || ! -d "$module_dir/deploy/crds" ]]; then
  log "error: go mod download gave no module directory with deploy/crds:"
  printf '%s\n' "$info" >&2
  exit 1
fi
if [[ "$sum" != "$module_sum" ]]; then
  log "error: $module@$version has hash $sum, expected $module_sum; refusing to use it"
  exit 1
fi

mkdir "$tmp_dir/crds"
count=0
for f in "$module_dir/deploy/crds"/*.yaml; do
  # Only whole CRD manifests; anything else in the directory (a kustomization, say) is not ours.
  grep -q '^kind: CustomResourceDefinition$' "$f" || { log "skipping $(basename "$f"): not a CustomResourceDefinition"; continue; }
  cp "$f" "$tmp_dir/crds/"
  count=$((count + 1))
done
if ! grep -lq '^  name: certificates.cert-manager.io$' "$tmp_dir/crds"/*.yaml; then
  log "error: $module@$version has no certificates.cert-manager.io CRD in deploy/crds"
  exit 1
fi
# The module cache is read-only; the copies need not be.
chmod 644 "$tmp_dir/crds"/*.yaml
chmod 755 "$tmp_dir/crds"
printf '%s %s\n' "$module" "$version" >"$tmp_dir/crds/.complete"

rm -rf "$out_dir"
mv "$tmp_dir/crds" "$out_dir"
log "copied $count CRDs into $out_dir"
printf '%s\n' "$out_dir"
