import Testing
import Foundation
import TestSupport

/// Smaller promises: --progress-at takes plain decimals only, a label's decimals are one digit,
/// and a malformed preset is named precisely.
@Suite struct StrictInputTests {
    static func refused(_ args: [String], flag: String, in dir: String? = nil, sourceLine: SourceLocation = #_sourceLocation) throws -> String {
        let r = try Executable.run(["render", "--size", "40x30", "--out", "o.png"] + args, in: dir ?? NSTemporaryDirectory())
        #expect(r.status == 64, "\(args): exit \(r.status): \(r.stderr)", sourceLocation: sourceLine)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag), "\(args): \(r.stderr)", sourceLocation: sourceLine)
        return r.stderr
    }

    @Test(arguments: [" 5:0.5", "0x10:0.5", "1e-320:0.5", "5 :0.5", "5:0.5 ", "+5:0.5", "5:0x1p-1", "inf:0.5", "5:nan", "0:0.5, 9:1", ".:0.5"])
    func progressAtTakesPlainDecimalsOnly(schedule: String) throws {
        let err = try Self.refused(["--progress-at", schedule], flag: "--progress-at")
        #expect(err.contains("plain decimal") || err.contains("outside"), "\(err)")
    }

    @Test func plainSchedulesStillWork() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (k, schedule) in ["0:0.5,10:1", "0:.5,1e1:1", "0.5:0,20.25:0.75"].enumerated() {
            let r = try Executable.run(["render", "--size", "40x30", "--progress-at", schedule, "--out", "o\(k).png"], in: dir)
            #expect(r.status == 0, "\(schedule): \(r.stderr)")
        }
    }

    @Test(arguments: ["{p:.-0}", "{p:.+1}", "{p:.06}", "{p:. 1}", "{p:.7}", "{p:.}"])
    func labelDecimalsAreOneDigit(label: String) throws {
        let err = try Self.refused(["--label", label], flag: "--label")
        #expect(err.contains("unknown placeholder"), "\(err)")
    }

    @Test(arguments: [
        (Array(#"{"waves": 1e309}"#.utf8), "1e309 is out of range"),
        (Array(#"{"waves": 01}"#.utf8), "01 has a leading zero"),
        (Array(#"{"text": "a\uD800b"}"#.utf8), "lone surrogate \\uD800"),
        (Array(#"{"text": "a\uDC00"}"#.utf8), "lone surrogate \\uDC00"),
        (Array(#"{"text": ""#.utf8) + [0xFF, 0x22, 0x7D], "invalid UTF-8 (byte 0xFF)"),
        (Array(#"{"text": ""#.utf8) + [0xED, 0xA0, 0x80, 0x22, 0x7D], "invalid UTF-8"),
        (Array(#"{"waves": 2,}"#.utf8), "trailing comma before '}'"),
        (Array(#"{"texts": ["a", "b",]}"#.utf8), "trailing comma before ']'"),
        (Array(#"{"waves": 2} x"#.utf8), "after the JSON value"),
    ] as [([UInt8], String)])
    func malformedPresetsAreNamedPrecisely(bytes: [UInt8], expected: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/p.json"))
        let err = try Self.refused(["--preset", "p.json"], flag: "--preset", in: dir)
        #expect(err.contains("malformed JSON at line 1, column") && err.contains(expected), "\(err)")
        #expect(!err.contains("array or object"), "\(err)")
        #expect(Executable.files(in: dir) == ["p.json"])
    }
}
