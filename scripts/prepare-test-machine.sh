#!/usr/bin/env bash
# First step of `npm test`: gives a fresh Debian machine of our kind what the tests need and does
# not install by themselves:
# - Debian packages: chromium (browser tests), openssl (test cluster certificates),
#   fonts-noto-cjk (the Chinese console pages render in the screenshots of browser tests),
#   docker-compose (validates the compose deployments; no container engine is needed for that),
#   haproxy (the control-plane edge integration test starts its own instance on loopback; the Debian
#   package's system service is not used: policy-rc.d / no systemd keeps it from starting),
#   shellcheck and dash (the join wrapper script the platform serves is linted and run with both shells);
# - PostgreSQL on 127.0.0.1:5432 and RabbitMQ on 127.0.0.1:5672, started when installed but not
#   running.
# Each is handled only while the tests use the machine's default (KUBEBYON_CHROMIUM_PATH,
# KUBEBYON_TEST_POSTGRES_URL, KUBEBYON_TEST_RABBITMQ_URL unset or at their defaults): whoever
# points the tests elsewhere runs that themselves. When everything is in place it prints nothing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# The same defaults as e2e/env/browser.ts, e2e/env/postgres.ts and e2e/env/rabbitmq.ts.
readonly DEFAULT_CHROMIUM=/usr/bin/chromium
readonly DEFAULT_POSTGRES_URL="postgresql://postgres@127.0.0.1:5432/postgres"
readonly DEFAULT_RABBITMQ_URL="amqp://guest:guest@127.0.0.1:5672"

say() { printf 'test machine: %s\n' "$*"; }
fail() { printf 'test machine: %s\n' "$*" >&2; exit 1; }
uses_default() { [[ -z "${!1:-}" || "${!1}" == "$2" ]]; }
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
installed() { dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null | grep -qx installed; }

install_missing_packages() {
  local missing=() why=() i
  if uses_default KUBEBYON_CHROMIUM_PATH "$DEFAULT_CHROMIUM" && [[ ! -x "$DEFAULT_CHROMIUM" ]]; then
    missing+=(chromium) why+=("browser tests drive it")
  fi
  if ! command -v openssl >/dev/null 2>&1; then
    missing+=(openssl) why+=("test clusters get their certificates from it")
  fi
  if ! installed fonts-noto-cjk; then
    missing+=(fonts-noto-cjk) why+=("screenshots of the Chinese console need its glyphs")
  fi
  if ! command -v docker-compose >/dev/null 2>&1; then
    missing+=(docker-compose) why+=("the compose deployment test validates the files with it")
  fi
  if ! command -v haproxy >/dev/null 2>&1; then
    missing+=(haproxy) why+=("the control-plane edge integration test runs it on loopback")
  fi
  if ! command -v shellcheck >/dev/null 2>&1; then
    missing+=(shellcheck) why+=("the join wrapper script the platform serves is checked with it")
  fi
  if ! command -v dash >/dev/null 2>&1; then
    missing+=(dash) why+=("the join wrapper script is run with dash and bash")
  fi
  ((${#missing[@]} > 0)) || return 0
  if [[ "$(id -u)" != 0 ]]; then
    fail "missing Debian packages: ${missing[*]}; install them as root (apt-get install ${missing[*]}) and rerun npm test"
  fi
  for i in "${!missing[@]}"; do say "installing Debian package ${missing[$i]} (${why[$i]})"; done
  apt-get update -qq || fail "apt-get update failed (see above)"
  apt-get install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install ${missing[*]} failed (see above)"
  say "installed ${missing[*]}"
}

start_postgres() {
  uses_default KUBEBYON_TEST_POSTGRES_URL "$DEFAULT_POSTGRES_URL" || return 0
  listening 5432 && return 0
  command -v pg_ctlcluster >/dev/null 2>&1 && [[ -d /etc/postgresql ]] ||
    fail "PostgreSQL is not listening on 127.0.0.1:5432 and not installed; install and start it, or set KUBEBYON_TEST_POSTGRES_URL"
  local version
  version="$(ls /etc/postgresql)"
  say "starting PostgreSQL $version (nothing listens on 127.0.0.1:5432)"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
}

start_rabbitmq() {
  uses_default KUBEBYON_TEST_RABBITMQ_URL "$DEFAULT_RABBITMQ_URL" || return 0
  listening 5672 && return 0
  command -v rabbitmq-server >/dev/null 2>&1 ||
    fail "RabbitMQ is not listening on 127.0.0.1:5672 and not installed; install and start it, or set KUBEBYON_TEST_RABBITMQ_URL"
  say "starting RabbitMQ (nothing listens on 127.0.0.1:5672)"
  rabbitmq-server -detached
  local _
  for _ in $(seq 1 60); do listening 5672 && return 0; sleep 1; done
  fail "RabbitMQ did not listen on 127.0.0.1:5672 within 60 s; see /var/log/rabbitmq"
}

install_missing_packages
start_postgres
start_rabbitmq
