// MessageFormat 2 at the C boundary: text with its errors, and functions
// the application adds. Conversions only; the rules are the core's.
import CParlanceAPI
import Parlance
import Glibc

@_cdecl("parlance_catalog_format_message")
public func parlance_catalog_format_message(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                            _ errors: UnsafeMutablePointer<UnsafeMutablePointer<parlance_message_error>?>?,
                                            _ errorCount: UnsafeMutablePointer<Int>?,
                                            _ message: UnsafePointer<CChar>?, _ locale: UnsafePointer<CChar>?,
                                            _ args: UnsafePointer<parlance_named_arg>?, _ count: Int,
                                            _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    reported(out, errors, errorCount) { () throws(ParlanceError) in
        let target = try catalog(handle)
        let source = try string(message, "message"), tag = try string(locale, "locale")
        let values = try namedArguments(args, count)
        let isolate = try formatOptions(options)?.isolatesMessageFormat2 ?? false
        return try target.checkedFormatMessage(source, locale: tag, arguments: values, isolate: isolate)
    }
}

@_cdecl("parlance_localizer_format_message")
public func parlance_localizer_format_message(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                              _ errors: UnsafeMutablePointer<UnsafeMutablePointer<parlance_message_error>?>?,
                                              _ errorCount: UnsafeMutablePointer<Int>?,
                                              _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                              _ table: UnsafePointer<CChar>?, _ args: UnsafePointer<parlance_named_arg>?,
                                              _ count: Int, _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    reported(out, errors, errorCount) { () throws(ParlanceError) in
        try localizer(handle).formatReportingErrors(try string(key, "key"), named: try namedArguments(args, count),
                                                    context: optionalString(context), table: optionalString(table),
                                                    options: try formatOptions(options))
    }
}

/// A formatting call that gives its text and its errors: the text to
/// `*out`, the errors as one block to `*errors`; EFORMAT when there were errors.
private func reported(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ errors: UnsafeMutablePointer<UnsafeMutablePointer<parlance_message_error>?>?,
                      _ errorCount: UnsafeMutablePointer<Int>?,
                      _ body: () throws(ParlanceError) -> (text: String, errors: [MessageFormat2Error])) -> Int32 {
    errors?.pointee = nil
    errorCount?.pointee = 0
    var found: [MessageFormat2Error] = []
    let result = status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        let (text, listed) = try body()
        guard let copy = ownedCopy(text) else { throw ParlanceError(.resource, "out of memory") }
        if let errors, !listed.isEmpty {
            guard let block = errorBlock(listed) else {
                free(copy)
                throw ParlanceError(.resource, "out of memory")
            }
            errors.pointee = block
            errorCount?.pointee = listed.count
        }
        out.pointee = copy
        found = listed
    }
    guard result == 0, let first = found.first else { return result }
    return fail(ParlanceError(.format, first.description))
}

/// The errors as one malloc'd block: the array, then its strings.
private func errorBlock(_ errors: [MessageFormat2Error]) -> UnsafeMutablePointer<parlance_message_error>? {
    let texts = errors.flatMap { [$0.kind.rawValue, $0.message] }
    let head = errors.count * MemoryLayout<parlance_message_error>.stride
    let size = head + texts.reduce(0) { $0 + $1.utf8.count + 1 }
    guard let raw = malloc(size) else { return nil }
    let array = raw.bindMemory(to: parlance_message_error.self, capacity: errors.count)
    var at = raw.advanced(by: head).assumingMemoryBound(to: CChar.self)
    var pointers: [UnsafePointer<CChar>] = []
    for text in texts {
        var text = text
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { memcpy(at, base, bytes.count) }
            at[bytes.count] = 0
            pointers.append(UnsafePointer(at))
            at += bytes.count + 1
        }
    }
    for index in errors.indices {
        array[index] = parlance_message_error(kind: pointers[2 * index], message: pointers[2 * index + 1])
    }
    return array
}

// MARK: Functions

/// A C function and its user data, called from any formatting thread.
private struct CFunction: @unchecked Sendable {
    let function: parlance_function
    let userData: UnsafeMutableRawPointer?
}

@_cdecl("parlance_catalog_set_function")
public func parlance_catalog_set_function(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                          _ function: parlance_function?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(ParlanceError) in
        let target = try catalog(handle)
        let functionName = try string(name, "name")
        guard let function else {
            target.setMessageFunction(functionName, nil)
            return
        }
        let callee = CFunction(function: function, userData: userData)
        target.setMessageFunction(functionName) { call, errors in
            let state = FunctionCallState(call)
            let result: MessageFunctionResult? = withExtendedLifetime(state) {
                callee.function(callee.userData, OpaquePointer(Unmanaged.passUnretained(state).toOpaque()))
                return state.answered ? state.result : nil
            }
            errors += state.errors
            return result
        }
    }
}

/// What a C function reads and answers during one call. The C strings it
/// is handed live as long as this object, that is, during the call.
final class FunctionCallState {
    let call: MessageFunctionCall
    var result = MessageFunctionResult()
    var answered = false
    var errors: [MessageFormat2Error] = []
    private var kept: [UnsafeMutablePointer<CChar>] = []

    /// The options' names, in a stable order.
    lazy var optionNames: [String] = call.options.keys.sorted()

    init(_ call: MessageFunctionCall) { self.call = call }

    deinit { for text in kept { free(text) } }

    /// A C copy of `text` that lives as long as the call.
    func keep(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        kept.append(copy)
        return UnsafePointer(copy)
    }

    func describe(_ value: MessageValue?, _ text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                  _ date: UnsafeMutablePointer<Double>?) -> Int32 {
        text?.pointee = nil
        switch value {
        case nil:
            return Int32(PARLANCE_VALUE_NONE.rawValue)
        case .string(let value)?:
            text?.pointee = keep(value)
            return Int32(PARLANCE_VALUE_STRING.rawValue)
        case .number(let value)?:
            text?.pointee = keep(value)
            return Int32(PARLANCE_VALUE_NUMBER.rawValue)
        case .date(let milliseconds)?:
            date?.pointee = milliseconds
            return Int32(PARLANCE_VALUE_DATE.rawValue)
        case .custom(_, let value, _)?:
            text?.pointee = value.flatMap(keep)
            return Int32(PARLANCE_VALUE_FUNCTION.rawValue)
        case .fallback?:
            return Int32(PARLANCE_VALUE_FALLBACK.rawValue)
        }
    }
}

func callState(_ call: OpaquePointer?) -> FunctionCallState? {
    call.map { Unmanaged<FunctionCallState>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

private func errorKind(_ kind: UnsafePointer<CChar>?) -> MessageFormat2Error.Kind {
    kind.map { MessageFormat2Error.Kind(reported: String(cString: $0)) } ?? .badOperand
}

@_cdecl("parlance_function_name")
public func parlance_function_name(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    callState(call).flatMap { $0.keep($0.call.name) }
}

@_cdecl("parlance_function_locale")
public func parlance_function_locale(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    callState(call).flatMap { $0.keep($0.call.locale) }
}

@_cdecl("parlance_function_operand")
public func parlance_function_operand(_ call: OpaquePointer?, _ text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                      _ date: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let state = callState(call) else { return Int32(PARLANCE_VALUE_NONE.rawValue) }
    return state.describe(state.call.operand, text, date)
}

@_cdecl("parlance_function_operand_function")
public func parlance_function_operand_function(_ call: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let state = callState(call), case .custom(let function, _, _)? = state.call.operand else { return nil }
    return state.keep(function)
}

@_cdecl("parlance_function_operand_field")
public func parlance_function_operand_field(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let state = callState(call), let name, case .custom(_, _, let fields)? = state.call.operand,
          let value = fields[String(cString: name)] else { return nil }
    return state.keep(value)
}

@_cdecl("parlance_function_option_count")
public func parlance_function_option_count(_ call: OpaquePointer?) -> Int {
    callState(call)?.optionNames.count ?? 0
}

@_cdecl("parlance_function_option_name")
public func parlance_function_option_name(_ call: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let state = callState(call), state.optionNames.indices.contains(index) else { return nil }
    return state.keep(state.optionNames[index])
}

@_cdecl("parlance_function_option")
public func parlance_function_option(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                     _ text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                     _ date: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let state = callState(call), let name else { return Int32(PARLANCE_VALUE_NONE.rawValue) }
    return state.describe(state.call.options[String(cString: name)], text, date)
}

@_cdecl("parlance_function_error")
public func parlance_function_error(_ call: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?) {
    callState(call)?.errors.append(MessageFormat2Error(errorKind(kind), optionalString(message) ?? ""))
}

@_cdecl("parlance_function_set_value")
public func parlance_function_set_value(_ call: OpaquePointer?, _ value: UnsafePointer<CChar>?) {
    guard let state = callState(call) else { return }
    state.result.value = optionalString(value)
    state.answered = true
}

@_cdecl("parlance_function_set_field")
public func parlance_function_set_field(_ call: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) {
    guard let state = callState(call), let name else { return }
    state.result.fields[String(cString: name)] = optionalString(value)
    state.answered = true
}

@_cdecl("parlance_function_set_text")
public func parlance_function_set_text(_ call: OpaquePointer?, _ text: UnsafePointer<CChar>?) {
    guard let state = callState(call) else { return }
    state.result.text = optionalString(text)
    state.answered = true
}

@_cdecl("parlance_function_set_format_error")
public func parlance_function_set_format_error(_ call: OpaquePointer?, _ kind: UnsafePointer<CChar>?,
                                               _ message: UnsafePointer<CChar>?) {
    guard let state = callState(call) else { return }
    state.result.formatError = MessageFormat2Error(errorKind(kind), optionalString(message) ?? "")
    state.answered = true
}

@_cdecl("parlance_function_set_keys")
public func parlance_function_set_keys(_ call: OpaquePointer?, _ keys: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) {
    guard let state = callState(call) else { return }
    var list: [String] = []
    if let keys { for index in 0..<count { if let key = keys[index] { list.append(String(cString: key)) } } }
    state.result.keys = list
    state.answered = true
}
