// swift-tools-version:6.0
import PackageDescription

// The Swift benchmark: Parlance's Localizer next to Foundation's Bundle on the
// same .strings. A package of its own, so that `make test` never builds it;
// it uses the repository's Parlance library by path. Built by bench/Makefile
// with its scratch directory under build/.
let package = Package(
    name: "ParlanceBench",
    dependencies: [.package(name: "Parlance", path: "../..")],
    targets: [
        .executableTarget(
            name: "swift-bench",
            dependencies: [.product(name: "Parlance", package: "Parlance")]
        ),
    ]
)
