/// The items of a table document in file order, indexed by the keys each
/// item answers to, so that a merge of n messages into a document of m
/// entries costs O(n + m): finding, changing, appending and removing an item
/// are constant-time (removal leaves a hole that `items` skips).
///
/// `keys` names the keys of an item (none for items no key finds, such as
/// a header); it is asked again whenever an item changes.
struct KeyedList<Item> {
    private var slots: [Item?] = []
    private var positions: [String: [Int]] = [:]
    private let keys: (Item) -> [String]

    init(_ items: [Item] = [], keys: @escaping (Item) -> [String]) {
        self.keys = keys
        slots.reserveCapacity(items.count)
        positions.reserveCapacity(items.count)
        for item in items { append(item) }
    }

    /// The items in order.
    var items: [Item] { slots.compactMap { $0 } }

    /// Visits the items in order without copying them into an array.
    func forEach(_ body: (Item) throws -> Void) rethrows {
        for case let item? in slots { try body(item) }
    }

    var isEmpty: Bool { positions.isEmpty && !slots.contains { $0 != nil } }

    /// The slots of the items answering to `key`, in order.
    func slots(of key: String) -> [Int] { positions[key] ?? [] }

    /// The first item answering to `key`.
    func first(_ key: String) -> Item? { positions[key]?.first.flatMap { slots[$0] } }

    subscript(slot: Int) -> Item { slots[slot]! }

    mutating func append(_ item: Item) {
        for key in keys(item) { positions[key, default: []].append(slots.count) }
        slots.append(item)
    }

    /// Changes the item in `slot`; its keys may change.
    mutating func modify(_ slot: Int, _ change: (inout Item) -> Void) {
        guard var item = slots[slot] else { return }
        let before = keys(item)
        change(&item)
        let after = keys(item)
        if before != after {
            unindex(slot, before)
            for key in after { insert(slot, for: key) }
        }
        slots[slot] = item
    }

    /// Removes the item in `slot`, returning it.
    @discardableResult
    mutating func remove(_ slot: Int) -> Item? {
        guard let item = slots[slot] else { return nil }
        unindex(slot, keys(item))
        slots[slot] = nil
        return item
    }

    /// The slot of the next item after `slot`, if any (for moving a removed
    /// item's leading comments onto it).
    func slot(after slot: Int) -> Int? {
        var next = slot + 1
        while next < slots.count, slots[next] == nil { next += 1 }
        return next < slots.count ? next : nil
    }

    private mutating func unindex(_ slot: Int, _ keys: [String]) {
        for key in keys {
            positions[key]?.removeAll { $0 == slot }   // a key's slots are few: one, or a plural group's
            if positions[key]?.isEmpty == true { positions[key] = nil }
        }
    }

    /// Keeps a key's slots in order when an item gains a key.
    private mutating func insert(_ slot: Int, for key: String) {
        var list = positions[key, default: []]
        list.insert(slot, at: list.firstIndex { $0 > slot } ?? list.count)
        positions[key] = list
    }
}
