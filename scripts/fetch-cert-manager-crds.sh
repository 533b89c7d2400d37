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
# Progress goes to stderr so callers can capture the directory from stdout. The fetch itself:
# scripts/lib/fetch-module-crds.sh.
set -euo pipefail
. "$(dirname "$0")/lib/fetch-module-crds.sh"

label="cert-manager"
version="v1.19.2"
module_sum="h1:jSprN1h5pgNDSl7HClAmIzXuTxic/5FXJ32kbQHqjlM="
module="github.com/cert-manager/cert-manager"
version_dir="${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/cert-manager/$version"
out_dir="$version_dir/crds"
src_dir="deploy/crds"
src_glob="*.yaml"
exclude_glob=""
# Only whole CRD manifests; anything else in the directory (a kustomization, say) is not ours.
non_crd="skip"
required_file="cert-manager.io_certificates.yaml"
complete_line="$module $version"

fetch_module_crds "$@"
