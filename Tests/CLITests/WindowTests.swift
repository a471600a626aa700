import Testing
import Foundation
import TestSupport
import Export
import Raster

/// `wavefill run` in a real window, on a private Xvfb started (and stopped) by each test.
///
/// The window's frames are read back from SDL's renderer (`--screenshot`) and compared with the
/// headless renderer's, within SCENE.md's tolerance of 1/255. Frame numbering: tick k of a window
/// shows frame k while playing, so the 120th tick (index 119) of `--frames 120` shows frame 119.
@Suite(.serialized) struct WindowTests {
    static let size = ["--size", "160x124"]

    /// Runs `wavefill run` on `display` in `dir`, saving the last frame to `dir/shot.png`.
    static func window(_ args: [String], on display: VirtualDisplay, in dir: String) throws -> (Executable.Result, Pixmap?) {
        let r = try Executable.run(["run", "--screenshot", "shot.png"] + args, in: dir, environment: display.environment)
        let shot = try? PNGFile.read(dir + "/shot.png")
        return (r, shot)
    }

    /// The headless frame for `args` (render flags).
    static func headless(_ args: [String], in dir: String) throws -> Pixmap {
        let r = try Executable.run(["render", "--out", "expected.png", "--force"] + args, in: dir)
        #expect(r.status == 0, "render \(args): \(r.stderr)")
        return try PNGFile.read(dir + "/expected.png")
    }

    static func expectSame(_ shot: Pixmap?, _ expected: Pixmap, _ what: String) {
        guard let shot else { Issue.record("\(what): no screenshot"); return }
        guard shot.width == expected.width, shot.height == expected.height else {
            Issue.record("\(what): screenshot is \(shot.width)x\(shot.height), expected \(expected.width)x\(expected.height)")
            return
        }
        let d = ImageCompare.compare(shot, expected, tolerance: 1)
        #expect(d.pixelsOverTolerance == 0, "\(what): \(d)")
    }

    /// The figures of the summary line: mean, min, max interval and target in ms.
    static func intervals(_ stdout: String) -> (mean: Double, min: Double, max: Double, target: Double)? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("ran ") }) else { return nil }
        func figure(after key: String) -> Double? {
            guard let r = line.range(of: key) else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let mean = figure(after: "intervals mean "), let lo = figure(after: "min "), let hi = figure(after: "max "),
              let target = figure(after: "target ") else { return nil }
        return (mean, lo, hi, target)
    }

    /// The ticks that woke the loop, from the summary line.
    static func woke(_ stdout: String) -> Int? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("ran ") }),
              let r = line.range(of: "the loop woke for ") else { return nil }
        return Int(line[r.upperBound...].prefix { $0.isNumber })
    }

    /// The figures of the summary line: ticks run, seconds (to 0.01: bounds on it allow 0.005),
    /// frames presented, main-thread CPU in % of a core.
    static func summary(_ stdout: String) -> (ticks: Int, seconds: Double, presented: Int, cpu: Double)? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("ran ") }) else { return nil }
        func figure(after key: String) -> Double? {
            guard let r = line.range(of: key) else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let ticks = figure(after: "ran "), let seconds = figure(after: " ticks in "),
              let presented = figure(after: "presented "), let cpu = figure(after: "main-thread CPU ") else { return nil }
        return (Int(ticks), seconds, Int(presented), cpu)
    }

    @Test func aRealWindowShowsTheHeadlessFrame() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(Self.size + ["--frames", "120"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ran 120 ticks"), "\(r.stdout)")
        #expect(r.stdout.contains("screenshot 160x124 of frame 119"), "\(r.stdout)")
        Self.expectSame(shot, try Self.headless(Self.size + ["--frame", "119"], in: dir), "frame 119")
        // Not a still image: frame 118 differs from what the window showed.
        let before = try Self.headless(Self.size + ["--frame", "118"], in: dir)
        #expect(shot.map { ImageCompare.compare($0, before, tolerance: 1).pixelsOverTolerance > 0 } == true)
        // Only the rows that changed are uploaded: some every frame, far from all of them.
        let uploaded = r.stdout.range(of: "rows uploaded ").flatMap { Double(r.stdout[$0.upperBound...].prefix { $0.isNumber || $0 == "." }) }
        #expect(uploaded.map { $0 > 1 && $0 < 60 } == true, "\(r.stdout)")
        if let f = Self.intervals(r.stdout) {
            print("Xvfb window, 120 ticks: intervals mean \(f.mean) ms, min \(f.min) ms, max \(f.max) ms, target \(f.target) ms")
        }
    }

    /// Each control, injected through SDL's event queue by --script, changes what is shown exactly as
    /// the matching headless flags would, and prints its line.
    @Test(arguments: [
        ("30:key=space", "paused at frame 30", ["--frame", "30"]),
        ("30:key=space;60:key=space", "resumed at frame 30", ["--frame", "89"]),
        ("10:key=right", "phase step 9 deg/frame", ["--phase-step", "9", "--frame", "119"]),
        ("10:key=left;11:key=left", "phase step 6 deg/frame", ["--phase-step", "6", "--frame", "119"]),
        ("10:key=]", "frequency 0.35", ["--frequency", "0.35", "--frame", "119"]),
        ("40:key=5", "progress to 0.5 over 1 s (ease-in-out)", ["--progress", "0.5", "--frame", "119"]),
        // Mid-transition: from the rise's level at frame 100 (100 / 300) towards 0.5.
        ("100:key=5", "progress to 0.5 over 1 s", ["--progress", "0.3333333333333333", "--progress-at", "100:0.5", "--frame", "119"]),
        ("10:key=m", "reduced motion on", ["--reduced-motion", "--frame", "119"]),
        ("40:drag=0.25", "progress 0.25 (fixed)", ["--progress", "0.25", "--frame", "119"]),
        ("40:key=5;50:key=a", "progress: repeating rise", ["--frame", "119"]),
        ("100:key=r", "restarted at frame 0", ["--frame", "19"]),
        ("10:key=t;20:key=t", "frame-based stepping: 8 deg/frame, rise 300 frames", ["--frame", "119"]),
        ("5:key=h;6:key=f;7:key=?;8:key=f", "stats overlay off", ["--frame", "119"]),
        ("50:key=q", "ran 51 ticks", ["--frame", "49"]),
        ("50:key=esc", "ran 51 ticks", ["--frame", "49"]),
        ("50:quit", "ran 51 ticks", ["--frame", "49"]),
    ] as [(String, String, [String])])
    func injectedInputChangesTheFrame(script: String, line: String, headless: [String]) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(Self.size + ["--frames", "120", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(script): \(r.stderr)")
        #expect(r.stdout.contains(line), "\(script): stdout was \(r.stdout)")
        Self.expectSame(shot, try Self.headless(Self.size + headless, in: dir), script)
    }

    /// A window whose picture does not change presents it once and then waits for its ticks instead
    /// of drawing: a still scene, or a paused one, presents a few frames of 120 ticks, yet the ticks
    /// keep their time (tick 119 comes no sooner than 118 intervals after tick 1, which follows tick
    /// 0's present: only a lower bound, which load cannot break) and the frame shown is still the
    /// headless one. An expose presents the
    /// frame again. A stats overlay is the exception: it is refreshed, and presented, four times a
    /// second.
    @Test func anUnchangingWindowIdlesAndKeepsTime() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let still = Self.size + ["--amplitude", "0", "--progress", "0.5"]
        let (r, shot) = try Self.window(still + ["--frames", "120"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let f = try #require(Self.summary(r.stdout), "no summary in \(r.stdout)")
        print("still window, 120 ticks: \(f.presented) presented in \(f.seconds) s, main-thread CPU \(f.cpu) % of a core")
        #expect(f.ticks == 120 && f.presented >= 1 && f.presented <= 5, "\(r.stdout)")
        #expect(f.seconds >= 118.0 / 60 - 0.005, "\(r.stdout)")
        // Nothing can change it before an event: the loop wakes a few times a second, not per tick
        // (2 s of ticks: about 8 waits of a quarter second, and the first ticks before the present).
        let wokeStill = try #require(Self.woke(r.stdout), "\(r.stdout)")
        #expect(wokeStill >= 3 && wokeStill <= 20, "\(r.stdout)")
        #expect(r.stdout.contains("screenshot 160x124 of frame 119"), "\(r.stdout)")
        Self.expectSame(shot, try Self.headless(still + ["--frame", "119"], in: dir), "still frame")

        // Paused at tick 30: the ticks after it present nothing (but the ones an expose asks for).
        let (p, pausedShot) = try Self.window(Self.size + ["--frames", "120", "--script", "30:key=space", "--force"], on: display, in: dir)
        #expect(p.status == 0 && p.stdout.contains("paused at frame 30"), "\(p.stdout) \(p.stderr)")
        let g = try #require(Self.summary(p.stdout), "no summary in \(p.stdout)")
        #expect(g.ticks == 120 && g.presented <= 31 + 4, "\(p.stdout)")
        // Paused: the loop woke for the ticks up to the pause, then a few times a second.
        let wokePaused = try #require(Self.woke(p.stdout), "\(p.stdout)")
        #expect(wokePaused >= 31 && wokePaused <= 31 + 16, "\(p.stdout)")
        #expect(g.seconds >= 88.0 / 60 - 0.005, "\(p.stdout)")      // ticks 31 ... 119, paced by the clock
        Self.expectSame(pausedShot, try Self.headless(Self.size + ["--frame", "30"], in: dir), "paused frame")

        // A scripted input during such a wait comes at its own tick, not at the end of the wait.
        let (k, _) = try Self.window(still + ["--frames", "120", "--script", "45:key=space", "--force"], on: display, in: dir)
        #expect(k.status == 0 && k.stdout.contains("paused at frame 45"), "\(k.stdout) \(k.stderr)")

        // Exposed twice while still: presented again each time, and still the same frame.
        let (x, exposedShot) = try Self.window(still + ["--frames", "120", "--script", "60:expose;90:expose", "--force"],
                                               on: display, in: dir)
        #expect(x.status == 0, "\(x.stderr)")
        let e = try #require(Self.summary(x.stdout), "no summary in \(x.stdout)")
        #expect(e.presented >= 3 && e.presented <= f.presented + 2 + 3, "\(x.stdout)")
        Self.expectSame(exposedShot, try Self.headless(still + ["--frame", "119"], in: dir), "exposed still frame")

        // The stats overlay on a still scene: a handful of presents, not 120, and the box is drawn.
        let (o, overlaid) = try Self.window(still + ["--frames", "120", "--script", "1:key=f", "--force"], on: display, in: dir)
        #expect(o.status == 0 && o.stdout.contains("stats overlay on"), "\(o.stdout) \(o.stderr)")
        let h = try #require(Self.summary(o.stdout), "no summary in \(o.stdout)")
        // The first frame, the one showing the box, then a refresh per quarter second of ticks
        // (at least one in the two seconds the ticks take; at most four a second however slow they are).
        #expect(h.presented >= 3 && h.presented <= 4 + Int(h.seconds * 4), "\(o.stdout)")
        #expect(overlaid.map { $0.pixel(9, 115) == SIMD4(89, 89, 89, 255) } == true, "no stats box")
    }

    /// A hidden window (`hide`: unmapped, which is what minimising amounts to without a window manager)
    /// draws nothing; the ticks go on by the time, and when it is shown again the frame drawn, whole,
    /// is the one for that tick. `minimize` / `restore` ask a window manager; a bare Xvfb has none,
    /// and then the window simply keeps playing.
    @Test func aHiddenWindowStopsDrawingAndResumesAtTheTime() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(Self.size + ["--frames", "91", "--script", "30:hide;90:show"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("window hidden at tick 30"), "\(r.stdout)")
        #expect(r.stdout.contains("window shown at tick 90: drawing frame 90"), "\(r.stdout)")
        let f = try #require(Self.summary(r.stdout), "no summary in \(r.stdout)")
        print("hidden from tick 30 to 90 of 91: \(f.presented) presented in \(f.seconds) s, main-thread CPU \(f.cpu) % of a core")
        #expect(f.ticks == 91 && f.presented <= 31 + 4, "\(r.stdout)")
        // Ticks 30 ... 90 are paced by the clock (those before follow the display's presents).
        #expect(f.seconds >= 60.0 / 60 - 0.005, "\(r.stdout)")
        #expect(r.stdout.contains("screenshot 160x124 of frame 90"), "\(r.stdout)")
        Self.expectSame(shot, try Self.headless(Self.size + ["--frame", "90"], in: dir), "frame 90 after showing")

        // A hidden window's wait ends at the next scripted input's tick, not up to 15 ticks later.
        let (h, _) = try Self.window(Self.size + ["--frames", "100", "--script", "30:hide;70:show", "--force"], on: display, in: dir)
        #expect(h.status == 0, "\(h.stderr)")
        #expect(h.stdout.contains("window shown at tick 70: drawing frame 70"), "\(h.stdout)")

        let (m, minimized) = try Self.window(Self.size + ["--frames", "91", "--script", "30:minimize;60:restore", "--force"],
                                             on: display, in: dir)
        #expect(m.status == 0, "\(m.stderr)")
        #expect(m.stdout.contains("window hidden at tick") == m.stdout.contains("window shown at tick"), "\(m.stdout)")
        Self.expectSame(minimized, try Self.headless(Self.size + ["--frame", "90"], in: dir), "frame 90 after minimize / restore")
    }

    /// `?` and `f` draw their boxes onto the frame (help top-left, stats bottom-left) and nothing else.
    @Test func overlaysDrawOnlyTheirBoxes() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(["--frames", "60", "--script", "2:key=?;3:key=f"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("help overlay on") && r.stdout.contains("stats overlay on"), "\(r.stdout)")
        let expected = try Self.headless(["--frame", "59"], in: dir)
        let frame = try #require(shot)
        #expect(frame.width == 400 && frame.height == 310)
        // Inside the boxes' padding: the frame's white darkened to 89; text is lighter.
        #expect(frame.pixel(9, 9) == SIMD4(89, 89, 89, 255))
        #expect(frame.pixel(9, 301) == SIMD4(89, 89, 89, 255))
        var light = 0
        for y in 8 ..< 150 { for x in 8 ..< 120 where frame.pixel(x, y).x > 200 { light += 1 } }
        #expect(light > 200, "\(light) text pixels in the help box")
        // Right of the boxes the frame is the headless one.
        var differing = 0
        for y in 0 ..< 310 { for x in 260 ..< 400 where frame.pixel(x, y) != expected.pixel(x, y) { differing += 1 } }
        #expect(differing == 0)
    }

    /// Amplitude (whose default is derived from the ink), phase step, frequency and progress tuned live;
    /// `c` prints a command line that reproduces the frame headless, and `s` saves the frame.
    @Test func tunedSettingsPrintAReproducibleCommandLine() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "10:key=up;11:key=up;12:key=down;20:key=];30:key=right;40:key=3;60:key=s;90:key=c"
        // The digit key eases the level over 0.25 s (frames 40 ... 55): settled before the save at 60.
        let (r, shot) = try Self.window(Self.size + ["--frames", "120", "--transition", "0.25", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let amplitudes = lines.filter { $0.hasPrefix("amplitude ") }
        #expect(amplitudes.count == 3, "\(lines)")
        // up, up, down: whole pixels, one apart.
        let values = amplitudes.compactMap { Double($0.dropFirst("amplitude ".count).prefix { $0 != " " }) }
        #expect(values.count == 3 && values[1] == values[0] + 1 && values[2] == values[0] && values[0] == values[0].rounded())
        guard let command = lines.first(where: { $0.hasPrefix("wavefill run ") }) else {
            Issue.record("no command line printed: \(lines)"); return
        }
        for part in ["--size 160x124", "--amplitude \(Int(values[2]))", "--frequency 0.35", "--phase-step 9", "--progress 0.3", "--transition 0.25"] {
            #expect(command.contains(part), "\(command)")
        }
        let args = command.split(separator: " ").dropFirst(2).map(String.init)
        Self.expectSame(shot, try Self.headless(args + ["--frame", "119"], in: dir), command)
        // s at tick 60 saved what was on screen then (frame 59), named after its frame number.
        #expect(lines.contains { $0.hasPrefix("saved frame 59 (160x124) to wavefill-frame-00059.png") }, "\(lines)")
        let saved = try PNGFile.read(dir + "/wavefill-frame-00059.png")
        Self.expectSame(saved, try Self.headless(args + ["--frame", "59"], in: dir), "saved frame 59")
    }

    /// A resize relays the scene out at the new size: the frame read back is the new size and is the
    /// headless frame of that size (not the old frame stretched).
    @Test func resizeRelaysOutWithoutStretching() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(["--size", "200x155", "--frames", "120", "--script", "40:resize=300x120;80:key=c"],
                                        on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("resized to 300x120"), "\(r.stdout)")
        #expect(r.stdout.contains("wavefill run --size 300x120"), "\(r.stdout)")
        #expect(shot?.width == 300 && shot?.height == 120)
        Self.expectSame(shot, try Self.headless(["--size", "300x120", "--frame", "119"], in: dir), "after resize")
    }

    /// A shape container in the window: resized, it relays out; `c` prints the shape, and that line
    /// draws the same frame headless.
    @Test func shapeContainerResizesAndPrintsItsCommandLine() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (r, shot) = try Self.window(["--shape", "rounded-rect", "--corner-radius", "25", "--size", "200x155", "--frames", "120",
                                         "--script", "40:resize=300x120;80:key=c"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        guard let command = r.stdout.split(separator: "\n").first(where: { $0.hasPrefix("wavefill run ") }) else {
            Issue.record("no command line printed: \(r.stdout)"); return
        }
        #expect(command == "wavefill run --size 300x120 --shape rounded-rect --corner-radius 25", "\(command)")
        let args = command.split(separator: " ").dropFirst(2).map(String.init)
        Self.expectSame(shot, try Self.headless(args + ["--frame", "119"], in: dir), String(command))
    }

    /// Without vsync (SDL's dummy driver presents at once), the clock notices, says so once, and paces
    /// itself to --fps. Only a gross failure fails; the measured figures are printed.
    @Test func withoutVSyncTheClockPacesItself() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let r = try Executable.run(["run", "--size", "80x62", "--frames", "150", "--fps", "50"], in: dir, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let notices = r.stderr.split(separator: "\n").filter { $0.contains("pacing to 50 Hz") }
        #expect(notices.count == 1, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("paced by the clock"), "\(r.stdout)")
        let f = try #require(Self.intervals(r.stdout), "no summary in \(r.stdout)")
        print("dummy driver, no vsync, --fps 50, 150 ticks: intervals mean \(f.mean) ms, min \(f.min) ms, max \(f.max) ms, target \(f.target) ms (\(Int(((f.mean / f.target - 1) * 100).rounded())) %)")
        #expect(f.target == 20)
        #expect(f.mean > 10 && f.mean < 40, "mean interval \(f.mean) ms for a 20 ms target")

        // The same on a real (virtual) X display with vsync switched off.
        let display = try VirtualDisplay()
        let x = try Executable.run(["run", "--size", "80x62", "--frames", "120", "--no-vsync"], in: dir, environment: display.environment)
        #expect(x.status == 0, "\(x.stderr)")
        #expect(x.stderr.contains("pacing to 60 Hz") && x.stdout.contains("paced by the clock"), "\(x.stderr)")
        let g = try #require(Self.intervals(x.stdout), "no summary in \(x.stdout)")
        print("Xvfb, --no-vsync, 120 ticks: intervals mean \(g.mean) ms, min \(g.min) ms, max \(g.max) ms, target \(g.target) ms")
        #expect(g.mean > g.target / 2 && g.mean < g.target * 2)
    }

    /// No display: one line that says so and points at `wavefill render`, exit 69, nothing written;
    /// `--check-display` answers the same question for scripts (run.sh).
    @Test func withoutADisplayRunSaysSoAndSuggestsRender() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env[k] = nil }
        for args in [["run", "--screenshot", "s.png"], [], ["run", "--check-display"]] {
            let r = try Executable.run(args, in: dir, environment: env)
            #expect(r.status == 69, "\(args): \(r.status)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && r.stderr.contains("no display found") && r.stderr.contains("wavefill render"), "\(args): \(r.stderr)")
        }
        #expect(Executable.files(in: dir).isEmpty)
        let display = try VirtualDisplay()
        let ok = try Executable.run(["run", "--check-display"], in: dir, environment: display.environment)
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    /// Bad input is refused before any window opens (so even without a display the flag is named).
    @Test(arguments: [
        (["--frames", "0"], "--frames"), (["--frames", "x"], "--frames"), (["--script", "x:key=up"], "--script"),
        (["--script", "5:key=F13"], "--script"), (["--script", "5:resize=0x5"], "--script"),
        (["--screenshot", "shot.txt"], "--screenshot"), (["--screenshot", "missing/dir/s.png"], "--screenshot"),
        (["--size", "0x5"], "--size"), (["--amplitude", "-1"], "--amplitude"), (["--text", ""], "--text"),
    ] as [([String], String)])
    func badInputIsRefusedFirst(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env[k] = nil }
        let r = try Executable.run(["run"] + args, in: dir, environment: env)
        #expect(r.status != 0 && r.status != 69, "\(args): \(r.status)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(flag), "\(args): \(r.stderr)")
        #expect(Executable.files(in: dir).isEmpty)
    }

    @Test func helpListsTheControlsAndTheScript() throws {
        let r = try Executable.run(["run", "--help"])
        #expect(r.status == 0)
        for s in CLITests.sceneFlags + ["--frames", "--screenshot", "--script", "--no-vsync", "--check-display",
                                        "pause / resume", "amplitude", "phase step", "frequency", "progress",
                                        "time-based", "restart", "save", "command line", "stats", "quit",
                                        "key=NAME", "drag=F", "resize=WxH", "hide", "minimize", "expose"] {
            #expect(r.stdout.contains(s), "\(s) missing from run --help")
        }
        let top = try Executable.run(["--help"])
        #expect(top.stdout.contains("run") && top.stdout.contains("(default)"), "\(top.stdout)")
    }
}
