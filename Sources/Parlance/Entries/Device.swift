/// The device a localizer speaks for, as Apple's device-specific texts name
/// devices: `.stringsdict` `NSStringDeviceSpecificRuleType` variables and
/// String Catalog `variations.device`.
///
/// The one rule for choosing among device texts (`choose`): the localizer's
/// device's own text, else `other`. A localizer with no device set takes
/// `other`, the text a catalog gives every device it does not name. Texts
/// with neither give nothing (an empty text), as a `.stringsdict` plural
/// variable without the count's category or `other` does in Apple's
/// runtime; `parlance lint` reports such entries.
public enum Device: UInt8, CaseIterable, Sendable {
    case iphone = 1, ipad, ipod, mac, applewatch, appletv, applevision, other

    /// The name catalogs use: `iphone`, `mac`, `other`…
    public var name: String { spelling.description }

    /// The name as static, NUL-terminated UTF-8 (what the C API returns).
    package var spelling: StaticString {
        switch self {
        case .iphone: "iphone"
        case .ipad: "ipad"
        case .ipod: "ipod"
        case .mac: "mac"
        case .applewatch: "applewatch"
        case .appletv: "appletv"
        case .applevision: "applevision"
        case .other: "other"
        }
    }

    /// The device a catalog's name stands for; nil for a name Apple does not use.
    public init?(name: String) {
        guard let device = Device.allCases.first(where: { $0.name == name }) else { return nil }
        self = device
    }

    /// The device named `name`, or an `.invalidArgument` error listing the names.
    package static func named(_ name: String) throws(ParlanceError) -> Device {
        guard let device = Device(name: name) else {
            throw ParlanceError(.invalidArgument, "unknown device '\(name)' (expected one of \(allCases.map { $0.name }.joined(separator: ", ")))")
        }
        return device
    }

    /// Every name, for messages: `applevision, appletv, …`.
    static var names: String { allCases.map { $0.name }.sorted().joined(separator: ", ") }

    /// The text `device` takes among texts by device name: its own, else
    /// `other`; nil when the texts have neither.
    package static func choose<Value>(_ byDevice: [String: Value], for device: Device?) -> Value? {
        if let device, device != .other, let own = byDevice[device.name] { return own }
        return byDevice["other"]
    }
}
