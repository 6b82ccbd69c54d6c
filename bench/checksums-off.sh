#!/usr/bin/env bash
# Builds OUT, a cql of this tree (HEAD) with every checksum check of the index's read path
# turned off, the baseline of issue 31's cost figures (bench/checksums.sh OUT, or
# bench/checksums-ir.sh OUT): Badger's block verification, the records' CRC-32C, the
# names.table and positions.table CRCs, and the check of each Badger table's last block at
# open. Checksums are still written, so OUT reads the indexes this tree builds.
# Usage: bench/checksums-off.sh OUT
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cql-off.XXXXXX")
trap 'git worktree remove --force "$tmp/tree" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/tree" HEAD
cd "$tmp/tree/index"
# edit FILE PATTERN REPLACEMENT: a sed substitution that must match (so a renamed line
# makes this script fail instead of measuring checks that are still on).
edit() {
	grep -q -- "$2" "$1" || { echo "checksums-off: no match for $2 in index/$1" >&2; exit 1; }
	sed -i "s#$2#$3#" "$1"
}
edit index.go 'options.OnBlockRead' 'options.NoVerification'
edit index.go 'WithVerifyValueChecksum(true)' 'WithVerifyValueChecksum(false)'
edit movestream.go 'if check && crc32.Checksum(dst, castagnoli) != sum' 'if false \&\& crc32.Checksum(dst, castagnoli) != sum'
edit names_file.go 'if crc32.Checksum(sealed' 'if false \&\& crc32.Checksum(sealed'
edit names_file.go 'if crc32.Checksum(n.entries\[from:to\]' 'if false \&\& crc32.Checksum(n.entries[from:to]'
edit names_file.go 'if crc32.Update(crc32.Checksum(n.ends' 'if false \&\& crc32.Update(crc32.Checksum(n.ends'
edit positions_file.go 'if crc32.Checksum(raw\[:dirGroupSize-4\]' 'if false \&\& crc32.Checksum(raw[:dirGroupSize-4]'
edit positions_file.go 'if len(v) < 4 || crc32.Checksum(v\[:len(v)-4\]' 'if len(v) < 4 || false \&\& crc32.Checksum(v[:len(v)-4]'
edit damage.go 'if err := y.VerifyChecksum(data, &sum); err != nil' 'if err := error(nil); false \&\& err != nil'
echo 'var _ = y.VerifyChecksum' >>damage.go
cd ..
CGO_ENABLED=0 go build -o "$out" ./cmd/cql
echo "built $out (index checksums not checked)"
