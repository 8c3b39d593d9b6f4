/// `.stringsdict` entries in a compiled catalog: serialized by the writer,
/// decoded by the reader when a lookup needs them.
///
/// Layout: the format string; a `UInt32` variable count and 4 bytes of
/// padding; per variable (sorted by name) its name, its value type, a
/// `UInt32` rule and a `UInt32` item count, then the items: 6 texts by
/// plural category for a plural rule, (`Int64` width, text) pairs for a
/// width rule, (device name, text) pairs for a device rule (sorted by name).
enum CompiledStringsdict {
    static func encode(_ format: StringsdictFormat, pool: inout CompiledStringPool,
                       to out: inout CompiledBuffer) throws(ParlanceError) {
        out.append(try pool.add(format.format))
        out.append(UInt32(format.variables.count))
        out.append(UInt32(0))
        for name in format.variables.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let variable = format.variables[name]!
            out.append(try pool.add(name))  // the parser names each variable by its key
            out.append(try pool.add(variable.valueType))
            switch variable.rule {
            case .plural(let forms):
                out.append(CompiledFormat.Rule.plural.rawValue)
                out.append(UInt32(6))
                for category in PluralCategory.allCases {
                    out.append(try forms[category].map { text throws(ParlanceError) in try pool.add(text) } ?? .none)
                }
            case .width(let widths):
                out.append(CompiledFormat.Rule.width.rawValue)
                out.append(UInt32(widths.count))
                for (width, text) in widths {
                    out.append(Int64(width))
                    out.append(try pool.add(text))
                }
            case .device(let devices):
                out.append(CompiledFormat.Rule.device.rawValue)
                out.append(UInt32(devices.count))
                for device in devices.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                    out.append(try pool.add(device))
                    out.append(try pool.add(devices[device]!))
                }
            }
        }
    }

    /// The format serialized at `offset` (`length` bytes), or nil when the
    /// bytes do not decode.
    static func decode(_ memory: CompiledMemory, offset: Int, length: Int) -> StringsdictFormat? {
        guard memory.contains(offset, length), memory.readable(offset, length) else { return nil }
        var cursor = offset
        let end = offset + length
        func take(_ size: Int) -> Int? {
            guard size <= end - cursor else { return nil }
            defer { cursor += size }
            return cursor
        }
        func text() -> String? {
            guard let at = take(CompiledFormat.referenceSize), case .text(let text) = memory.reference(at: at) else { return nil }
            return text.string
        }
        guard let format = text(), let countAt = take(8) else { return nil }
        let count = Int(memory.u32(countAt))
        var variables: [String: StringsdictFormat.Variable] = [:]
        for _ in 0..<min(count, length / 24) {
            guard let name = text(), let valueType = text(), let ruleAt = take(8) else { return nil }
            let items = Int(memory.u32(ruleAt + 4))
            let rule: StringsdictFormat.Variable.Rule
            switch CompiledFormat.Rule(rawValue: memory.u32(ruleAt)) {
            case .plural:
                guard items == 6 else { return nil }
                var forms = PluralForms()
                for category in PluralCategory.allCases {
                    guard let at = take(CompiledFormat.referenceSize) else { return nil }
                    switch memory.reference(at: at) {
                    case .absent: break
                    case .text(let form): forms[category] = form.string
                    case .invalid: return nil
                    }
                }
                rule = .plural(forms)
            case .width:
                guard items <= (end - cursor) / 16 else { return nil }
                var widths: [(width: Int, text: String)] = []
                for _ in 0..<items {
                    guard let at = take(8), let text = text() else { return nil }
                    widths.append((Int(truncatingIfNeeded: Int64(bitPattern: memory.u64(at))), text))
                }
                rule = .width(widths)
            case .device:
                guard items <= (end - cursor) / 16 else { return nil }
                var devices: [String: String] = [:]
                for _ in 0..<items {
                    guard let device = text(), let text = text() else { return nil }
                    devices[device] = text
                }
                rule = .device(devices)
            case nil:
                return nil
            }
            variables[name] = StringsdictFormat.Variable(name: name, valueType: valueType, rule: rule)
        }
        guard variables.count == count else { return nil }
        return StringsdictFormat(format: format, variables: variables)
    }
}
