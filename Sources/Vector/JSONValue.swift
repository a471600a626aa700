/// A JSON document built in code, written compactly with object keys in the order given and numbers
/// through `DecimalText` (no exponents; non-finite numbers are refused, since JSON has none).
public indirect enum JSONValue: Sendable {
    /// A number, written with the serializer's decimals.
    case number(Double)
    /// A number written with its own count of decimals (0...9), whatever the serializer's.
    case decimal(Double, decimals: Int)
    /// A whole number, written exactly.
    case integer(Int)
    /// A string (escaped per RFC 8259).
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array.
    case array([JSONValue])
    /// An object; keys keep this order.
    case object([(String, JSONValue)])

    /// An array of numbers.
    public static func numbers(_ v: [Double]) -> JSONValue { .array(v.map { .number($0) }) }

    /// Compact JSON text; throws `VectorExportError` for a NaN or infinite number (naming where).
    public func serialized(decimals: Int) throws -> String {
        var out = ""
        out.reserveCapacity(1 << 16)
        try write(into: &out, decimals: decimals, at: "$")
        return out
    }

    private func write(into out: inout String, decimals: Int, at path: String) throws {
        switch self {
        case .number(let v):
            guard v.isFinite else { throw VectorExportError("the document would hold \(v) at \(path); JSON has no such number") }
            out += DecimalText.format(v, decimals: decimals)
        case .decimal(let v, let places):
            guard v.isFinite else { throw VectorExportError("the document would hold \(v) at \(path); JSON has no such number") }
            out += DecimalText.format(v, decimals: places)
        case .integer(let i): out += String(i)
        case .string(let s): Self.writeString(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                try item.write(into: &out, decimals: decimals, at: path + "[\(i)]")
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, into: &out)
                out += ":"
                try value.write(into: &out, decimals: decimals, at: path + "." + key)
            }
            out += "}"
        }
    }

    /// Appends `s` as a JSON string literal (RFC 8259 escapes): the one escaper of every JSON we write.
    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
