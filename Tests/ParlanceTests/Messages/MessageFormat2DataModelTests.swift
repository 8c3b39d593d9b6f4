import Testing
@testable import Parlance

@Suite struct MessageFormat2DataModelTests {
    /// Messages that are well-formed but not valid, with the error each must report.
    static let invalid: [(String, MessageFormat2Error.Kind)] = [
        (".input {$one :ns:func}\n.match $one\n1 2 {{Too many}}\n* {{Otherwise}}", .variantKeyMismatch),
        (".input {$a :f}\n.input {$b :f}\n.match $a $b\n1 2 {{Two}}\n* {{One}}\n* * {{Other}}", .variantKeyMismatch),
        (".input {$one :ns:func}\n.match $one\n1 {{one}}\n2 {{two}}", .missingFallbackVariant),
        (".input {$a :f}\n.input {$b :f}\n.match $a $b\n1 * {{a}}\n* 1 {{b}}", .missingFallbackVariant),
        (".match $one\n1 {{one}}\n* {{other}}", .missingSelectorAnnotation),
        (".local $one = {|The one|}\n.match $one\n1 {{one}}\n* {{other}}", .missingSelectorAnnotation),
        (".input {$one}\n.match $one\n1 {{one}}\n* {{other}}", .missingSelectorAnnotation),
        (".input {$x}\n.local $y = {$x}\n.match $y\n* {{other}}", .missingSelectorAnnotation),
        (".input {$var :number}\n.input {$var :number}\n{{x}}", .duplicateDeclaration),
        (".local $var = {$ext :number}\n.input {$var :number}\n{{x}}", .duplicateDeclaration),
        (".input {$var :number}\n.local $var = {$ext :number}\n{{x}}", .duplicateDeclaration),
        (".input {$var :number minimumFractionDigits=$var2}\n.input {$var2 :number}\n{{x}}", .duplicateDeclaration),
        (".local $var2 = {$var2 :ns:error}\n{{x}}", .duplicateDeclaration),
        ("Value is {42 :number style=percent style=decimal}", .duplicateOptionName),
        (".local $foo = {horse :ns:func one=1 two=2 one=1}\n{{This is {$foo}}}", .duplicateOptionName),
        ("{#b a=1 a=2}", .duplicateOptionName),
        (".input {$var :string}\n.match $var\n* {{first}}\n* {{second}}", .duplicateVariant),
        (".input {$x :string}\n.input {$y :string}\n.match $x $y\n* foo {{a}}\nbar * {{b}}\n* |foo| {{c}}\n* * {{d}}",
         .duplicateVariant),
        // Keys are compared in NFC.
        (".local $x = {a :string}\n.match $x\n\u{1E0A}\u{0323} {{a}}\n|\u{1E0C}\u{0307}| {{b}}\n* {{c}}", .duplicateVariant),
    ]

    @Test(arguments: invalid)
    func dataModelErrors(_ example: (String, MessageFormat2Error.Kind)) {
        #expect(example.1.isLoadError)
        #expect {
            _ = try MessageFormat2(example.0)
        } throws: { error in
            guard let error = error as? ParlanceError else { return false }
            return error.code == .syntax && error.message.hasPrefix(example.1.rawValue + ": ") && error.line > 0
        }
    }

    @Test func dataModelErrorIsLocated() {
        do {
            _ = try MessageFormat2(".input {$x :string}\n.match $x\n* {{a}}\n  * {{b}}")
            Issue.record("expected a duplicate variant")
        } catch {
            #expect(error.message == "duplicate-variant: another variant has the same keys")
            #expect((error.line, error.column) == (4, 3))
        }
    }

    @Test func syntaxErrorWinsOverAnEarlierDataModelError() {
        #expect {
            _ = try MessageFormat2(".input {$x :f}\n.input {$x :f}\n{{unclosed")
        } throws: { error in
            (error as? ParlanceError)?.message.hasPrefix("syntax-error: ") == true
        }
    }

    @Test func validMessagesThatLookClose() throws {
        // An indirect annotation, and a variant key `1` next to `|1|` for different selectors.
        _ = try MessageFormat2(".input {$x :number}\n.local $y = {$x}\n.match $y\n1 {{a}}\n* {{b}}")
        _ = try MessageFormat2(".input {$x :string}\n.input {$y :string}\n.match $x $y\n1 * {{a}}\n* 1 {{b}}\n* * {{c}}")
    }

    static let variableNames: [(String, [String])] = [
        ("Hello {$name}, {$count :number}", ["name", "count"]),
        (".input {$a :number}\n.local $b = {$a :integer}\n.local $c = {$d :number minimumFractionDigits=$e}\n{{{$b} {$c} {$f}}}",
         ["a", "d", "e", "f"]),
        (".input {$n :integer}\n.match $n\none {{{$n} {#link href=$url}x{/link}}}\n* {{{$other}}}", ["n", "url", "other"]),
        ("no placeholders", []),
    ]

    @Test(arguments: variableNames)
    func variableNamesForLint(_ example: (String, [String])) throws {
        #expect(try MessageFormat2(example.0).variableNames == example.1)
    }
}
