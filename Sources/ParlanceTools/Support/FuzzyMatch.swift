import Parlance

/// Fuzzy matching as msgmerge does it: for a message no entry of a table
/// has, the candidate whose text is most similar, when the similarity is at
/// least 0.6 — a format that keeps such guesses (gettext's `#, fuzzy`)
/// brings its translation along for a translator to check. The index knows
/// candidates by text and context alone; which entries are candidates, and
/// what a match brings along, the format says (its document).
///
/// Similarity is gettext's `fstrcmp`: 2 × (longest common subsequence) ÷
/// (sum of the lengths), over bytes, plus 0.00001 when the candidate has
/// no context or the message's own (so that, of two equally similar
/// entries, the one of the same context wins). Candidates come from an
/// index of character 4-grams, as msgmerge's do: the candidates sharing the
/// most 4-grams with the text (the first max(10, √n)) are compared in
/// full; texts of fewer than four characters are compared with every short
/// text of a length that could reach the threshold.
///
/// Unlike msgmerge, whose cost grows with the square of the file when
/// texts share common 4-grams (every message of a generated tree contains
/// "essa"), a search here reads at most `postingBudget` index entries,
/// taking the rarest 4-grams first, and compares at most `compared`
/// candidates in full (msgmerge: √n): merging stays linear in the file.
final class FuzzyIndex {
    static let threshold = 0.6
    static let contextBonus = 0.00001
    /// Index entries a search reads at the most (the rarest 4-grams first).
    static let postingBudget = 4096
    /// Candidates compared in full at the most.
    static let compared = 64


    private struct Gram: Hashable {
        var a, b, c, d: UInt32
    }

    /// The candidates' texts, back to back, and each one's place there.
    private var bytes: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []
    /// Per candidate: whether it has no context, or `context`'s, is asked per search.
    private let contexts: [String?]
    private var postings: [Gram: [Int32]] = [:]
    /// Candidates by text byte length, for texts of under four characters.
    private var short: [[Int32]]
    private let firstFew: Int
    /// Per-search scratch: shared 4-gram counts by candidate, and which were
    /// touched. One per thread: the index itself is only read by searches.
    struct Scratch {
        fileprivate var counts: [Int32]
        fileprivate var touched: [Int32] = []
    }
    private var scratch: Scratch

    /// The longest short text that can reach the threshold: twelve bytes
    /// (three characters of up to four bytes) × (2 ÷ threshold − 1).
    private static let shortBytes = 12
    private static let shortMax = Int(Double(shortBytes) * (2 / threshold - 1))

    /// Indexes `candidates`; a search answers with a candidate's index among them.
    init(_ candidates: [(context: String?, text: String)]) {
        contexts = candidates.map(\.context)
        short = Array(repeating: [], count: Self.shortMax + 1)
        scratch = Scratch(counts: Array(repeating: 0, count: candidates.count))
        firstFew = min(Self.compared, max(10, Int(Double(candidates.count).squareRoot())))
        for (index, candidate) in candidates.enumerated() {
            let start = bytes.count
            bytes += candidate.text.utf8
            spans.append((start, bytes.count - start))
            Self.forEachGram(candidate.text) { gram in
                // Each candidate once per 4-gram: postings stay sorted and unique.
                Self.appendOnce(Int32(index), to: &postings[gram, default: []])
            }
            if bytes.count - start <= Self.shortMax { short[bytes.count - start].append(Int32(index)) }
        }
    }

    private static func appendOnce(_ index: Int32, to list: inout [Int32]) {
        if list.last != index { list.append(index) }
    }

    private static func forEachGram(_ text: String, _ body: (Gram) -> Void) {
        var window: (UInt32, UInt32, UInt32) = (0, 0, 0)
        var seen = 0
        for scalar in text.unicodeScalars {
            if seen >= 3 { body(Gram(a: window.0, b: window.1, c: window.2, d: scalar.value)) }
            window = (window.1, window.2, scalar.value)
            seen += 1
        }
    }

    /// The index of the candidate most similar to `text` in `context`, or nil.
    func best(context: String?, text: String) -> Int? {
        bestIndex(context: context, text: text, scratch: &scratch).map { Int($0) }
    }

    /// `best` for many messages at once, searched on up to `threads` threads
    /// (msgmerge also spreads its search over the processors); the answers
    /// are the same as one `best` call each, in order.
    func best(of queries: [(context: String?, text: String)], threads: Int) -> [Int?] {
        let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: queries.count)
        defer { found.deallocate() }
        let workers = max(1, min(threads, queries.count / 16))
        let candidates = contexts.count
        Concurrently.run(workers) { worker in
            var own = Scratch(counts: Array(repeating: 0, count: candidates))
            for index in stride(from: worker, to: queries.count, by: workers) {
                found[index] = bestIndex(context: queries[index].context, text: queries[index].text, scratch: &own) ?? -1
            }
        }
        return found.map { $0 < 0 ? nil : Int($0) }
    }

    private func bestIndex(context: String?, text: String, scratch: inout Scratch) -> Int32? {
        let query = Array(text.utf8)
        let lcs = LongestCommonSubsequence(query)
        var bestWeight = Self.threshold
        var best: Int32? = nil
        func consider(_ index: Int32) {
            let span = spans[Int(index)]
            let other = contexts[Int(index)]
            let bonus = other == nil || other == context ? Self.contextBonus : 0
            let total = query.count + span.count
            guard total > 0 else { return }
            // 2·LCS ≤ 2·min(lengths): skip what cannot beat the best so far.
            if Double(2 * min(query.count, span.count)) / Double(total) + bonus <= bestWeight { return }
            let common = bytes.withUnsafeBufferPointer {
                lcs.length(with: UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count]))
            }
            let weight = Double(2 * common) / Double(total) + bonus
            if weight > bestWeight {
                bestWeight = weight
                best = index
            }
        }
        if text.unicodeScalars.count >= 4 {
            var grams: [[Int32]] = []
            var seen = Set<Gram>()
            Self.forEachGram(text) { gram in
                if seen.insert(gram).inserted, let list = postings[gram] { grams.append(list) }
            }
            grams.sort { $0.count < $1.count }
            var read = 0
            for list in grams where read == 0 || read + list.count <= Self.postingBudget {
                for index in list {
                    if scratch.counts[Int(index)] == 0 { scratch.touched.append(index) }
                    scratch.counts[Int(index)] += 1
                }
                read += list.count
            }
            let ranked = scratch.counts.withUnsafeBufferPointer { counts in
                scratch.touched.sorted { counts[Int($0)] != counts[Int($1)] ? counts[Int($0)] > counts[Int($1)] : $0 < $1 }
            }
            for index in ranked.prefix(firstFew) { consider(index) }
            for index in scratch.touched { scratch.counts[Int(index)] = 0 }
            scratch.touched.removeAll(keepingCapacity: true)
        } else if query.count <= Self.shortBytes {
            let factor = 2 / Self.threshold - 1
            let low = Int((Double(query.count) / factor).rounded(.up)), high = min(Self.shortMax, Int(Double(query.count) * factor))
            if low <= high { for length in low...high { short[length].forEach(consider) } }
        }
        return best
    }
}

/// The length of the longest common subsequence of one byte string with
/// others, bit-parallel (Allison–Dix, Crochemore et al.): one pass over the
/// other string, a word operation per 64 bytes of this one.
struct LongestCommonSubsequence {
    private let count: Int
    private let words: Int
    /// Per byte value, the positions of this string holding it.
    private var masks: [UInt64]

    init(_ text: [UInt8]) {
        count = text.count
        words = (text.count + 63) / 64
        masks = Array(repeating: 0, count: 256 * words)
        for (position, byte) in text.enumerated() {
            masks[Int(byte) * words + position / 64] |= 1 << UInt64(position % 64)
        }
    }

    func length(with other: UnsafeBufferPointer<UInt8>) -> Int {
        guard count > 0, !other.isEmpty else { return 0 }
        var row = Array(repeating: UInt64.max, count: words)
        masks.withUnsafeBufferPointer { masks in
            for byte in other {
                let base = Int(byte) * words
                var carry: UInt64 = 0
                for word in 0..<words {
                    let v = row[word], match = masks[base + word]
                    let u = v & match
                    let (sum1, overflow1) = v.addingReportingOverflow(u)
                    let (sum, overflow2) = sum1.addingReportingOverflow(carry)
                    carry = (overflow1 || overflow2) ? 1 : 0
                    row[word] = sum | (v & ~match)
                }
            }
        }
        var ones = 0
        for word in 0..<words {
            let bits = word == words - 1 && count % 64 != 0 ? UInt64.max >> UInt64(64 - count % 64) : UInt64.max
            ones += (row[word] & bits).nonzeroBitCount
        }
        return count - ones
    }
}
