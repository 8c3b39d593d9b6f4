import Testing
@testable import Parlance

@Suite struct FormatSpecifierTests {
    typealias Placeholder = FormatSpecifier.Placeholder

    @Test func placeholderParts() throws {
        let found = try FormatSpecifier.placeholders(in: "é😀%1$-08.3lf b %#@files@ %2$#@x@ %@ %0+ #'5hhu %%")
        #expect(found == [
            Placeholder(position: 1, flags: "-0", width: 8, precision: 3, length: "l", conversion: "f",
                        kind: .double, raw: "%1$-08.3lf", offset: 2),
            Placeholder(position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "@",
                        kind: .variable("files"), raw: "%#@files@", offset: 15),
            Placeholder(position: 2, flags: "", width: nil, precision: nil, length: "", conversion: "@",
                        kind: .variable("x"), raw: "%2$#@x@", offset: 25),
            Placeholder(position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "@",
                        kind: .object, raw: "%@", offset: 33),
            Placeholder(position: nil, flags: "+ #0'", width: 5, precision: nil, length: "hh", conversion: "u",
                        kind: .unsigned, raw: "%0+ #'5hhu", offset: 36),
        ])
    }

    static let kinds: [(String, Placeholder.Kind, String)] = [
        ("%d", .int, ""), ("%i", .int, ""), ("%ld", .int, "l"), ("%lld", .int, "ll"), ("%qd", .int, "q"),
        ("%zd", .int, "z"), ("%td", .int, "t"), ("%jd", .int, "j"), ("%hd", .int, "h"), ("%hhi", .int, "hh"),
        ("%u", .unsigned, ""), ("%lu", .unsigned, "l"), ("%llu", .unsigned, "ll"), ("%x", .unsigned, ""),
        ("%X", .unsigned, ""), ("%o", .unsigned, ""),
        ("%f", .double, ""), ("%F", .double, ""), ("%.2f", .double, ""), ("%e", .double, ""), ("%E", .double, ""),
        ("%g", .double, ""), ("%G", .double, ""), ("%lf", .double, "l"), ("%Lf", .double, "L"),
        ("%c", .char, ""), ("%C", .char, ""), ("%lc", .char, "l"), ("%s", .string, ""), ("%S", .string, ""),
        ("%ls", .string, "l"), ("%@", .object, ""),
    ]

    @Test(arguments: kinds)
    func conversionKinds(_ example: (String, Placeholder.Kind, String)) throws {
        let found = try FormatSpecifier.placeholders(in: example.0)
        #expect(found.count == 1)
        #expect(found.first?.kind == example.1)
        #expect(found.first?.length == example.2)
        #expect(found.first?.raw == example.0)
    }

    @Test func literalsAndPercentEscapes() {
        #expect(FormatSpecifier.segments(in: "100%% of %d%%") == [
            .literal("100% of "),
            .placeholder(Placeholder(position: nil, flags: "", width: nil, precision: nil, length: "",
                                     conversion: "d", kind: .int, raw: "%d", offset: 9)),
            .literal("%"),
        ])
        #expect(FormatSpecifier.segments(in: "") == [])
    }

    static let malformed: [(String, String, String)] = [
        ("50%", "%", "incomplete placeholder '%' at the end of the format"),
        ("%5.2", "%5.2", "incomplete placeholder '%5.2' at the end of the format"),
        ("%k", "%k", "unknown conversion '%k'"),
        ("%D", "%D", "unknown conversion '%D'"),
        ("%é", "%é", "unknown conversion '%é'"),
        ("%n", "%n", "'%n' is not supported"),
        ("%p", "%p", "'%p' is not supported"),
        ("%*d", "%*", "'*' width is not supported in '%*'"),
        ("%.*f", "%.*", "'*' precision is not supported in '%.*'"),
        ("%0$d", "%0$", "argument position 0 is out of range in '%0$'"),
        ("%10000$d", "%10000$", "argument position 10000 is out of range in '%10000$'"),
        ("%5000d", "%5000d", "width 5000 is too large in '%5000d'"),
        ("%.5000f", "%.5000f", "precision 5000 is too large in '%.5000f'"),
        ("%Ld", "%Ld", "length modifier 'L' is not valid in '%Ld'"),
        ("%l@", "%l@", "length modifier 'l' is not valid in '%l@'"),
        ("%hf", "%hf", "length modifier 'h' is not valid in '%hf'"),
        ("%hs", "%hs", "length modifier 'h' is not valid in '%hs'"),
        ("%lll", "%lll", "unknown conversion '%lll'"),
        ("%#@x", "%#@x", "malformed variable '%#@x'; expected %#@name@"),
        ("%#@@", "%#@@", "malformed variable '%#@@'; expected %#@name@"),
        ("%#@a b@", "%#@a ", "malformed variable '%#@a '; expected %#@name@"),
    ]

    @Test(arguments: malformed)
    func malformedPlaceholders(_ example: (String, String, String)) {
        #expect(throws: ParlanceError(.format, example.2)) { try FormatSpecifier.placeholders(in: example.0) }
        let invalid = FormatSpecifier.segments(in: example.0).compactMap { segment -> String? in
            if case .invalid(let raw, _, _, _) = segment { return raw }
            return nil
        }
        #expect(invalid == [example.1])
    }
}
