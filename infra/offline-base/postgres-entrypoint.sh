#!/bin/sh
# First start: initdb with POSTGRES_USER as the superuser (password POSTGRES_PASSWORD), then POSTGRES_DB.
# Later starts find PG_VERSION and go straight to the server. Runs the server as the postgres user.
set -eu
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

if [ "${1:-}" = postgres ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
      echo "postgres: POSTGRES_PASSWORD is empty; expected a password for user $user" >&2
      exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    chown postgres "$pwfile"
    as_postgres initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 > /dev/null
    rm -f "$pwfile"
    printf "listen_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
    printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
    if [ "$db" != postgres ]; then
      as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
      as_postgres createdb --username="$user" --owner="$user" "$db"
      as_postgres pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
    fi
    echo "postgres: created the cluster, user $user and database $db"
  fi
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres "$@"
fi
exec "$@"
