#!/usr/bin/env bash
# make fuzz: builds the library with libFuzzer's coverage and AddressSanitizer
# (the Swift toolchain's clang and runtimes), then for each target of
# Tests/fuzz/fuzz.c replays its regression inputs (Tests/fuzz/regressions/
# TARGET, each a crash found once) and fuzzes it for FUZZ_SECONDS seconds
# (default 60) from its seed corpus and dictionary: Tests/fuzz/corpus/TARGET
# and the hostile shapes of issue #28 that scripts/fuzz-seeds.py writes into
# build/fuzz/seeds/TARGET (too big to commit). New inputs go to
# build/fuzz/corpus, never into the repository. A crash, leak or failed
# check stops the run; the input that caused it is left in build/fuzz/TARGET-*.
# The targets are those with a dictionary, Tests/fuzz/dict/TARGET.dict; a
# target named after a format of include/parlance.h (PARLANCE_FORMAT_TARGET)
# loads its input as a table of that format, so a format's target is its
# dictionary and seeds. FUZZ_TARGETS names a subset. FUZZ_RUNS (executions
# per target) and FUZZ_SEED make a run repeatable: `make test` fuzzes that way, so that a
# clean tree always passes and a new finding shows up in `make fuzz`.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
bin=$(dirname "$(readlink -f "$(command -v "$swift")")")
clang="$bin/clang"
runtime=$(readlink -f "$bin/../lib/swift/linux")
seconds=${FUZZ_SECONDS:-60}
read -r -a targets <<< "${FUZZ_TARGETS:-$(for dict in Tests/fuzz/dict/*.dict; do basename "$dict" .dict; done | tr '\n' ' ')}"
out=build/fuzz

"$swift" build -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
    -Xcc -fsanitize=fuzzer-no-link,address --product CParlance
lib=$(readlink -f .build/fuzz/release)
ln -sf libCParlance.so "$lib/libparlance.so"   # the product's file, by the name programs link
mkdir -p "$out"
rm -rf "$out/seeds"
"${PYTHON:-python3}" scripts/fuzz-seeds.py "$out/seeds"

for target in "${targets[@]}"; do
    # The format a target is named after (a member of parlance_format), or
    # 0 (PARLANCE_FORMAT_AUTO): not a table loader.
    format=0
    grep -qE "^[[:space:]]*PARLANCE_FORMAT_${target^^}[[:space:]]*=" include/parlance.h && format="PARLANCE_FORMAT_${target^^}"
    "$clang" -g -O1 -fsanitize=fuzzer,address -fuse-ld=lld -std=c11 -Iinclude -DTARGET="$target" -DFORMAT="$format" Tests/fuzz/fuzz.c \
        -L"$lib" -lparlance -Wl,-rpath,"$lib" -Wl,-rpath,"$runtime" -o "$out/fuzz-$target"
done

export ASAN_OPTIONS=detect_leaks=1
export SWIFT_BACKTRACE=enable=no   # a Swift trap is reported by libFuzzer, with its input
export LSAN_OPTIONS=suppressions=Tests/sanitize/lsan.supp
for target in "${targets[@]}"; do
    regressions=(Tests/fuzz/regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        echo "== $target: ${#regressions[@]} regression inputs"
        "$out/fuzz-$target" "${regressions[@]}"
    fi
    if [ -n "${FUZZ_RUNS:-}" ]; then
        echo "== $target: fuzzing for $FUZZ_RUNS runs (seed ${FUZZ_SEED:-0})"
    else
        echo "== $target: fuzzing for $seconds s"
    fi
    mkdir -p "$out/corpus/$target" "$out/seeds/$target"
    status=0
    budget=(-max_total_time="$seconds")
    [ -n "${FUZZ_RUNS:-}" ] && budget=(-runs="$FUZZ_RUNS")
    # Inputs are chosen less often the longer they run: a seed past the $t()
    # budget costs 10,000 lookups under the sanitizers (i18next: 9 s for the
    # 15,000 runs instead of 112 s).
    "$out/fuzz-$target" "${budget[@]}" -seed="${FUZZ_SEED:-0}" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -entropic_scale_per_exec_time=1 \
        -dict=Tests/fuzz/dict/"$target".dict -artifact_prefix="$out/$target-" \
        "$out/corpus/$target" Tests/fuzz/corpus/"$target" "$out/seeds/$target" > "$out/$target.log" 2>&1 || status=$?
    grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::new_units_added)" "$out/$target.log" || true
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$out/$target.log"
        echo "fuzz: $target failed (status $status); the input is in $out/$target-*"
        exit 1
    fi
done
echo "fuzz: ${#targets[@]} targets clean"
