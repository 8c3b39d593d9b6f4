import Testing
@testable import ParlanceTools

@Suite struct ExtractKeywordTests {
    @Test func keywordSpecsFollowXgettext() throws {
        #expect(try KeywordSpec.parse("tr") == KeywordSpec("tr", positions: [1: .key]))
        #expect(try KeywordSpec.parse("tr:2") == KeywordSpec("tr", positions: [2: .key]))
        #expect(try KeywordSpec.parse("tr:1,2") == KeywordSpec("tr", positions: [1: .key, 2: .plural]))
        #expect(try KeywordSpec.parse("tr:1c,2") == KeywordSpec("tr", positions: [1: .context, 2: .key]))
        #expect(try KeywordSpec.parse("tr:2,1c,3") == KeywordSpec("tr", positions: [1: .context, 2: .key, 3: .plural]))
        #expect(try KeywordSpec.parse("tr:1,3t") == KeywordSpec("tr", positions: [1: .key], totalArguments: 3))
        #expect(try KeywordSpec.parse("tr:1,\"a, note\"") == KeywordSpec("tr", positions: [1: .key], fixedNote: "a, note"))
        for bad in ["", ":1", "tr:x", "tr:0", "tr:1,2,3", "tr:1c,1", "tr:1c,2c", "9tr"] {
            #expect(throws: UsageError.self, "\(bad)") { try KeywordSpec.parse(bad) }
        }
    }

    @Test func userKeywordsApplyToEveryLanguage() throws {
        var options = ExtractOptions()
        options.keywords = [try KeywordSpec.parse("tr:1c,2"), try KeywordSpec.parse("tr:1,2,3t")]
        let c = extracted(#"tr("ctx", "key"); tr("s", "p", n); _("builtin");"#, .c, options)
        #expect(rows(c) == [["builtin", nil, nil, nil], ["s", nil, "p", nil], ["key", "ctx", nil, nil]])
        let py = extracted(#"self.tr("ctx", "key")"#, .python, options)
        #expect(rows(py) == [["key", "ctx", nil, nil]])
        options.useBuiltinKeywords = false
        #expect(rows(extracted(#"_("builtin"); tr("c", "k");"#, .c, options)) == [["k", "c", nil, nil]])
    }

    @Test func userKeywordReplacesTheBuiltinOfTheSameName() throws {
        var options = ExtractOptions()
        options.keywords = [try KeywordSpec.parse("_:2")]
        #expect(rows(extracted(#"_("a", "b");"#, .c, options)) == [["b", nil, nil, nil]])
    }

    @Test func fixedNoteFromTheSpec() throws {
        var options = ExtractOptions()
        options.keywords = [try KeywordSpec.parse("tr:1,\"UI text\"")]
        #expect(extracted(#"tr("x");"#, .c, options).messages.first?.notes == ["UI text"])
    }

    @Test func translatorNotes() {
        let source = """
            // TRANSLATORS: one
            _("a");
            // not tagged
            _("b");
            /* TRANSLATORS: block
             * second line */
            _("c");
            // unrelated

            _("d");
            // first line
            // TRANSLATORS: tag in the middle
            // continues
            _("e");
            /* TRANSLATORS: same line */ _("f");
            _("g"); // TRANSLATORS: after the call is not above anything on its line
            _("h");
            """
        let tagged = extracted(source, .c)
        let notes = Dictionary(uniqueKeysWithValues: tagged.messages.map { ($0.key, $0.notes) })
        // As xgettext --add-comments=TRANSLATORS: writes them: the tag kept,
        // a block comment's lines as written, a blank line no break.
        #expect(notes["a"] == ["TRANSLATORS: one"])
        #expect(notes["b"] == [])
        #expect(notes["c"] == ["TRANSLATORS: block\n* second line"])
        #expect(notes["d"] == [])
        #expect(notes["e"] == ["TRANSLATORS: tag in the middle\ncontinues"])
        #expect(notes["f"] == ["TRANSLATORS: same line"])
        #expect(notes["g"] == [])
        #expect(notes["h"] == ["TRANSLATORS: after the call is not above anything on its line"])

        var options = ExtractOptions()
        options.commentTag = ""
        let all = Dictionary(uniqueKeysWithValues: extracted(source, .c, options).messages.map { ($0.key, $0.notes) })
        #expect(all["b"] == ["not tagged"])
        #expect(all["d"] == ["unrelated"])
        #expect(all["e"] == ["first line\nTRANSLATORS: tag in the middle\ncontinues"])
        options.commentTag = nil
        #expect(extracted(source, .c, options).messages.allSatisfy { $0.notes.isEmpty })

        options.commentTag = "NOTE:"
        #expect(extracted("# NOTE: py\nx = _('p')\n", .python, options).messages.first?.notes == ["NOTE: py"])
        #expect(extracted("/// TRANSLATORS: doc\nl.text(\"s\")\n", .swift).messages.first?.notes == ["TRANSLATORS: doc"])
        // The pile is dropped at a line of code and once a message took it (xgettext).
        let piles = extracted("/* TRANSLATORS: x */\n_(\n\"m1\");\n/* TRANSLATORS: y */\nf(_(\"m2\"), _(\"m3\"));\n", .c)
        #expect(piles.messages.map(\.notes) == [[], ["TRANSLATORS: y"], []])
    }

    @Test func mergingOccurrences() {
        let source = """
            // TRANSLATORS: first
            _("k");
            // TRANSLATORS: second
            _("k");
            // TRANSLATORS: first
            _("k");
            ngettext("k", "ks", n);
            ngettext("k", "other plural", n);
            pgettext("c", "k");
            """
        let result = extracted(source, .c)
        #expect(rows(result) == [["k", nil, "ks", nil], ["k", "c", nil, nil]])
        // A note is not added again when it repeats the last ones (xgettext's rule).
        #expect(result.messages[0].notes == ["TRANSLATORS: first", "TRANSLATORS: second", "TRANSLATORS: first"])
        #expect(result.messages[0].references.map(\.line) == [2, 4, 6, 7, 8])
        #expect(result.diagnostics.map(\.description) == ["t:8:1: warning: plural 'other plural' of 'k' differs from 'ks' found before; keeping 'ks'"])
    }

    @Test func noteArgumentsAndDefaultValues() {
        let objc = extracted(#"NSLocalizedStringWithDefaultValue(@"k", @"T", b, @"Default", @"The note");"#, .objc)
        #expect(objc.messages.first?.notes == ["The note"])
        #expect(objc.messages.first?.defaultValue == "Default")
        let swift = extracted("// TRANSLATORS: above\nNSLocalizedString(\"k\", comment: \"arg\")", .swift)
        #expect(swift.messages.first?.notes == ["TRANSLATORS: above", "arg"])
    }
}
