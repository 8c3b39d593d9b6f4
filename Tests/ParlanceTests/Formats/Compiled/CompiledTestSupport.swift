import Foundation
import Testing
@testable import Parlance

enum CompiledFixtures {
    /// A fresh path for a compiled file under the temporary folder.
    static func path(_ name: String = "catalog") -> String {
        NSTemporaryDirectory() + "parlance-compiled-\(name)-\(UUID().uuidString).parlance"
    }

    /// Compiles a catalog and loads the result into a new catalog.
    static func roundTrip(_ source: Catalog) throws -> (catalog: Catalog, path: String) {
        let path = path()
        try source.writeWholeCatalog(to: path)
        let compiled = Catalog()
        try compiled.load(path: path)
        return (compiled, path)
    }

    /// Every (key, context) a lookup could ask for in a table: stored keys
    /// as they are and split into context and key, plural group keys, the
    /// same without their category, and one miss.
    static func queries(_ table: Table) -> [(key: String, context: String?)] {
        var queries: [(String, String?)] = [("no such key", nil), ("no such key", "no such context")]
        var keys = table.allEntries.map(\.storedKey.string)
        keys += table.allPluralGroups.map(\.key.string)
        for stored in keys {
            queries.append((stored, nil))
            if let separator = stored.firstIndex(of: "\u{4}") {
                queries.append((String(stored[stored.index(after: separator)...]), String(stored[..<separator])))
            }
            if stored.hasPrefix("("), let close = stored.firstIndex(of: ")") {
                let context = String(stored[stored.index(after: stored.startIndex)..<close])
                let key = String(stored[stored.index(after: close)...])
                queries.append((key, context))
                queries.append((key, nil))
                if let marks = context.range(of: "##") {
                    let bare = String(context[..<marks.lowerBound])
                    queries.append((key, bare.isEmpty ? nil : bare))
                }
            }
        }
        return queries
    }

    static let counts: [PluralOperand] = (0...200).map { .int(Int64($0)) }
        + [.int(-1), .int(1_000_001), .double(1.5), .double(0.0), .decimal("1.0"), .decimal("2.50")]

    /// Asserts that localizers over the two catalogs answer every query alike.
    static func expectSameAnswers(_ source: Catalog, _ compiled: Catalog, chains: [[String]],
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(compiled.locales == source.locales, sourceLocation: sourceLocation)
        #expect(compiled.tables == source.tables, sourceLocation: sourceLocation)
        var compared = 0
        for chain in chains {
            let a = try Localizer(catalog: source, locales: chain)
            let b = try Localizer(catalog: compiled, locales: chain)
            for (id, table) in source.state.tables where id.locale == a.locales.first {
                let tableName: String? = id.name == Catalog.defaultTable ? nil : id.name
                for (key, context) in queries(table) {
                    func same<T: Equatable>(_ x: T, _ y: T, _ what: String) {
                        #expect(x == y, "\(chain) \(id.name) key \(key.debugDescription) context \(String(describing: context)): \(what)",
                                sourceLocation: sourceLocation)
                        compared += 1
                    }
                    same(a.text(key, context: context, table: tableName), b.text(key, context: context, table: tableName), "text")
                    same(a.lookup(key, context: context, table: tableName), b.lookup(key, context: context, table: tableName), "lookup")
                    same(a.explain(key, context: context, table: tableName), b.explain(key, context: context, table: tableName), "explain")
                    for count in counts {
                        same(a.plural(key, count: count, context: context, table: tableName),
                             b.plural(key, count: count, context: context, table: tableName), "plural \(count)")
                        same(a.explain(key, count: count, context: context, table: tableName),
                             b.explain(key, count: count, context: context, table: tableName), "explain \(count)")
                        let arguments: [FormatArgument]
                        switch count {
                        case .int(let n): arguments = [.int(n), .string("x")]
                        case .double(let d): arguments = [.double(d)]
                        case .decimal: continue
                        }
                        let x = a.formatReportingErrors(key, arguments, context: context, table: tableName)
                        let y = b.formatReportingErrors(key, arguments, context: context, table: tableName)
                        same(x.text, y.text, "format \(count)")
                        same(x.errors, y.errors, "format errors \(count)")
                    }
                }
            }
        }
        #expect(compared > 1000, sourceLocation: sourceLocation)
    }
}
