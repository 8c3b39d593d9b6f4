/// The registered table formats, one line each (each declared in its
/// folder, `Formats/<Format>/`); `TableFormat.register` adds others at run
/// time, after these. Their order is the order in which a catalog's folder
/// walk asks each format's layout for its files in each searched folder
/// (and sniffing asks them); `TableFormat.allCases` lists them by number.
extension TableFormat {
    static let registry = PluginRegistry<any TableFormatPlugin>([
        TableFormat.xcstrings.plugin,
        TableFormat.xliff.plugin,
        TableFormat.android.plugin,
        TableFormat.i18next.plugin,
        TableFormat.strings.plugin,
        TableFormat.stringsdict.plugin,
        TableFormat.json.plugin,
        TableFormat.po.plugin,
        TableFormat.mo.plugin,
        TableFormat.compiled.plugin,
        TableFormat.properties.plugin,
        TableFormat.fluent.plugin,
        TableFormat.qtTS.plugin,
        TableFormat.qtQM.plugin,
    ])
}

extension TableFormat {
    /// The format bytes given without one are read as (`Catalog.load(bytes:)`).
    package static let bytesDefault = TableFormat.strings

    /// What the registered layouts find: "string catalogs, …, xx.lproj folders or LANG/LC_MESSAGES catalogs".
    static var layoutsDescription: String {
        let names = registered.compactMap { $0.layoutDescription }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// The tables the registered formats serve in place (`InPlaceTable`), one
/// case per storage, which the table names (`InPlaceTable.inPlaceStorage`): a
/// lookup switches on it and calls the format's reader directly, as it
/// calls the in-memory index, never through a witness table.
enum InPlaceStorage: @unchecked Sendable {
    case mo(Unmanaged<MappedMOFile>)
    case compiled(Unmanaged<CompiledTable>)

    /// `operation` run on the table with its own type: specialised per storage.
    @inline(__always)
    func read<Operation: InPlaceRead>(_ operation: Operation) -> Operation.Result {
        switch self {
        case .mo(let file): return file._withUnsafeGuaranteedRef { operation($0) }
        case .compiled(let table): return table._withUnsafeGuaranteedRef { operation($0) }
        }
    }
}
