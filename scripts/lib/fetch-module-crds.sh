# Sourced by scripts/fetch-*-crds.sh: copies a Go module's CustomResourceDefinition manifests into
# the tools cache outside git, fetched through the Go module proxy (no release download is
# reachable from CI). The caller sets, then calls fetch_module_crds "$@":
#   label         log prefix, e.g. gateway-api
#   module        Go module path          version     its version
#   module_sum    the module zip's h1: hash (go.sum). `go mod download` already checks
#                 sum.golang.org; pinning it here as well makes a changed module fail even where
#                 GONOSUMDB/GOFLAGS=-insecure are set.
#   version_dir   cache directory of this version (holds the lock)
#   out_dir       where the manifests end up (printed on stdout)
#   src_dir       the manifests' directory inside the module
#   src_glob      which files there, e.g. '*.yaml'
#   exclude_glob  files to leave out (may be empty)
#   non_crd       error | skip: what a matched file that is not a CRD does
#   required_file a file name that must be among the copies (a broken cache lacks it)
#   complete_line what .complete records
# Usage of the callers: <script>              fetch if needed; prints the directory on stdout
#                       <script> --print-dir  print the directory without fetching
# Progress goes to stderr so callers can capture the directory from stdout.

log() { printf '[%s] %s\n' "$label" "$*" >&2; }

# Written into the temp directory before it is renamed into place: present means complete.
complete() { [[ -f "$out_dir/.complete" ]]; }

fetch_module_crds() {
  if [[ "${1:-}" == "--print-dir" ]]; then
    printf '%s\n' "$out_dir"
    return 0
  fi
  if complete; then
    log "up to date: $out_dir"
    printf '%s\n' "$out_dir"
    return 0
  fi
  if ! command -v go >/dev/null 2>&1; then
    log "error: the Go toolchain is not on PATH; install Go (e2e/kube-tools/go.mod names the version) and retry"
    return 1
  fi

  mkdir -p "$version_dir"
  exec 9>"$version_dir/.lock"
  flock 9
  if complete; then
    log "fetched by another process: $out_dir"
    printf '%s\n' "$out_dir"
    return 0
  fi

  tmp_dir="$(mktemp -d "$version_dir/.fetch-XXXXXX")"
  trap 'rm -rf "$tmp_dir"' EXIT

  log "downloading $module@$version through the Go module proxy"
  # Run outside any module (an empty temp dir, no workspace) so no go.mod is read or changed;
  # -mod=mod keeps a GOFLAGS=-mod=vendor/readonly from the environment out of the way.
  local info module_dir sum f count=0
  info="$(cd "$tmp_dir" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$module@$version")"
  module_dir="$(printf '%s' "$info" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  sum="$(printf '%s' "$info" | sed -n 's/^[[:space:]]*"Sum": "\(.*\)",\{0,1\}$/\1/p')"
  if [[ -z "$module_dir" || ! -d "$module_dir/$src_dir" ]]; then
    log "error: go mod download gave no module directory with $src_dir:"
    printf '%s\n' "$info" >&2
    return 1
  fi
  if [[ "$sum" != "$module_sum" ]]; then
    log "error: $module@$version has hash $sum, expected $module_sum; refusing to use it"
    return 1
  fi

  mkdir "$tmp_dir/crds"
  for f in "$module_dir/$src_dir"/$src_glob; do
    # shellcheck disable=SC2053 # exclude_glob is a pattern on purpose
    [[ -n "$exclude_glob" && "$(basename "$f")" == $exclude_glob ]] && continue
    if ! grep -q '^kind: CustomResourceDefinition$' "$f"; then
      if [[ "$non_crd" == skip ]]; then
        log "skipping $(basename "$f"): not a CustomResourceDefinition"
        continue
      fi
      log "error: $f is not a CustomResourceDefinition"
      return 1
    fi
    cp "$f" "$tmp_dir/crds/"
    count=$((count + 1))
  done
  if ! [[ -f "$tmp_dir/crds/$required_file" ]]; then
    log "error: $module@$version has no $required_file in $src_dir"
    return 1
  fi
  # The module cache is read-only; the copies need not be.
  chmod 644 "$tmp_dir/crds"/*.yaml
  chmod 755 "$tmp_dir/crds"
  printf '%s\n' "$complete_line" >"$tmp_dir/crds/.complete"

  rm -rf "$out_dir"
  mv "$tmp_dir/crds" "$out_dir"
  log "copied $count CRDs into $out_dir"
  printf '%s\n' "$out_dir"
}
