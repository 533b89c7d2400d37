#!/bin/sh
# Builds the web, worker and route-agent images from deployments/images/Dockerfile
# (docs/runbooks/images.md).
# CI-friendly: every input is a flag or an environment variable, nothing is asked, any failure
# stops the script with a non-zero exit.
#
#   HELM_SHA256=… KUBECTL_SHA256=… scripts/build-images.sh [--repository REGISTRY/NAMESPACE]
#       [--version V] [--platform linux/amd64] [--node-image node:24.22.3-bookworm-slim@sha256:…]
#       [--push] [--target web|worker|route-agent]
#
# HELM_SHA256 / KUBECTL_SHA256: the official sha256 of helm v3.22.0 and kubectl v1.37.2 for the
# platform built, from https://get.helm.sh/helm-v3.22.0-linux-<arch>.tar.gz.sha256sum and
# https://dl.k8s.io/release/v1.37.2/bin/linux/<arch>/kubectl.sha256. The build refuses to run
# without them and fails when a download does not match. The route-agent image holds neither tool:
# `--target route-agent` alone needs no checksums.
set -eu
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -eu/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2; exit 2; }

repository="kubebyon"
version="$(node -p 'require("./package.json").version' 2>/dev/null || sed -n 's/^  "version": "\(.*\)",$/\1/p' package.json)"
platform=""
node_image=""
push=0
targets="web worker route-agent"
while [ $# -gt 0 ]; do
  case "$1" in
    --repository) repository="${2:?--repository needs a value}"; shift 2 ;;
    --version) version="${2:?--version needs a value}"; shift 2 ;;
    --platform) platform="${2:?--platform needs a value}"; shift 2 ;;
    --node-image) node_image="${2:?--node-image needs a value}"; shift 2 ;;
    --target) targets="${2:?--target needs web, worker or route-agent}"; shift 2 ;;
    --push) push=1; shift ;;
    -h|--help) usage ;;
    *) echo "build-images: unknown argument $1" >&2; usage ;;
  esac
done

for t in $targets; do
  case "$t" in web|worker|route-agent) ;; *) echo "build-images: --target must be web, worker or route-agent, not $t" >&2; exit 2 ;; esac
done
if [ "$targets" != "route-agent" ] && { [ -z "${HELM_SHA256:-}" ] || [ -z "${KUBECTL_SHA256:-}" ]; }; then
  echo "build-images: set HELM_SHA256 and KUBECTL_SHA256 to the official checksums (see docs/runbooks/images.md)" >&2
  exit 2
fi
command -v docker >/dev/null || { echo "build-images: docker is not installed" >&2; exit 1; }

revision="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
# A remote URL can carry credentials (https://user:token@host/…); they must not end up in a label.
source_url="$(git remote get-url origin 2>/dev/null | sed 's#://[^@/]*@#://#' || true)"
source_url="${source_url:-unknown}"
created="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

for t in $targets; do
  image="$repository/kubebyon-$t:$version"
  echo "build-images: building $image (revision $revision)"
  set -- build -f deployments/images/Dockerfile --target "$t" \
    --build-arg "HELM_SHA256=$HELM_SHA256" --build-arg "KUBECTL_SHA256=$KUBECTL_SHA256" \
    --build-arg "VERSION=$version" --build-arg "REVISION=$revision" --build-arg "CREATED=$created" \
    --build-arg "SOURCE=$source_url" \
    -t "$image"
  [ -n "$platform" ] && set -- "$@" --platform "$platform"
  [ -n "$node_image" ] && set -- "$@" --build-arg "NODE_IMAGE=$node_image"
  DOCKER_BUILDKIT=1 docker "$@" .
  if [ "$push" = 1 ]; then
    echo "build-images: pushing $image"
    docker push "$image"
  fi
done
