#!/usr/bin/env bash
# Puts the Gateway API CRD manifests the tests install into their kube-apiserver in a cache
# outside git. They come from the Go module sigs.k8s.io/gateway-api (its config/crd), fetched
# through the Go module proxy like the kube tools: no release download is reachable from CI.
#
# Not part of e2e/kube-tools/go.mod on purpose: that file keys the kube-tools cache, and
# changing it would rebuild kube-apiserver & co. for a directory of YAML files.
#
# Channel: "standard". In v1.6 TLSRoute v1 (the platform's route) is in the standard channel
# (served and stored); v1alpha2/v1alpha3 are served only by the experimental channel.
# Only the CustomResourceDefinitions are copied; the channel's ValidatingAdmissionPolicy
# (safe-upgrades) is left out because it guards upgrades of a real cluster, not schema.
#
# Output: ${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/gateway-api/<version>/<channel>/*.yaml
#
# Usage: scripts/fetch-gateway-api-crds.sh              fetch if needed; prints the directory on stdout
#        scripts/fetch-gateway-api-crds.sh --print-dir  print the directory without fetching
# Progress goes to stderr so callers can capture the directory from stdout. The fetch itself:
# scripts/lib/fetch-module-crds.sh.
set -euo pipefail
. "$(dirname "$0")/lib/fetch-module-crds.sh"

label="gateway-api"
version="v1.6.3"
channel="standard"
module_sum="h1:lKpJa5bGlraC/QeACvCpsHLdmO6y0iKfzVl6gzaFEYc="
module="sigs.k8s.io/gateway-api"
version_dir="${KUBEBYON_TOOLS_CACHE:-$HOME/.cache/kubebyon}/gateway-api/$version"
out_dir="$version_dir/$channel"
src_dir="config/crd/$channel"
src_glob="gateway.networking.k8s.io_*.yaml"
# The channel's ValidatingAdmissionPolicy (safe-upgrades) guards upgrades of a real cluster, not schema.
exclude_glob="*_vap_*"
non_crd="error"
required_file="gateway.networking.k8s.io_tlsroutes.yaml"
complete_line="$module $version $channel"

fetch_module_crds "$@"
