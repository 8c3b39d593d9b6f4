// swift-tools-version:6.0
import PackageDescription

// A package that depends on Parlance as any other package would: by path
// here (`make test-swift-package` builds and runs it); from a repository,
// `.package(url: "https://…/parlance.git", from: "0.1.0")`.
let package = Package(
    name: "Greeter",
    dependencies: [
        .package(name: "Parlance", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Greeter", dependencies: [.product(name: "Parlance", package: "Parlance")]),
    ]
)
