import Testing
@testable import Parlance

@Suite struct PrintfFormatterTests {
    static let formatted: [(String, [FormatArgument], String)] = [
        // Signed integers, flags, width, precision, length modifiers.
        ("%d", [.int(42)], "42"),
        ("%i", [.int(-7)], "-7"),
        ("[%5d|%-5d|%05d|%+d|% d|%.3d|%8.3d]", [.int(42), .int(42), .int(42), .int(5), .int(5), .int(7), .int(-7)],
         "[   42|42   |00042|+5| 5|007|    -007]"),
        ("%ld %lld %qd %zd %jd %td", [.int(1), .int(2), .int(3), .int(4), .int(5), .int(6)], "1 2 3 4 5 6"),
        ("%d", [.int(5_000_000_000)], "5000000000"),
        ("%lld", [.int(.min)], "-9223372036854775808"),
        ("%hd %hhd %hi", [.int(70_000), .int(300), .int(-1)], "4464 44 -1"),
        ("%'d", [.int(1_234_567)], "1234567"),
        // Unsigned conversions: two's complement of the length's width.
        ("%u %lu %llu", [.int(-1), .int(-1), .int(7)], "18446744073709551615 18446744073709551615 7"),
        ("%hu %hhu %hhx", [.int(-1), .int(-1), .int(-1)], "65535 255 ff"),
        ("%x %X %#x %#X %o %#o %08x", [.int(255), .int(255), .int(255), .int(255), .int(8), .int(8), .int(48879)],
         "ff FF 0xff 0XFF 10 010 0000beef"),
        ("%llx", [.int(-2)], "fffffffffffffffe"),
        // Floating point.
        ("%f|%.2f|%8.3f|%-8.1f|%+.1f|%08.2f", [.double(3.14159), .double(3.14159), .double(3.14159),
                                                 .double(3.14159), .double(3.14159), .double(-3.14159)],
         "3.141590|3.14|   3.142|3.1     |+3.1|-0003.14"),
        ("%e|%.2E|%g|%g|%G|%#g", [.double(12345.678), .double(0.000123), .double(100_000), .double(1e6),
                                  .double(1e-10), .double(1)],
         "1.234568e+04|1.23E-04|100000|1e+06|1E-10|1.00000"),
        ("%F %f %f %.0f %#.0f", [.double(.infinity), .double(.nan), .double(-0.0), .double(2.5), .double(2)],
         "INF nan -0.000000 2 2."),
        ("%lf %Lf %f %.1e", [.double(1.5), .double(1.5), .int(3), .int(-12345)], "1.500000 1.500000 3.000000 -1.2e+04"),
        ("%.20f", [.double(0.1)], "0.10000000000000000555"),
        ("%f", [.double(1e22)], "10000000000000000000000.000000"),
        ("%.100f", [.double(0.5)], "0.5" + String(repeating: "0", count: 99)),
        // Characters and strings.
        ("%c%C%c %lc", [.int(65), .int(0x263A), .string("é"), .int(0x1F600)], "A☺é 😀"),
        ("[%3c|%-3c]", [.int(65), .string("B")], "[  A|B  ]"),
        ("%s %S %ls", [.string("hi"), .string("Grüße"), .string("😀")], "hi Grüße 😀"),
        ("[%5s|%-5s|%.2s|%6.3s]", [.string("ab"), .string("ab"), .string("hello"), .string("héllo")],
         "[   ab|ab   |he|   hél]"),
        ("[%3s]", [.string("e\u{301}é")], "[ e\u{301}é]"),
        // Objects.
        ("%@ %@ %@ %@ %@", [.int(42), .int(-1), .string("x"), .double(2), .double(1.5)], "42 -1 x 2 1.5"),
        ("%@ %@ %@ %@ %@ %@", [.double(0.1), .double(1e20), .double(-0.0), .double(.nan), .double(-.infinity),
                               .double(1.0 / 3)], "0.1 1e+20 -0 nan -inf 0.3333333333333333"),
        // CoreFoundation appends an object's description whole: no width, no precision.
        ("[%5@|%-4@|%.1@]", [.string("ab"), .int(7), .string("ab")], "[ab|7|ab]"),
        // Literals and positions.
        ("100%% sure, %d%%", [.int(5)], "100% sure, 5%"),
        ("%%d", [.int(1)], "%d"),
        ("é %d 😀", [.int(1)], "é 1 😀"),
        ("no placeholders", [.int(1), .string("extra")], "no placeholders"),
        ("%2$@ %1$@", [.string("a"), .string("b")], "b a"),
        ("%2$d %1$.2f", [.double(1.5), .int(7)], "7 1.50"),
        ("%1$@ %1$@ %@ %@", [.string("a"), .string("b")], "a a a b"),
        ("%3$s %1$s %2$s", [.string("x"), .string("y"), .string("z")], "z x y"),
    ]

    @Test(arguments: formatted)
    func formats(_ example: (String, [FormatArgument], String)) {
        let (text, errors) = PrintfFormatter.format(example.0, example.1)
        #expect(text == example.2)
        #expect(errors == [])
    }

    static let failures: [(String, [FormatArgument], String, [String])] = [
        ("%d", [.string("5")], "%d", ["argument 1 is a string; '%d' needs an integer"]),
        ("%x", [.double(1.5)], "%x", ["argument 1 is a floating-point number; '%x' needs an integer"]),
        ("%f", [.string("1.5")], "%f", ["argument 1 is a string; '%f' needs a number"]),
        ("%s", [.int(1)], "%s", ["argument 1 is an integer; '%s' needs a string"]),
        ("%s", [.double(1)], "%s", ["argument 1 is a floating-point number; '%s' needs a string"]),
        ("%c", [.string("ab")], "%c", ["argument 1 is a string; '%c' needs an integer or a single character"]),
        ("%c", [.double(65)], "%c", ["argument 1 is a floating-point number; '%c' needs an integer or a single character"]),
        ("%c", [.int(0x110000)], "%c", ["argument 1 (1114112) is not a Unicode scalar for '%c'"]),
        ("%C", [.int(0xD800)], "%C", ["argument 1 (55296) is not a Unicode scalar for '%C'"]),
        ("%c", [.int(-1)], "%c", ["argument 1 (-1) is not a Unicode scalar for '%c'"]),
        ("%d and %d", [.int(1)], "1 and %d", ["no argument 2 for '%d'"]),
        ("%@", [], "%@", ["no argument 1 for '%@'"]),
        ("%3$d %1$d", [.int(1), .int(2)], "%3$d 1", ["no argument 3 for '%3$d'"]),
        ("%d and %s", [.string("a"), .int(1)], "%d and %s",
         ["argument 1 is a string; '%d' needs an integer", "argument 2 is an integer; '%s' needs a string"]),
        // Swapped arguments without positions: the classic crash, here two errors and no wrong text.
        ("%@ has %lld files", [.int(3), .string("Ann")], "3 has %lld files",
         ["argument 2 is a string; '%lld' needs an integer"]),
        ("50% off", [.int(1)], "501ff", []),
        // Rendered as CoreFoundation renders them (the character after the `%`), with no error:
        ("100%", [], "100", []),
        ("%k%d", [.int(1)], "k1", []),
        ("%5.2lk|%1η|%]", [], "5|1|]", []),
        ("%n", [.int(1)], "%n", ["'%n' is not supported"]),
        ("%*d", [.int(1), .int(2)], "%*d", ["'*' width is not supported in '%*'"]),
        ("%#@files@ %d", [.int(1), .int(2)], "%#@files@ 2", ["'%#@files@' is only valid in a .stringsdict entry"]),
    ]

    @Test func longNumbersAreNotCut() {
        let (text, errors) = PrintfFormatter.format("%f|%400d", [.double(1e300), .int(1)])
        #expect(text.hasPrefix("1000000000000000052504760255204420248704468581108159"))
        #expect(text.count == 301 + 7 + 1 + 400)
        #expect(text.hasSuffix(" 1"))
        #expect(errors == [])
    }

    @Test(arguments: failures)
    func errorsLeaveThePlaceholderVerbatim(_ example: (String, [FormatArgument], String, [String])) {
        let (text, errors) = PrintfFormatter.format(example.0, example.1)
        #expect(text == example.2)
        #expect(errors.map(\.message) == example.3)
        #expect(errors.allSatisfy { $0.code == .format })
    }
}
