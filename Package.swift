// swift-tools-version:6.0
import PackageDescription

// libparlance.so: the C ABI (ParlanceCAPI, which sees only include/parlance.h
// through CParlanceAPI) over the Swift core (Parlance), which reaches ICU only
// through CParlanceShim. No Foundation in any of them.
// The command-line tool (`parlance`, built as parlance-cli and installed under
// build/bin by the Makefile) keeps its logic in ParlanceTools.
// Products: `Parlance`, the Swift API; `CParlance`, the C library (SwiftPM
// writes libCParlance.so; the Makefile installs it as libparlance.so with its
// soname). Linux is where it is built and tested; the Apple minimums are what
// the Synchronization module (Atomic, Mutex) needs.
// ICU: SwiftPM links the shim's ICU functions (Sources/CParlanceShim/icu_*)
// into the shim, and ICU with them. The Makefile's build sets
// PARLANCE_ICU=dlopen: those files then make a library of their own,
// libparlance-icu.so.0 (built by the Makefile), which the shim opens at the
// first call that needs ICU (icu_loader.c), and libparlance.so and the CLI
// do not link ICU at all (docs/packaging.md).
let icuLoadedOnNeed = Context.environment["PARLANCE_ICU"] == "dlopen"
let icuFiles = ["icu_collate.cpp", "icu_convert.c", "icu_format.cpp", "icu_locale.c", "icu_match.cpp",
                "icu_normalize.cpp", "icu_plural.c", "icu_plural_rules.cpp", "icu_version.c"]

let package = Package(
    name: "Parlance",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "CParlance", type: .dynamic, targets: ["ParlanceCAPI"]),
        .library(name: "Parlance", targets: ["Parlance"]),
        .executable(name: "parlance-cli", targets: ["parlance-cli"]),
    ],
    targets: [
        .target(
            name: "CParlanceShim",
            exclude: icuLoadedOnNeed ? icuFiles + ["icu_table.c"] : ["icu_table.c"],
            cSettings: icuLoadedOnNeed ? [.define("PARLANCE_ICU_DLOPEN")] : [],
            linkerSettings: icuLoadedOnNeed ? [] : [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // The C API's declarations alone: the boundary sees parlance.h, never
        // the shim; the core reads the version written there.
        .systemLibrary(name: "CParlanceAPI"),
        .target(name: "Parlance", dependencies: ["CParlanceShim", "CParlanceAPI"]),
        .target(name: "ParlanceCAPI", dependencies: ["Parlance", "CParlanceAPI"]),
        .target(name: "ParlanceTools", dependencies: ["Parlance"]),
        .executableTarget(name: "parlance-cli", dependencies: ["ParlanceTools", "Parlance"]),
        .executableTarget(name: "parlance-swift-demo", dependencies: ["Parlance"], path: "Examples/swift"),
        .testTarget(name: "ParlanceTests", dependencies: ["Parlance", "ParlanceTools"]),
    ]
)
