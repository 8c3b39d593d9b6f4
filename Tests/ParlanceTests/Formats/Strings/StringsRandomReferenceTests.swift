import Foundation
import Testing
@testable import Parlance

extension LoadingTests {
    /// Random `.strings` files written by a small serializer (random quoting,
    /// escapes, comments, wrapper, encoding) must read the same in Parlance,
    /// in Foundation and as the table they were written from.
    @Suite struct StringsRandomReferenceTests {
        static let alphabet: [Unicode.Scalar] = Array(
            "aAzZ09_$/:.-bfnrtvUx \"'\\\n\r\t;={}()<>@#%é€ключ値\u{2028}\u{0}\u{7F}\u{A0}\u{FFFD}😀𝄞".unicodeScalars)

        struct Writer {
            var rng: SeededGenerator

            mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

            mutating func randomString() -> String {
                var s = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...8, using: &rng) { s.append(StringsRandomReferenceTests.alphabet.randomElement(using: &rng)!) }
                return String(s)
            }

            mutating func space() -> String {
                var out = ""
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: out += " "
                    case 1: out += "\n"
                    case 2: out += "\t\r\n"
                    case 3: out += "\u{2028}"
                    case 4: out += "/* c * / */"
                    default: out += "// note\n"
                    }
                }
                return out
            }

            static func hex4(_ unit: UInt16) -> String {
                let s = String(unit, radix: 16, uppercase: Bool.random())
                return String(repeating: "0", count: 4 - s.count) + s
            }

            mutating func literal(_ text: String) -> String {
                let scalars = Array(text.unicodeScalars)
                // An unquoted token would run into a following comment's '/': end it with a space.
                if !scalars.isEmpty, scalars.allSatisfy(StringsParser.isUnquoted), chance(50) { return text + " " }
                let quote: Unicode.Scalar = chance(70) ? "\"" : "'"
                var out = String(quote)
                for scalar in scalars {
                    if scalar == quote || scalar == "\\" {
                        out += "\\" + String(scalar)
                        continue
                    }
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0:  // \U, one per UTF-16 unit
                        out += String(scalar).utf16.map { "\\U" + Self.hex4($0) }.joined()
                    case 1 where scalar.value < 0x80:  // three-digit octal
                        let o = String(scalar.value, radix: 8)
                        out += "\\" + String(repeating: "0", count: 3 - o.count) + o
                    case 2 where "\u{07}\u{08}\u{0C}\n\r\t\u{0B}".unicodeScalars.contains(scalar):
                        let names: [Unicode.Scalar: String] = ["\u{07}": "a", "\u{08}": "b", "\u{0C}": "f", "\n": "n",
                                                               "\r": "r", "\t": "t", "\u{0B}": "v"]
                        out += "\\" + names[scalar]!
                    case 3 where !"abfnrtvU01234567\r".unicodeScalars.contains(scalar):
                        out += "\\" + String(scalar)  // identity escape (backslash-newline included)
                    default:
                        out.unicodeScalars.append(scalar)
                    }
                }
                return out + String(quote)
            }

            /// A file and the table it spells.
            mutating func file() -> (text: String, table: [String: String]) {
                var table: [String: String] = [:]
                var keys: [String] = []
                let wrapped = chance(20)
                var text = space() + (wrapped ? "{" : "")
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    let key = !keys.isEmpty && chance(15) ? keys.randomElement(using: &rng)! : randomString()
                    keys.append(key)
                    text += space() + literal(key) + space()
                    if chance(10) {
                        table[key] = key
                    } else {
                        let value = randomString()
                        table[key] = value
                        text += "=" + space() + literal(value) + space()
                    }
                    text += ";"
                }
                text += space() + (wrapped ? "}" + space() : "")
                return (text, table)
            }
        }

        @Test func randomFilesReadLikeFoundation() throws {
            var writer = Writer(rng: SeededGenerator(seed: 0x5EED_2026))
            var compared = 0
            for _ in 0..<600 {
                let (text, expected) = writer.file()
                let bytes: [UInt8]
                switch Int.random(in: 0..<4, using: &writer.rng) {
                case 0: bytes = Array(text.utf8)
                case 1: bytes = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
                case 2: bytes = utf16(text, bigEndian: false, byteOrderMark: true)
                default: bytes = utf16(text, bigEndian: true, byteOrderMark: true)
                }
                let parlance = FoundationReference.parlanceTable(bytes)
                #expect(parlance == expected, "\(text.debugDescription)")
                if !text.isEmpty {  // Foundation refuses zero-length data
                    #expect(FoundationReference.table(bytes) == expected, "\(text.debugDescription)")
                    compared += 1
                }
            }
            #expect(compared > 500)
        }
    }
}
