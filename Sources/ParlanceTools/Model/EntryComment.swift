/// A message's notes as the one comment a format keeps per entry (a String
/// Catalog's `comment`, an XLIFF unit's `<note>`, a `.strings` entry's
/// `/* */`): the notes, one a line, as Xcode writes them. Merge gives a new
/// entry this comment and replaces an existing entry's with it when the
/// message has notes; each format only spells it.
enum EntryComment {
    static func text(_ notes: [String]) -> String { notes.joined(separator: "\n") }
}
