/// A gettext catalog's `Plural-Forms: nplurals=N; plural=EXPR;` formula,
/// read and evaluated the way GNU libintl does (`plural-exp.c`, `plural.y`,
/// `eval-plural.h`, `plural_lookup` in `dcigettext.c`).
///
/// The expression is the C subset `n`, unsigned decimal literals, `!`,
/// `* / %`, `+ -`, `< <= > >=`, `== !=`, `&&`, `||`, `?:` and parentheses,
/// with C's precedence, computed in `unsigned long` (64-bit, wrapping)
/// arithmetic. It is compiled once into an array-encoded tree; evaluating it
/// allocates nothing.
///
/// Where GNU libintl versions differ, Parlance follows gettext 0.23 and later:
/// a division or remainder by zero makes the whole evaluation fail (glibc 2.36
/// raises SIGFPE instead), and so does a path through the tree longer than
/// 100 nodes (`EVAL_MAXDEPTH`). A failed evaluation selects translation 0.
package struct GettextPluralFormula: Sendable, Equatable {
    /// `nplurals`, clamped to `Int.max` (libintl's `strtoul` saturates).
    package let pluralCount: Int
    /// `nplurals` exactly as libintl keeps it, for the `>= nplurals` test.
    let limit: UInt64
    let nodes: [Node]
    let root: Int32

    /// One node of the expression tree; operands are indices into `nodes`.
    struct Node: Sendable, Equatable {
        var operation: Operation
        var value: UInt64 = 0
        var first: Int32 = -1
        var second: Int32 = -1
        var third: Int32 = -1
    }

    enum Operation: UInt8, Sendable {
        case variable, number, not
        case multiply, divide, remainder, add, subtract
        case less, greater, lessOrEqual, greaterOrEqual, equal, notEqual
        case and, or, conditional

        /// C precedence of a binary operation (higher binds tighter); `?:` is 0.
        var precedence: Int {
            switch self {
            case .or: return 1
            case .and: return 2
            case .equal, .notEqual: return 3
            case .less, .greater, .lessOrEqual, .greaterOrEqual: return 4
            case .add, .subtract: return 5
            case .multiply, .divide, .remainder: return 6
            case .variable, .number, .not, .conditional: return 0
            }
        }
    }

    /// libintl's `eval-plural.h` limit on the depth of an evaluation.
    static let maximumEvaluationDepth = 100

    /// `nplurals=2; plural=n != 1;`: libintl's default when a catalog has no
    /// usable `Plural-Forms`.
    package static let germanic = GettextPluralFormula(
        limit: 2,
        nodes: [Node(operation: .variable), Node(operation: .number, value: 1),
                Node(operation: .notEqual, first: 0, second: 1)],
        root: 2)

    init(limit: UInt64, nodes: [Node], root: Int32) {
        self.limit = limit
        self.pluralCount = Int(clamping: limit)
        self.nodes = nodes
        self.root = root
        // The translation index of the small counts most calls use, computed
        // once so that `translationIndex` does not walk the tree for them.
        // `n != 1`, the formula of most catalogs, needs no walk of its tree.
        let germanic = limit == 2 && root == 2 && nodes.count == 3 && nodes[0].operation == .variable
            && nodes[1].operation == .number && nodes[1].value == 1
            && nodes[2] == Node(operation: .notEqual, first: 0, second: 1)
        if germanic {
            var small = [UInt8](repeating: 1, count: Self.cachedCounts)
            small[1] = 0
            self.smallCounts = small
            return
        }
        var small = [UInt8](repeating: 0, count: Self.cachedCounts)
        var cacheable = true
        for n in 0..<Self.cachedCounts {
            let value = Self.evaluate(nodes, node: Int(root), n: UInt64(n), allowedDepth: Self.maximumEvaluationDepth)
            let index = value.flatMap { $0 < limit ? $0 : 0 } ?? 0
            guard index <= UInt64(UInt8.max) else { cacheable = false; break }
            small[n] = UInt8(index)
        }
        self.smallCounts = cacheable ? small : []
    }

    /// Counts below this have their translation index cached.
    static let cachedCounts = 256
    private let smallCounts: [UInt8]

    /// The cached indices of counts 0..<`cachedCounts` (empty when not cacheable).
    package var smallCountIndices: [UInt8] { smallCounts }

    /// The formula of a catalog header, or `germanic` when it has none that
    /// libintl would accept.
    package static func fromHeader(_ header: String) -> GettextPluralFormula {
        parse(header: header) ?? .germanic
    }

    /// The formula of a catalog header's bytes (`fromHeader`).
    package static func fromHeader(bytes: [UInt8]) -> GettextPluralFormula {
        parse(header: bytes) ?? .germanic
    }

    /// The value of the expression for `n`, or nil when libintl's evaluation
    /// fails (division or remainder by zero, depth beyond 100).
    package func evaluate(_ n: UInt64) -> UInt64? {
        evaluate(node: Int(root), n: n, allowedDepth: Self.maximumEvaluationDepth)
    }

    /// The expression's value for `n` as an `Int`: 0 when the evaluation
    /// fails, `Int.max` for values beyond it (never a valid index).
    package func index(for n: UInt64) -> Int {
        guard let value = evaluate(n) else { return 0 }
        return Int(clamping: value)
    }

    /// The translation `ngettext` picks for `n`: the expression's value, or 0
    /// when the evaluation fails or the value is not below `nplurals`
    /// (`plural_lookup` in `dcigettext.c`).
    package func translationIndex(for n: UInt64) -> Int {
        if n < UInt64(smallCounts.count) { return Int(smallCounts[Int(n)]) }
        guard let value = evaluate(n), value < limit else { return 0 }
        return Int(value)  // value < limit <= UInt64.max, and limit came from a string of digits
    }

    private func evaluate(node index: Int, n: UInt64, allowedDepth: Int) -> UInt64? {
        Self.evaluate(nodes, node: index, n: n, allowedDepth: allowedDepth)
    }

    private static func evaluate(_ nodes: [Node], node index: Int, n: UInt64, allowedDepth: Int) -> UInt64? {
        if allowedDepth == 0 { return nil }
        let depth = allowedDepth - 1
        let node = nodes[index]
        switch node.operation {
        case .variable: return n
        case .number: return node.value
        case .not:
            guard let operand = evaluate(nodes, node: Int(node.first), n: n, allowedDepth: depth) else { return nil }
            return operand == 0 ? 1 : 0
        case .conditional:
            guard let condition = evaluate(nodes, node: Int(node.first), n: n, allowedDepth: depth) else { return nil }
            return evaluate(nodes, node: Int(condition != 0 ? node.second : node.third), n: n, allowedDepth: depth)
        default:
            break
        }
        guard let left = evaluate(nodes, node: Int(node.first), n: n, allowedDepth: depth) else { return nil }
        switch node.operation {
        case .or:
            if left != 0 { return 1 }
            guard let right = evaluate(nodes, node: Int(node.second), n: n, allowedDepth: depth) else { return nil }
            return right != 0 ? 1 : 0
        case .and:
            if left == 0 { return 0 }
            guard let right = evaluate(nodes, node: Int(node.second), n: n, allowedDepth: depth) else { return nil }
            return right != 0 ? 1 : 0
        default:
            break
        }
        guard let right = evaluate(nodes, node: Int(node.second), n: n, allowedDepth: depth) else { return nil }
        switch node.operation {
        case .multiply: return left &* right
        case .divide: return right == 0 ? nil : left / right
        case .remainder: return right == 0 ? nil : left % right
        case .add: return left &+ right
        case .subtract: return left &- right
        case .less: return left < right ? 1 : 0
        case .greater: return left > right ? 1 : 0
        case .lessOrEqual: return left <= right ? 1 : 0
        case .greaterOrEqual: return left >= right ? 1 : 0
        case .equal: return left == right ? 1 : 0
        case .notEqual: return left != right ? 1 : 0
        case .variable, .number, .not, .and, .or, .conditional: return nil  // handled above
        }
    }
}
