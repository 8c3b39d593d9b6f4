// Parlance's Localizer next to Foundation's Bundle on the same .strings.
//
//   swift-bench lookup BUNDLE KEYS BUDGET_MS   "row<TAB>contestant<TAB>median ns<TAB>batches<TAB>per batch"
//   swift-bench load KIND BUNDLE KEYS          "ns<TAB>peak RSS KiB": load + first lookup, fresh process
//                                              KIND: none, foundation, parlance
//
// BUNDLE is a directory with Info.plist (development region de) and
// de.lproj/Localizable.strings; KEYS lists the plain keys, one per line.
import Foundation
import Parlance

func nowNS() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// VmHWM, the peak RSS of this process image in KiB (ru_maxrss would carry
/// the parent's peak across fork and exec on Linux).
func maxRSS() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
        return kib
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(("swift-bench: " + message + "\n").data(using: .utf8)!)
    exit(1)
}

/// The keys, shuffled the same way in every run (splitmix64).
func readKeys(_ path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    var keys = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
    if keys.count > 1 {
        for i in stride(from: keys.count - 1, to: 0, by: -1) {
            keys.swapAt(i, Int(next() % UInt64(i + 1)))
        }
    }
    return keys
}

func stringsPath(_ bundle: String) -> String { bundle + "/de.lproj/Localizable.strings" }

func parlanceLocalizer(_ bundle: String) -> Localizer {
    do {
        let catalog = Catalog()
        try catalog.load(path: stringsPath(bundle))
        return try Localizer(catalog: catalog, locales: ["de"])
    } catch {
        fail("\(error)")
    }
}

func foundationBundle(_ bundle: String) -> Bundle {
    guard let b = Bundle(path: bundle) else { fail("no bundle at \(bundle)") }
    return b
}

/// Keeps the results alive so that no lookup is optimized away.
nonisolated(unsafe) var sink = 0

@inline(never)
func runBatch(_ lookup: (String) -> String, _ keys: ArraySlice<String>) {
    var acc = 0
    for key in keys { acc &+= lookup(key).utf8.count }
    sink &+= acc
}

func race(_ row: String, _ contestants: [(String, (String) -> String)], _ keys: [String], budgetMS: Double) {
    // Every contestant must give the same text, or the figures mean nothing.
    for key in keys.prefix(2000) {
        let want = contestants[0].1(key)
        for (name, lookup) in contestants.dropFirst() where lookup(key) != want {
            fail("\(row): \(contestants[0].0) and \(name) disagree on \(key)")
        }
    }
    for (_, lookup) in contestants {   // warm-up: every key once, each within the budget
        let deadline = nowNS() + UInt64(budgetMS * 1e6)
        var at = 0
        while at < keys.count && nowNS() < deadline {
            runBatch(lookup, keys[at..<min(at + 1000, keys.count)])
            at += 1000
        }
    }
    let perBatch = min(keys.count, 1000)
    var samples = Array(repeating: [Double](), count: contestants.count)
    var rounds = 0, at = 0
    let deadline = nowNS() + UInt64(budgetMS * 1e6)
    while rounds < 7 || (nowNS() < deadline && rounds < 300) {
        let end = min(at + perBatch, keys.count)
        for i in 0..<contestants.count {
            let c = (i + rounds) % contestants.count
            let t0 = nowNS()
            runBatch(contestants[c].1, keys[at..<end])
            if end - at < perBatch { runBatch(contestants[c].1, keys[0..<(perBatch - (end - at))]) }
            samples[c].append(Double(nowNS() - t0) / Double(perBatch))
        }
        at = (at + perBatch) % keys.count
        rounds += 1
    }
    for (i, (name, _)) in contestants.enumerated() {
        let sorted = samples[i].sorted()
        print("\(row)\t\(name)\t\(String(format: "%.1f", sorted[sorted.count / 2]))\t\(rounds)\t\(perBatch)")
    }
}

let args = CommandLine.arguments
if args.count == 5 && args[1] == "lookup" {
    let bundle = args[2], keys = readKeys(args[3]), budget = Double(args[4]) ?? 300
    let foundation = foundationBundle(bundle)
    let localizer = parlanceLocalizer(bundle)
    let misses = keys.map { $0 + " [missing]" }
    race("text", [("Foundation Bundle.localizedString", { foundation.localizedString(forKey: $0, value: nil, table: nil) }),
                  ("Parlance Localizer.text", { localizer.text($0) })], keys, budgetMS: budget)
    race("miss", [("Foundation Bundle.localizedString", { foundation.localizedString(forKey: $0, value: nil, table: nil) }),
                  ("Parlance Localizer.text", { localizer.text($0) })], misses, budgetMS: budget)
} else if args.count == 5 && args[1] == "load" {
    let kind = args[2], bundle = args[3]
    // Only the first line, read small, so that the peak RSS is the load's.
    guard let handle = FileHandle(forReadingAtPath: args[4]) else { fail("cannot read \(args[4])") }
    let head = String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
    let first = head.split(separator: "\n").first.map(String.init) ?? ""
    let t0 = nowNS()
    let result: String
    switch kind {
    case "none": result = ""
    case "foundation": result = foundationBundle(bundle).localizedString(forKey: first, value: nil, table: nil)
    case "parlance": result = parlanceLocalizer(bundle).text(first)
    default: fail("unknown kind \(kind)")
    }
    let elapsed = nowNS() - t0
    if kind != "none" && result == first { fail("the first lookup missed") }
    print("\(elapsed)\t\(maxRSS())")
} else {
    fail("usage: swift-bench lookup BUNDLE KEYS BUDGET_MS | load KIND BUNDLE KEYS")
}
