import Testing
import Foundation
import TestSupport

/// Every numeric option of every subcommand, driven with the values that break arithmetic: zero, a
/// negative, the smallest subnormal, 1e308, 2^63, NaN and the infinities. Each either works (exit 0)
/// or is refused in one line naming its flag with exit 64 and nothing written; nothing traps.
@Suite struct ExtremeValueTests {
    static let values = ["0", "-1", "5e-324", "1e308", "9223372036854775808", "-9223372036854775809", "nan", "inf", "-inf"]

    /// (base arguments, numeric options to drive). Bases write tiny outputs so accepted values are cheap.
    static let cases: [([String], [String])] = [
        (["render", "--size", "8x8", "--out", "o.png"],
         ["--frame", "--font-size", "--amplitude", "--frequency", "--wave-width", "--phase-step", "--phase-speed",
          "--rise-frames", "--rise-duration", "--fps", "--progress"]),
        (["render", "--size", "8x8", "--frames", "2", "--out", "d"], ["--start", "--frames"]),
        (["export", "--size", "8x8", "--out", "o.json"], ["--amplitude", "--frequency", "--wave-width", "--phase-step", "--phase-speed", "--fps"]),
        (["export", "--size", "8x8", "--out", "o.svg"], ["--frame", "--amplitude", "--frequency", "--wave-width"]),
        (["export", "--size", "8x8", "--out", "o.apng"], ["--frames", "--duration", "--start", "--fps"]),
        (["export", "--size", "8x8", "--format", "spritesheet", "--frames", "2", "--out", "s.png"], ["--columns", "--max-texture"]),
        (["render", "--scene", "marquee", "--size", "24x8", "--out", "o.png", "--frame", "3"],
         ["--rate", "--scroll-duration", "--fade-length", "--leading-buffer", "--trailing-buffer", "--delay", "--font-size", "--fps"]),
        (["render", "--scene", "stroke", "--size", "16x8", "--text", "a", "--out", "o.png", "--frame", "3"],
         ["--stroke-width", "--miter-limit", "--progress"]),
        (["render", "--scene", "spread", "--size", "16x8", "--text", "a", "--out", "o.png", "--frame", "3"],
         ["--select-at", "--deselect-at"]),
        (["render", "--scene", "morph", "--size", "16x8", "--texts", "a,b", "--out", "o.png", "--frame", "3"],
         ["--interval", "--seed"]),
        (["bench", "--size", "8x8", "--frames", "2", "--warmup", "1"], ["--png-frame", "--frames", "--warmup"]),
        (["bench", "--sizes", "16", "--frames", "2", "--warmup", "1", "--modes", "full"], ["--soak"]),
        (["run", "--size", "8x8", "--frames", "1"], ["--frames", "--amplitude", "--fps"]),
    ]

    static let arguments: [(Int, String)] = cases.indices.flatMap { i in cases[i].1.map { (i, $0) } }

    @Test(arguments: arguments)
    func extremeValuesAreRefusedOrWork(_ index: Int, _ option: String) throws {
        let base = Self.cases[index].0
        for value in Self.values {
            let dir = try Executable.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let args = base + [option, value]
            // Without a display `run` stops with 69 after everything was checked.
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = "x11"
            let r = try Executable.run(args, in: dir, environment: env)
            let what = args.joined(separator: " ")
            #expect([0, 64, 69].contains(r.status), "\(what): exit \(r.status): \(r.stderr.prefix(300))")
            if r.status == 64 {
                let lines = r.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(what): \(r.stderr)")
                #expect(r.stderr.contains(option), "\(what): \(r.stderr)")
                #expect(Executable.files(in: dir).isEmpty, "\(what): wrote \(Executable.files(in: dir))")
            }
            if ["nan", "inf", "-inf", "1e308", "9223372036854775808", "-9223372036854775809"].contains(value) {
                #expect(r.status == 64, "\(what) was not refused: exit \(r.status)")
            }
        }
    }
}
