#!/bin/sh
# The start-up command of the container image (the Dockerfile's CMD): one replica of the code
# editor on a shared Postgres store, over Streamable HTTP at /mcp, the bearer token from a
# secret file. test/deploy.test.ts runs this same file against a local PostgreSQL.
#
#   MCP_CONTENT_DATABASE_URL_FILE  file holding the postgresql:// URL (a secret), or
#   MCP_CONTENT_DATABASE_URL       the URL itself
#   MCP_CONTENT_TOKEN_FILE         file holding the bearer token (default /run/secrets/mcp_content_token)
#   MCP_CONTENT_PORT               port to listen on (default 8080)
#   MCP_CONTENT_HOST               address to listen on (default 0.0.0.0: every interface)
#   MCP_CONTENT_ALLOWED_HOSTS      names clients reach it by, comma-separated (the Host header a
#                                  load balancer sends); localhost:<port> is always accepted
set -eu

# Compose mounts secret files with the host's owner and mode, so a file chmod 600 by a user other
# than the container's (uid 1000, the image's node user, unless compose sets another) is unreadable.
cannot_read() {
  echo "start.sh: cannot read $1 $2 as uid $(id -u); if the secret files belong to another user, run the replicas as that user: MCP_CONTENT_UID=\$(id -u) MCP_CONTENT_GID=\$(id -g) docker compose up" >&2
  exit 2
}

token_file=${MCP_CONTENT_TOKEN_FILE:-/run/secrets/mcp_content_token}
[ -r "$token_file" ] || cannot_read MCP_CONTENT_TOKEN_FILE "$token_file"

if [ -n "${MCP_CONTENT_DATABASE_URL_FILE:-}" ]; then
  [ -r "$MCP_CONTENT_DATABASE_URL_FILE" ] || cannot_read MCP_CONTENT_DATABASE_URL_FILE "$MCP_CONTENT_DATABASE_URL_FILE"
  # From the file into the environment, never into argv (ps shows argv).
  MCP_CONTENT_DATABASE_URL=$(cat "$MCP_CONTENT_DATABASE_URL_FILE")
  export MCP_CONTENT_DATABASE_URL
fi

set -- --postgres \
  --http "${MCP_CONTENT_PORT:-8080}" \
  --host "${MCP_CONTENT_HOST:-0.0.0.0}" \
  --token-file "$token_file"
old_ifs=$IFS
IFS=,
for name in ${MCP_CONTENT_ALLOWED_HOSTS:-}; do
  set -- "$@" --allowed-host "$name"
done
IFS=$old_ifs

# exec: node replaces the shell, so it receives the container's SIGTERM and stops cleanly.
exec node "$(dirname "$0")/../dist/bin/mcp-code-editor.js" "$@"
