import Testing
import Foundation
import TestSupport
import Export
import Raster

/// The `c` key prints the state on screen: rendering its line headless at the frame shown gives the
/// window's picture, whatever keys, clicks and resizes made it.
@Suite(.serialized) struct CommandLineWindowTests {
    /// `line` split into words as a POSIX shell splits the ones `wavefill` prints (single quotes,
    /// `'\''` for a quote).
    static func shellWords(_ line: Substring) -> [String] {
        var words: [String] = [], current = "", quoted = false, any = false
        for c in line {
            if quoted {
                if c == "'" { quoted = false } else { current.append(c) }
            } else if c == "'" {
                quoted = true; any = true
            } else if c == "\\" {
                continue
            } else if c == " " {
                if any || !current.isEmpty { words.append(current) }
                current = ""; any = false
            } else {
                current.append(c)
            }
        }
        if any || !current.isEmpty { words.append(current) }
        return words
    }

    /// (flags, script, ticks, the tick the window was paused near (nil: playing to the end), what must be on the line).
    static let cases: [([String], String, Int, Int?, [String])] = [
        // A key toggled with another flag set.
        (["--shape", "circle", "--amplitude", "12"], "10:key=m;30:key=space;34:key=c", 40, 29, ["--shape", "--reduced-motion"]),
        // A transition to 70 % paused midway.
        (["--text", "Wave"], "10:key=7;30:key=space;34:key=c", 40, 29, ["--progress"]),
        // A title selected by a click; the selection has finished by the end.
        (["--scene", "spread", "--text", "Tab"], "10:drag=0.5;70:key=c", 72, nil, ["--select-at", "--deselect-at"]),
        // A paused marquee.
        (["--scene", "marquee", "--text", "A caption longer than the view"], "25:key=space;30:key=c", 34, 24, ["--scene", "marquee"]),
        // A resized window.
        (["--text", "du"], "5:resize=180x120;20:key=space;26:key=c", 30, 19, ["--size", "180x120"]),
    ]

    @Test(arguments: cases)
    func theCommandLineRendersTheFrameOnScreen(flags: [String], script: String, ticks: Int, shown: Int?, mentions: [String]) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try WindowTests.window(["--size", "160x124"] + flags + ["--frames", String(ticks), "--script", script],
                                               on: display, in: dir)
        #expect(r.status == 0, "\(script): \(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").last { $0.hasPrefix("wavefill run") }, "\(script): no command line in \(r.stdout)")
        let words = Self.shellWords(line)
        for m in mentions { #expect(words.contains(m), "\(script): \(m) missing from \(line)") }
        // The frame on screen: where the window paused (it says so), else the last tick's.
        let paused = r.stdout.split(separator: "\n").last { $0.hasPrefix("paused at frame ") }
        let frame = paused.flatMap { Int($0.dropFirst("paused at frame ".count)) } ?? ticks - 1
        if shown != nil { #expect(paused != nil, "\(script): not paused: \(r.stdout)") }
        let expected = try WindowTests.headless(Array(words.dropFirst(2)) + ["--frame", String(frame)], in: dir)
        WindowTests.expectSame(shot, expected, "\(script) as \(line) at frame \(frame)")
    }
}
