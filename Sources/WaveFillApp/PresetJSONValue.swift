import WaveFill

/// One JSON value of a preset file.
enum PresetJSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), strings([String]), composite

    init(from decoder: Decoder) throws {
        if let c = try? decoder.singleValueContainer() {
            if c.decodeNil() { self = .null; return }
            if let s = try? c.decode(String.self) { self = .string(s); return }
            if let b = try? c.decode(Bool.self) { self = .bool(b); return }
            if let v = try? c.decode(Double.self) { self = .number(v); return }
            if let a = try? c.decode([String].self) { self = .strings(a); return }
        }
        self = .composite
    }

    /// How the value reads in an error message.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return "the number \(JSONText.number(v))"
        case .string(let s): return "the string \(JSONText.quoted(s))"
        case .strings: return "an array of strings"
        case .composite: return "an array or object"
        }
    }
}
