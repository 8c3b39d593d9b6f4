// Greeter: a consumer of the Parlance package. Prints the greeting, a plural
// and a context lookup for each locale chain given (default: fr-CA, ru, ar).
//
//     swift run --package-path Examples/swift-package Greeter Examples/catalog fr-CA ru
//     Greeter entries PATH LOCALE TABLE          every entry of a table: key, context, text
//     Greeter named PATH LOCALE TABLE KEY N...   an i18next message with count N
//     Greeter message PATH LOCALE TABLE SYNTAX KEY NAME=VALUE...
//                                                a message of a table declared icu or mf2
//     Greeter document PATH LOCALE TABLE FILE    a UI document, localized
import Parlance
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "entries" where arguments.count == 4:
        let catalog = Catalog()
        try catalog.load(path: arguments[1])
        for entry in try catalog.entries(locale: arguments[2], table: arguments[3]) ?? [] {
            print("\(entry.key)\t\(entry.context ?? "")\t\(entry.text)")
        }
    case "named" where arguments.count >= 6:
        let catalog = Catalog()
        try catalog.load(path: arguments[1])
        let localizer = try Localizer(catalog: catalog, locales: [arguments[2]], development: "en")
        for count in arguments[5...] {
            print(try localizer.format(arguments[4], named: ["count": .int(Int64(count) ?? 0)], table: arguments[3]))
        }
    case "message" where arguments.count >= 6:
        let catalog = Catalog()
        try catalog.load(path: arguments[1])
        catalog.setMessageSyntax(MessageSyntax(name: arguments[4]), table: arguments[3])
        let localizer = try Localizer(catalog: catalog, locales: [arguments[2]], development: "en")
        var values: [String: FormatArgument] = [:]
        for pair in arguments[6...] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            values[parts[0]] = Int64(parts[1]).map(FormatArgument.int) ?? .string(parts[1])
        }
        print(try localizer.format(arguments[5], named: values, table: arguments[3]))
    case "document" where arguments.count == 5:
        let catalog = Catalog()
        try catalog.load(path: arguments[1])
        let localizer = try Localizer(catalog: catalog, locales: [arguments[2]], development: "en")
        guard let file = fopen(arguments[4], "rb") else { throw ParlanceError(.notFound, "cannot open \(arguments[4])") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
        fclose(file)
        let localized = try localizer.localizeDocument(bytes, name: arguments[4], table: arguments[3])
        _ = localized.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    default:
        let path = arguments.first ?? "Examples/catalog"
        let chains = arguments.count > 1 ? Array(arguments.dropFirst()) : ["fr-CA", "ru", "ar"]
        let catalog = Catalog()
        try catalog.load(path: path)
        for chain in chains {
            let localizer = try Localizer(catalog: catalog, locales: chain.split(separator: ",").map(String.init),
                                          development: "en")
            print("\(chain): \(localizer.text("greeting")) | \(try localizer.format("files.count", [.int(3)])) | "
                  + localizer.text("Name", context: "Name label in registration screen"))
        }
        print("Parlance \(ParlanceVersion.string)")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
