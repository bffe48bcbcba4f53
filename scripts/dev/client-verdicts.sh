#!/bin/sh
# Records the official client's verdicts on the config-check corpus (development only; CI never
# runs this: it needs the client's source). Needs python3 (3.11+) with click, and git mirrors:
#   LANGGRAPH_MIRROR       a bare clone of langchain-ai/langgraph (required)
#   TEMPLATE_MIRRORS_DIR   a folder of <owner>+<repo>/repo bare clones of the published projects
#                          config_corpus.PUBLISHED lists (optional: those missing are skipped)
# Writes __tests__/fixtures/config-corpus/*.json; `npm test` then holds the action to them.
# Then add the JS client's verdicts (a second judge): scripts/dev/js-client-verdicts.mjs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mirror=${LANGGRAPH_MIRROR:?set LANGGRAPH_MIRROR to a bare clone of langchain-ai/langgraph}
templates=${TEMPLATE_MIRRORS_DIR:-$(dirname "$(dirname "$mirror")")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The client's package, from the mirror, never copied into this repository.
git --git-dir="$mirror" archive HEAD libs/cli/langgraph_cli | tar -x -C "$work"
commit=$(git --git-dir="$mirror" rev-parse HEAD)

# pathspec (the client's ignore matcher): the installed one, else Debian's package, unpacked here.
if ! python3 -c 'import pathspec' 2>/dev/null; then
  (cd "$work" && apt-get download python3-pathspec >/dev/null 2>&1 && dpkg -x python3-pathspec_*.deb deb)
fi

# httpx is only used to list langgraph-api's releases on PyPI (api_version ranges): a fixed list.
mkdir -p "$work/stubs"
cat >"$work/stubs/httpx.py" <<'EOF'
class HTTPError(Exception):
    pass

RELEASES = [f"0.{minor}.{patch}" for minor in range(0, 9) for patch in range(0, 60)]
RELEASES += ["0.9.0rc1", "0.9.0", "0.9.1", "0.10.0", "0.11.0.dev5", "0.11.0.dev6", "0.11.0rc1"]

class _Answer:
    def raise_for_status(self):
        pass

    def json(self):
        return {"releases": {version: [] for version in RELEASES}}

def get(url, timeout=None):
    return _Answer()
EOF

mirrors=$(cd "$here" && python3 -c 'import json, sys, config_corpus; print(json.dumps({"langgraph": sys.argv[1], **{repo: f"{sys.argv[2]}/{repo.replace(chr(47), chr(43))}/repo" for repo, _root, _config in config_corpus.PUBLISHED}}))' "$mirror" "$templates")
PYTHONPATH="$work/libs/cli:$work/deb/usr/lib/python3/dist-packages:$work/stubs" \
  python3 "$here/client-verdicts.py" "$repo/__tests__/fixtures/config-corpus" "$mirrors" "$commit"
