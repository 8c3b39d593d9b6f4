// Parlance from Swift: `swift run parlance-swift-demo Examples/catalog`
import Parlance

let path = CommandLine.arguments.dropFirst().first ?? "Examples/catalog"
do {
    let catalog = Catalog()
    try catalog.load(path: path)
    let localizer = try Localizer(catalog: catalog, locales: ["fr-CA"], development: "en")
    print(localizer.locales.joined(separator: " → "))
    print(localizer.text("greeting"))
    print(localizer.text("Name", context: "Name label in registration screen"))
    print(try localizer.format("files.count", [.int(3)]))
    print(localizer.explain("files.count", count: .int(3)))
    try localizer.setLocales(["ar"])
    print(try localizer.format("files.count", [.int(2)]))
} catch {
    print("error: \(error)")
}
