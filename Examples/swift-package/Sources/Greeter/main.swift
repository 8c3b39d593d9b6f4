// Greeter: a consumer of the Parlance package. Prints the greeting, a plural
// and a context lookup for each locale chain given (default: fr-CA, ru, ar).
//
//     swift run --package-path Examples/swift-package Greeter Examples/catalog fr-CA ru
import Parlance
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let path = arguments.first ?? "Examples/catalog"
let chains = arguments.count > 1 ? Array(arguments.dropFirst()) : ["fr-CA", "ru", "ar"]
do {
    let catalog = Catalog()
    try catalog.load(path: path)
    for chain in chains {
        let localizer = try Localizer(catalog: catalog, locales: chain.split(separator: ",").map(String.init),
                                      development: "en")
        print("\(chain): \(localizer.text("greeting")) | \(try localizer.format("files.count", [.int(3)])) | "
              + localizer.text("Name", context: "Name label in registration screen"))
    }
    print("Parlance \(ParlanceVersion.string)")
} catch {
    print("error: \(error)")
    exit(1)
}
