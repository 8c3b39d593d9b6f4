/// A `.qm`'s dependencies (block `0x96`) loaded as `QTranslator::load`
/// loads them: each name is opened as `QTranslator::load(name, directory)`
/// opens a file (`locate`), in the directory of the file loaded, and becomes
/// a sub-translator asked, in order, after the file's own messages
/// (`QTranslatorPrivate::do_translate`); a dependency's dependencies are
/// found the same way, in the same directory, as Qt passes it down.
///
/// A dependency that cannot be found fails the load, as it fails
/// `QTranslator`'s ("in case some dependencies fail to load, unload all the
/// other ones too"). A cycle, which `QTranslator` follows until its stack
/// runs out, is an error too. A file met a second time (two dependencies
/// sharing one) is not read again: everything it could answer was asked
/// already, so the work stays linear in the files.
enum QtDependencies {
    /// The translators `QTranslator` asks for a lookup in `file`, in its
    /// order: the file, then each dependency's translators, depth first.
    static func translators(of file: QtQMFile, path: String?) throws(ParlanceError) -> [QtQMFile] {
        guard !file.dependencies.isEmpty else { return [file] }
        guard let path else {
            throw ParlanceError(.notFound, "the .qm depends on \(file.dependencies.joined(separator: ", ")), which a load from memory cannot find: load the file")
        }
        var found: [QtQMFile] = []
        var visited = Set<String>()
        var chain: [String] = []
        try add(file, at: path, directory: FileSystem.directoryName(path), to: &found, visited: &visited, chain: &chain)
        return found
    }

    private static func add(_ file: QtQMFile, at path: String, directory: String, to found: inout [QtQMFile],
                            visited: inout Set<String>, chain: inout [String]) throws(ParlanceError) {
        found.append(file)
        visited.insert(path)
        chain.append(path)
        defer { chain.removeLast() }
        for name in file.dependencies {
            guard let dependency = locate(name, in: directory) else {
                throw ParlanceError(.notFound, "dependency \"\(name)\" not found in \(directory) (QTranslator's load fails too)", path: path)
            }
            if chain.contains(dependency) {
                let names = (chain + [dependency]).map(FileSystem.baseName).joined(separator: " -> ")
                throw ParlanceError(.reference, "dependency cycle: \(names)", path: path)
            }
            guard visited.insert(dependency).inserted else { continue }
            let parsed = try QtQMFile.parse(try FileSystem.read(dependency), path: dependency)
            try add(parsed, at: dependency, directory: directory, to: &found, visited: &visited, chain: &chain)
        }
    }

    /// The file `QTranslator::load(name, directory)` opens: `name.qm`, then
    /// `name`, then both again with the name cut at its last `_` or `.`
    /// (never at its first character), until nothing is left to cut; a name
    /// starting with `/` is not in the directory.
    static func locate(_ name: String, in directory: String) -> String? {
        let prefix = name.hasPrefix("/") || directory.isEmpty ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        var stem = Substring(name)
        while true {
            for candidate in [prefix + stem + ".qm", prefix + stem] where FileSystem.isFile(candidate) { return candidate }
            guard let cut = stem.lastIndex(where: { $0 == "_" || $0 == "." }), cut != stem.startIndex else { return nil }
            stem = stem[..<cut]
        }
    }
}
