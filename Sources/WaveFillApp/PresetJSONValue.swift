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

/// A strict RFC 8259 check of a preset file before it is decoded, so every malformed file is named
/// precisely (where, and what) instead of as a value of the wrong kind: invalid UTF-8, a lone
/// surrogate escape, a number with a leading zero or out of Double's range (1e309), a trailing comma,
/// anything after the value. Nesting is limited to `maxDepth`.
struct StrictJSON {
    /// The deepest nesting of arrays and objects checked.
    static let maxDepth = 64

    /// What is wrong and where (line and column, from 1).
    struct Failure: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
        var description: String { "line \(line), column \(column): \(message)" }
    }

    private let b: [UInt8]
    private var i = 0

    /// Checks `bytes`; throws the first fault.
    static func check(_ bytes: [UInt8]) throws(Failure) {
        var p = StrictJSON(b: bytes)
        try p.validUTF8()
        p.i = 0
        p.space()
        try p.value(depth: 0)
        p.space()
        if p.i < p.b.count { throw p.fail("unexpected \(p.shown()) after the JSON value") }
    }

    private init(b: [UInt8]) { self.b = b }

    private func fail(_ m: String, at k: Int? = nil) -> Failure {
        let end = min(k ?? i, b.count)
        var line = 1, col = 1
        var j = 0
        while j < end {
            if b[j] == 10 { line += 1; col = 1 } else if b[j] & 0xC0 != 0x80 { col += 1 }
            j += 1
        }
        return Failure(message: m, line: line, column: col)
    }

    private func shown() -> String {
        guard i < b.count else { return "end of file" }
        let c = b[i]
        return c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(Self.hex(UInt32(c), 2))"
    }

    private mutating func validUTF8() throws(Failure) {
        while i < b.count {
            let c = b[i]
            let n: Int, low: UInt32
            switch c {
            case 0 ..< 0x80: i += 1; continue
            case 0xC2 ... 0xDF: n = 1; low = 0x80
            case 0xE0 ... 0xEF: n = 2; low = 0x800
            case 0xF0 ... 0xF4: n = 3; low = 0x10000
            default: throw fail("invalid UTF-8 (byte 0x\(Self.hex(UInt32(c), 2)))")
            }
            guard i + n < b.count else {
                throw fail("invalid UTF-8 (a sequence cut short at the end)")
            }
            var v = UInt32(c) & (n == 1 ? 0x1F : n == 2 ? 0x0F : 0x07)
            for k in 1 ... n {
                let d = b[i + k]
                guard d & 0xC0 == 0x80 else { throw fail("invalid UTF-8 (byte 0x\(Self.hex(UInt32(c), 2)))") }
                v = v << 6 | UInt32(d & 0x3F)
            }
            guard v >= low, v <= 0x10FFFF, !(0xD800 ... 0xDFFF).contains(v) else {
                throw fail("invalid UTF-8 (byte 0x\(Self.hex(UInt32(c), 2)))")
            }
            i += n + 1
        }
    }

    private mutating func space() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) {
        guard i < b.count else { throw fail("the file ends where a value was expected") }
        switch b[i] {
        case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): try number()
        default:
            for word in ["true", "false", "null"] where b[i...].starts(with: Array(word.utf8)) {
                i += word.utf8.count
                return
            }
            throw fail("unexpected \(shown()) where a value was expected")
        }
    }

    private mutating func container(close: UInt8, keyed: Bool, depth: Int) throws(Failure) {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
        i += 1
        space()
        if i < b.count, b[i] == close { i += 1; return }
        while true {
            space()
            if keyed {
                guard i < b.count, b[i] == UInt8(ascii: "\"") else {
                    if i < b.count, b[i] == close { throw fail("a trailing comma before '\(Character(Unicode.Scalar(close)))'") }
                    throw fail("unexpected \(shown()) where a key in double quotes was expected")
                }
                try string()
                space()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("unexpected \(shown()) where ':' was expected") }
                i += 1
                space()
            } else if i < b.count, b[i] == close {
                throw fail("a trailing comma before ']'")
            }
            try value(depth: depth + 1)
            space()
            guard i < b.count else { throw fail("the file ends inside \(keyed ? "an object" : "an array")") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == close { i += 1; return }
            throw fail("unexpected \(shown()) where ',' or '\(Character(Unicode.Scalar(close)))' was expected")
        }
    }

    private func hex4(_ k: Int) -> UInt32? {
        guard k + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for c in b[k ..< k + 4] {
            switch c {
            case 48 ... 57: v = v << 4 | UInt32(c - 48)
            case 65 ... 70: v = v << 4 | UInt32(c - 55)
            case 97 ... 102: v = v << 4 | UInt32(c - 87)
            default: return nil
            }
        }
        return v
    }

    private mutating func string() throws(Failure) {
        let start = i
        i += 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return }
            if c < 0x20 { throw fail("a control character (U+\(Self.hex(UInt32(c), 4))) inside a string; write it as \\u\(Self.hex(UInt32(c), 4))") }
            if c != UInt8(ascii: "\\") { i += 1; continue }
            guard i + 1 < b.count else { break }
            let e = b[i + 1]
            if "\"\\/bfnrt".utf8.contains(e) { i += 2; continue }
            guard e == UInt8(ascii: "u"), let u = hex4(i + 2) else { throw fail("an invalid escape in a string") }
            if (0xD800 ... 0xDBFF).contains(u) {
                guard b.count >= i + 12, b[i + 6] == UInt8(ascii: "\\"), b[i + 7] == UInt8(ascii: "u"),
                      let lowHalf = hex4(i + 8), (0xDC00 ... 0xDFFF).contains(lowHalf) else {
                    throw fail("a lone surrogate \\u\(Self.hex(u, 4)) in a string (a high half without its low half)")
                }
                i += 12
            } else if (0xDC00 ... 0xDFFF).contains(u) {
                throw fail("a lone surrogate \\u\(Self.hex(u, 4)) in a string (a low half without its high half)")
            } else {
                i += 6
            }
        }
        throw fail("a string that never ends", at: start)
    }

    private mutating func number() throws(Failure) {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int { let s = i; while i < b.count, b[i] >= 48 && b[i] <= 57 { i += 1 }; return i - s }
        let intStart = i
        let n = digits()
        guard n > 0 else { throw fail("a number without digits", at: start) }
        if n > 1 && b[intStart] == 48 { throw fail("the number \(text(start)) has a leading zero", at: start) }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("the number \(text(start)) has no digits after '.'", at: start) }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("the number \(text(start)) has no digits in its exponent", at: start) }
        }
        guard let v = Double(String(decoding: b[start ..< i], as: UTF8.self)), v.isFinite else {
            throw fail("the number \(text(start)) is out of range (beyond ±1.8e308)", at: start)
        }
    }

    private func text(_ start: Int) -> String {
        String(decoding: b[start ..< i].prefix(40), as: UTF8.self) + (i - start > 40 ? "..." : "")
    }

    /// `v` as 0xHH or U+HHHH / HHHH digits.
    private static func hex(_ v: UInt32, _ width: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - h.count)) + h
    }
}
