import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `wavefill run --scene ...` in a real window on a private Xvfb: tick k shows the headless frame k,
/// and the scenes' interactions, injected through SDL's event queue by --script, show what the
/// matching headless flags render.
@Suite(.serialized) struct SceneWindowTests {
    static let size = ["--size", "160x124"]

    static let scenes: [[String]] = [
        ["--scene", "marquee", "--text", "A caption longer than the view", "--scroll-duration", "0.4"],
        ["--scene", "stroke", "--text", "Ok", "--fps", "10"],
        ["--scene", "spread", "--text", "Tab", "--select-at", "5"],
        ["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--fps", "10"],
    ]

    @Test(arguments: scenes)
    func theWindowShowsTheHeadlessFrame(flags: [String]) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "20"], on: display, in: dir)
        #expect(r.status == 0, "\(flags): \(r.stderr)")
        #expect(r.stdout.contains("screenshot 160x124 of frame 19"), "\(flags): \(r.stdout)")
        WindowTests.expectSame(shot, try WindowTests.headless(Self.size + flags + ["--frame", "19"], in: dir), "\(flags) frame 19")
        // Not a still: frame 0 differs from what the window showed.
        let first = try WindowTests.headless(Self.size + flags + ["--frame", "0"], in: dir)
        #expect(shot.map { ImageCompare.compare($0, first, tolerance: 1).pixelsOverTolerance > 0 } == true, "\(flags)")
    }

    /// (scene flags, script, ticks, line printed, headless flags of the same frame, headless flags of a
    /// frame it must differ from).
    static let interactions: [([String], String, Int, String, [String], [String]?)] = [
        // Spread: space selects at frame 10, exactly as --select-at 10.
        (["--scene", "spread", "--text", "Tab"], "10:key=space", 30, "selected at frame 10",
         ["--scene", "spread", "--text", "Tab", "--select-at", "10", "--frame", "29"], ["--scene", "spread", "--text", "Tab", "--frame", "29"]),
        // A click deselects mid-spread, from the locations shown then (as --deselect-at 16).
        (["--scene", "spread", "--text", "Tab"], "10:key=space;16:drag=0.5", 20, "deselected at frame 16",
         ["--scene", "spread", "--text", "Tab", "--select-at", "10", "--deselect-at", "16", "--frame", "19"], nil),
        // After deselecting and the 0.3 s back, nothing of the highlight is left.
        (["--scene", "spread", "--text", "Tab"], "10:drag=0.5;40:key=space", 70, "deselected at frame 40",
         ["--scene", "spread", "--text", "Tab", "--select-at", "never", "--frame", "69"], ["--scene", "spread", "--text", "Tab", "--select-at", "10", "--frame", "69"]),
        // Stroke: a drag scrubs: the drawing is paused at progress 0.25 (1.5 s of the 6 s timeline).
        (["--scene", "stroke", "--text", "Ok"], "10:drag=0.25", 30, "stroke: progress 0.25 (scrubbed)",
         ["--scene", "stroke", "--text", "Ok", "--progress", "0.25", "--frame", "0"], ["--scene", "stroke", "--text", "Ok", "--frame", "29"]),
        // ... and `a` plays the timeline again.
        (["--scene", "stroke", "--text", "Ok"], "10:drag=0.25;20:key=a", 30, "stroke: playing",
         ["--scene", "stroke", "--text", "Ok", "--frame", "29"], nil),
        // Marquee and morph: space pauses; q / Esc quit before the tick is drawn (the last frame shown is the one before).
        (["--scene", "marquee", "--text", "A caption longer than the view"], "10:key=space", 30, "paused at frame 10",
         ["--scene", "marquee", "--text", "A caption longer than the view", "--frame", "10"], ["--scene", "marquee", "--text", "A caption longer than the view", "--frame", "29"]),
        (["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4"], "90:key=space;100:key=space", 120, "resumed at frame 90",
         ["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--frame", "109"], ["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--frame", "119"]),
        (["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4"], "100:key=r", 110, "restarted at frame 0",
         ["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--frame", "9"], nil),
        (["--scene", "marquee", "--text", "A caption longer than the view"], "12:key=q", 30, "ran 13 ticks",
         ["--scene", "marquee", "--text", "A caption longer than the view", "--frame", "11"], nil),
        (["--scene", "stroke", "--text", "Ok"], "12:key=esc", 30, "ran 13 ticks", ["--scene", "stroke", "--text", "Ok", "--frame", "11"], nil),
    ]

    @Test(arguments: interactions)
    func interactionsShowTheHeadlessFrame(flags: [String], script: String, ticks: Int, line: String,
                                          same: [String], different: [String]?) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", String(ticks), "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(script): \(r.stderr)")
        #expect(r.stdout.contains(line), "\(script): stdout was \(r.stdout)")
        WindowTests.expectSame(shot, try WindowTests.headless(Self.size + same, in: dir), "\(flags) \(script)")
        if let different {
            let other = try WindowTests.headless(Self.size + different, in: dir)
            #expect(shot.map { ImageCompare.compare($0, other, tolerance: 1).pixelsOverTolerance > 0 } == true, "\(script): same as \(different)")
        }
    }

    /// A still scene presents once; a scene whose timeline has ended (`once`: the spread selected at
    /// frame 5 is done 0.3 s later, by frame 23) stops presenting after its last frame. What stays on
    /// screen is the headless frame.
    @Test(arguments: [
        (["--scene", "stroke", "--text", "Ok", "--progress", "0.5"], 30, 5),
        (["--scene", "spread", "--text", "Tab", "--select-at", "never"], 30, 5),
        (["--scene", "spread", "--text", "Tab", "--select-at", "5", "--deselect-at", "never"], 90, 24 + 6),
    ] as [([String], Int, Int)])
    func unchangingScenesStopPresenting(flags: [String], ticks: Int, most: Int) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", String(ticks)], on: display, in: dir)
        #expect(r.status == 0, "\(flags): \(r.stderr)")
        let f = try #require(WindowTests.summary(r.stdout), "no summary in \(r.stdout)")
        #expect(f.ticks == ticks && f.presented >= 1 && f.presented <= most, "\(flags): \(r.stdout)")
        WindowTests.expectSame(shot, try WindowTests.headless(Self.size + flags + ["--frame", String(ticks - 1)], in: dir), "\(flags)")
    }

    /// Bad input is refused before a window opens: one line naming the flag, exit 64.
    @Test(arguments: [
        (["--scene", "spread", "--progress", "0.5"], "--progress"), (["--scene", "marquee", "--effect", "fall"], "--effect"),
        (["--scene", "morph", "--interval", "0.2"], "--interval"), (["--scene", "stroke", "--frames", "0"], "--frames"),
    ] as [([String], String)])
    func badInputIsRefusedBeforeAWindowOpens(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Executable.run(["run", "--screenshot", "shot.png"] + args, in: dir, environment: ["DISPLAY": ":9999"])
        #expect(r.status == 64, "\(args) exited \(r.status): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag), "\(args): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty)
    }
}
