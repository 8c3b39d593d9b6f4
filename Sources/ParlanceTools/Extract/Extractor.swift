import Dispatch
import Parlance
#if canImport(Glibc)
import Glibc
#endif

/// How `Extractor` scans.
public struct ExtractOptions {
    /// `--exclude`: fnmatch patterns, tried on each path relative to the
    /// directory given and on its last component.
    public var excludes: [String] = []
    /// `--keyword`: more calls, in every language. A name given here
    /// replaces the built-in rows of that name.
    public var keywords: [KeywordSpec] = []
    /// False for `--no-default-keywords`: only `keywords` are looked for.
    public var useBuiltinKeywords = true
    /// `--add-comments=TAG`: the tag that starts a translator note; empty
    /// takes every comment directly above a call (`--add-comments`), nil
    /// none (`--no-comments`). `TranslatorNotes` says which comments count.
    public var commentTag: String? = "TRANSLATORS:"
    /// References are written relative to this directory when they lie in
    /// it (the current directory for the command); nil keeps paths as found.
    public var referenceBase: String? = nil
    /// Called after each file with (files done, files in all), to show progress.
    public var progress: ((Int, Int) -> Void)? = nil

    public init() {}
}

/// What a scan found: every message once, and the problems seen.
public struct ExtractionResult: Sendable, Equatable {
    /// In the order first found (files in the walker's order, then by
    /// position), as xgettext writes them; references sorted, notes in the order found.
    public var messages: [SourceMessage]
    /// Sorted by file, line and column.
    public var diagnostics: [ToolDiagnostic]
    /// How many files were read.
    public var fileCount: Int

    public init(messages: [SourceMessage], diagnostics: [ToolDiagnostic], fileCount: Int) {
        self.messages = messages
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }
}

/// `parlance extract`'s scanning: finds the localization calls in C, C++,
/// Objective-C, Swift and Python sources.
public enum Extractor {
    public static func extract(paths: [String], options: ExtractOptions) throws -> ExtractionResult {
        let files = try SourceWalker(excludes: options.excludes).files(under: paths)
        // Files are read and scanned on every core, each into its own findings;
        // they are then collected in file order, so the result is the same
        // as a scan on one thread.
        // Each worker writes only its own files' slots; the options are only read.
        let results = UnsafeMutableBufferPointer<Result<FileFindings, ExtractError>?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let progress = Progress(total: files.count, report: options.progress)
        let workers = max(1, min(files.count, Concurrently.processors))
        Concurrently.run(workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                let file = files[index]
                let bytes: [UInt8]
                do throws(ParlanceError) {
                    bytes = try FileSystem.read(file.path)
                } catch {
                    results[index] = .failure(ExtractError("cannot read '\(file.path)': \(error.message)"))
                    progress.step()
                    continue
                }
                var findings = FileFindings()
                scan(bytes, path: displayPath(file.path, base: options.referenceBase), language: file.language,
                     options: options, into: &findings)
                results[index] = .success(findings)
                progress.step()
            }
        }
        var collector = MessageCollector()
        collector.reserveCapacity(results.reduce(0) { total, result in
            if case .success(let findings)? = result { return total + findings.messages.count }
            return total
        })
        for result in results {
            switch result! {
            case .success(let findings): collector.add(findings)
            case .failure(let error): throw error
            }
        }
        return collector.result(fileCount: files.count)
    }

    /// Counts finished files for `ExtractOptions.progress`, which is called
    /// under a lock, one file at a time.
    private final class Progress: @unchecked Sendable {
        private let done = Locked(0)
        let total: Int
        let report: ((Int, Int) -> Void)?

        init(total: Int, report: ((Int, Int) -> Void)?) {
            self.total = total
            self.report = report
        }

        func step() {
            guard let report else { return }
            done.withLock { done in
                done += 1
                report(done, total)
            }
        }
    }

    /// Scans one file's text (the tests' way in).
    public static func extract(source: String, path: String, language: SourceLanguage,
                               options: ExtractOptions = ExtractOptions()) -> ExtractionResult {
        var collector = MessageCollector()
        scan(Array(source.utf8), path: path, language: language, options: options, into: &collector)
        return collector.result(fileCount: 1)
    }

    static func scan<Sink: FindingSink>(_ bytes: [UInt8], path: String, language: SourceLanguage, options: ExtractOptions,
                                        into collector: inout Sink) {
        if let kind = language.documentKind {
            scanDocument(bytes, path: path, kind: kind, into: &collector)
            return
        }
        let lexed = language.lex(bytes)
        for (at, problem) in lexed.problems {
            collector.add(ToolDiagnostic(path: path, line: at.line, column: at.column, severity: .warning, message: problem))
        }
        let userNames = Set(options.keywords.map(\.name))
        let builtins = options.useBuiltinKeywords ? language.builtinKeywords.filter { !userNames.contains($0.name) } : []
        // A bare `--keyword text` means the row of that name, labels and all
        // (in Python the binding's `Localizer.text`).
        let known = language.keywordsByName
        let asked = options.keywords.flatMap { keyword -> [KeywordSpec] in
            let rows = known.filter { $0.name == keyword.name }
            return !rows.isEmpty && keyword == KeywordSpec(keyword.name, positions: [1: .key]) ? rows : [keyword]
        }
        let scanner = CallScanner(language: language, keywords: builtins + asked)
        var outcomes: [(message: SourceMessage, call: FoundCall)] = []
        for call in scanner.calls(in: lexed.tokens) {
            switch call.evaluate(path: path, language: language) {
            case .message(let message): outcomes.append((message, call))
            case .diagnostic(let diagnostic): collector.add(diagnostic)
            case .nothing: continue
            }
        }
        let notes = TranslatorNotes(lexed, tag: options.commentTag)?
            .notes(for: outcomes.map { ($0.call.keyPosition, $0.call.end) })
        for (index, var outcome) in outcomes.enumerated() {
            if let note = notes?[index] { outcome.message.notes.insert(note, at: 0) }
            collector.add(outcome.message, column: outcome.call.position.column)
        }
    }

    /// The texts of a UI document as messages: GtkBuilder's translatable
    /// texts (msgid, msgctxt, comments, in the interface's domain), caret-marked
    /// `^Key` texts (the key, default table), and an Interface Builder
    /// document's texts as the `OBJECT-ID.property` keys of its own table,
    /// the text their development value (Base internationalization).
    static func scanDocument<Sink: FindingSink>(_ bytes: [UInt8], path: String, kind: InterfaceDocument.Kind,
                                                into collector: inout Sink) {
        let document: InterfaceDocument
        do throws(ParlanceError) {
            document = try InterfaceDocument(bytes: bytes, name: path, kind: kind)
        } catch {
            collector.add(ToolDiagnostic(path: error.path ?? path, line: max(error.line, 1), column: max(error.column, 1),
                                         severity: .error, message: error.message))
            return
        }
        for text in document.texts {
            let reference = [SourceMessage.Reference(path: path, line: text.line)]
            let message: SourceMessage
            switch text.marking {
            case .object:
                guard let objectKey = text.objectKey, let table = document.table else { continue }
                message = SourceMessage(key: objectKey, table: table, references: reference, defaultValue: text.text)
            case .caret, .translatable, .conventional:
                message = SourceMessage(key: text.key, context: text.context, table: text.table,
                                        notes: text.comment.map { [$0] } ?? [], references: reference)
            }
            collector.add(message, column: text.column)
        }
    }

    /// `path` relative to `base` when it lies inside it.
    static func displayPath(_ path: String, base: String?) -> String {
        guard var base, !base.isEmpty else { return path }
        if !base.hasSuffix("/") { base += "/" }
        var shown = path
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        if shown.hasPrefix(base) { return String(shown.dropFirst(base.count)) }
        return shown
    }
}
