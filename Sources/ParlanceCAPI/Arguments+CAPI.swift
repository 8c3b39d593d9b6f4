// Tagged C arguments to Swift values: conversion only; the values are
// checked by the core (`FormatArgument.check`), once, whatever the entry point.
import CParlanceAPI
import Glibc
import Parlance

func formatArgument(_ arg: parlance_arg, index: Int) throws(ParlanceError) -> FormatArgument {
    switch arg.type {
    case Int32(PARLANCE_ARG_INT.rawValue): return .int(arg.value.i)
    case Int32(PARLANCE_ARG_DOUBLE.rawValue): return .double(arg.value.d)
    case Int32(PARLANCE_ARG_STRING.rawValue):
        guard let s = arg.value.s else { throw invalid("argument \(index + 1) is a NULL string") }
        return .string(String(cString: s))
    case Int32(PARLANCE_ARG_DECIMAL.rawValue):
        guard let s = arg.value.s else { throw invalid("argument \(index + 1) is a NULL decimal") }
        return .decimal(String(cString: s))
    case Int32(PARLANCE_ARG_DATE.rawValue):
        return .date(epochMilliseconds: arg.value.d)
    case Int32(PARLANCE_ARG_BOOL.rawValue):
        return .bool(arg.value.i != 0)
    case Int32(PARLANCE_ARG_LIST.rawValue):
        // Items, each NUL-terminated, then an empty one: "a\0b\0\0".
        guard var item = arg.value.s else { throw invalid("argument \(index + 1) is a NULL list") }
        var items: [String] = []
        while item.pointee != 0 {
            let length = strlen(item)
            items.append(String(decoding: UnsafeRawBufferPointer(start: item, count: length), as: UTF8.self))
            item += length + 1
        }
        return .list(items)
    default:
        throw invalid("argument \(index + 1) has unknown type \(arg.type)")
    }
}

func formatArguments(_ args: UnsafePointer<parlance_arg>?, _ count: Int) throws(ParlanceError) -> [FormatArgument] {
    guard count > 0 else { return [] }
    guard let args else { throw invalid("args is NULL with a count of \(count)") }
    var result: [FormatArgument] = []
    result.reserveCapacity(count)
    for index in 0..<count { result.append(try formatArgument(args[index], index: index)) }
    return result
}

func namedArguments(_ args: UnsafePointer<parlance_named_arg>?, _ count: Int) throws(ParlanceError) -> [String: FormatArgument] {
    guard count > 0 else { return [:] }
    guard let args else { throw invalid("args is NULL with a count of \(count)") }
    var result: [String: FormatArgument] = [:]
    for index in 0..<count {
        guard let name = args[index].name else { throw invalid("argument \(index + 1) has a NULL name") }
        result[String(cString: name)] = try formatArgument(args[index].value, index: index)
    }
    return result
}

func pluralOperand(_ arg: UnsafePointer<parlance_arg>?) throws(ParlanceError) -> PluralOperand {
    guard let arg else { throw invalid("count is NULL") }
    return try PluralOperand(counting: try formatArgument(arg.pointee, index: 0))
}

/// Checks a C list of locale names (the names themselves are checked when resolved).
func checkLocaleList(_ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) throws(ParlanceError) {
    guard count > 0 else { return }
    guard let locales else { throw invalid("locales is NULL with a count of \(count)") }
    for index in 0..<count where locales[index] == nil { throw invalid("locale \(index + 1) is NULL") }
}

