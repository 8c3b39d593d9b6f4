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
# The newer formats, enumeration and named arguments: as the Python binding (the C library) answers.
compare() { # what, the consumer's output, the binding's
    if [ "$2" != "$3" ]; then
        echo "test-swift-package: $1: the consumer printed:" >&2; echo "$2" >&2; echo "expected:" >&2; echo "$3" >&2; exit 1
    fi
}
python=${PYTHON:-python3}
for locale in fr ru de; do
    compare "entries of a String Catalog ($locale)" \
        "$("$scratch/debug/Greeter" entries Tests/Fixtures/xcstrings/Localizable.xcstrings "$locale" Localizable)" \
        "$(PYTHONPATH=bindings/python "$python" -c 'import sys, parlance
c = parlance.Catalog(); c.load(sys.argv[1])
for e in c.entries(sys.argv[2], "Localizable"): print(e.key, e.context or "", e.text, sep="\t")' Tests/Fixtures/xcstrings/Localizable.xcstrings "$locale")"
done
compare "an i18next plural" \
    "$("$scratch/debug/Greeter" named Tests/reference/i18next/catalog/main ru common message 0 1 2 5 21)" \
    "$(PYTHONPATH=bindings/python "$python" -c 'import parlance
c = parlance.Catalog(); c.load("Tests/reference/i18next/catalog/main")
l = parlance.Localizer(c, ["ru"], development="en")
for n in (0, 1, 2, 5, 21): print(l.format_named("message", count=n, table="common"))')"
for syntax_table in icu:Messages mf2:Messages2; do
    syntax=${syntax_table%%:*}; table=${syntax_table#*:}
    for locale in en ar; do
        actual=""
        for n in 0 1 3 1200; do
            actual+="$("$scratch/debug/Greeter" message Tests/Fixtures/messages "$locale" "$table" "$syntax" files count=$n folder=Docs)"$'\n'
        done
        compare "$syntax messages ($locale)" "$actual" "$(PYTHONPATH=bindings/python "$python" -c 'import sys, parlance
c = parlance.Catalog(); c.load("Tests/Fixtures/messages"); c.set_message_syntax(sys.argv[1], table=sys.argv[2])
l = parlance.Localizer(c, [sys.argv[3]], development="en")
for n in (0, 1, 3, 1200): print(l.format_named("files", table=sys.argv[2], count=n, folder="Docs"))' "$syntax" "$table" "$locale")"$'\n'
    done
done
# UI documents: the consumer's localized copy is the CLI's, byte for byte.
for document in Tests/Fixtures/real/ui/gtk/gnome-clocks/header-bar.ui Tests/Fixtures/real/ui/ib/duckduckgo-ios/Base.lproj/Feedback.storyboard; do
    "$scratch/debug/Greeter" document Tests/Fixtures/real/ui/ib/duckduckgo-ios de Localizable "$document" > "$scratch/document.swift.out"
    "$cli" localize-doc --quiet --catalog Tests/Fixtures/real/ui/ib/duckduckgo-ios --locale de "$document" "$scratch/document.cli.out"
    cmp "$scratch/document.swift.out" "$scratch/document.cli.out" || { echo "test-swift-package: $document differs" >&2; exit 1; }
done
cmp -s Tests/Fixtures/real/ui/ib/duckduckgo-ios/Base.lproj/Feedback.storyboard "$scratch/document.swift.out" \
    && { echo "test-swift-package: nothing was localized" >&2; exit 1; }
echo "test-swift-package: a package depending on Parlance builds, imports it and answers as the C library does"
