#!/usr/bin/env bash
# Another SwiftPM package that depends on Parlance (Examples/swift-package)
# is built as a user would build it and run; each line it prints must be
# what the CLI (through the C library) answers for the same lookups.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
cli=${CLI:-build/bin/parlance}
scratch=build/swift-package
"$swift" build --package-path Examples/swift-package --scratch-path "$scratch"
actual=$("$scratch/debug/Greeter" Examples/catalog fr-CA ru ar)
expected=""
for chain in fr-CA ru ar; do
    greeting=$("$cli" get --catalog Examples/catalog --locale "$chain" greeting)
    files=$("$cli" get --catalog Examples/catalog --locale "$chain" --count 3 files.count)
    name=$("$cli" get --catalog Examples/catalog --locale "$chain" --context "Name label in registration screen" Name)
    expected+="$chain: $greeting | $files | $name"$'\n'
done
version=$(sed -n 's/^#define PARLANCE_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' include/parlance.h | paste -sd.)
expected+="Parlance $version"
if [ "$actual" != "$expected" ]; then
    echo "test-swift-package: the consumer printed:" >&2
    echo "$actual" >&2
    echo "expected:" >&2
    echo "$expected" >&2
    exit 1
fi
echo "test-swift-package: a package depending on Parlance builds, imports it and answers as the C library does"
