import Testing
import Foundation
import TestSupport
import Export
import Raster

/// The tuning panel (Tab) in a real window on a private Xvfb, driven by scripted SDL events aimed at
/// its controls by name: a change made with each kind of control shows exactly the frame the
/// matching flag renders headless; a refused value shows the flag's error and changes nothing;
/// undo goes back; an export started in the panel writes the file `wavefill export` writes while
/// frames keep arriving; hidden again, the panel costs the window nothing.
@Suite(.serialized) struct PanelWindowTests {
    static let size = ["--size", "160x124"]
    /// The pen scene most tests tune: short text, 10 fps.
    static let stroke = ["--scene", "stroke", "--text", "Ok", "--fps", "10"]

    /// The panel's width in the window, points.
    static let panelWidth = 360

    /// Where the preview of `width` x `height` is drawn in a window screenshot of the panel shown: in
    /// the middle of the space left of the panel (at its own size when it fits).
    static func previewOrigin(_ shot: Pixmap, width: Int = 160, height: Int = 124) -> (x: Int, y: Int) {
        ((shot.width - panelWidth - width) / 2, (shot.height - height) / 2)
    }

    /// The preview cut out of the window's screenshot (`width` x `height` at `previewOrigin`).
    static func preview(_ shot: Pixmap?, width: Int = 160, height: Int = 124) -> Pixmap? {
        guard let shot, shot.width >= width + panelWidth, shot.height >= height else { return nil }
        let o = previewOrigin(shot, width: width, height: height)
        var out = Pixmap(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width * 4 { out.bytes[y * width * 4 + x] = shot.bytes[((o.y + y) * shot.width + o.x) * 4 + x] }
        }
        return out
    }

    /// The flags the panel printed (`panel: --key value`), last one per key, split as a shell would
    /// for the simple values these tests make.
    static func panelFlags(_ stdout: String) -> [String] {
        var byKey: [(String, [String])] = []
        for line in stdout.split(separator: "\n") where line.hasPrefix("panel: --") {
            var words = line.dropFirst("panel: ".count).split(separator: " ", maxSplits: 1).map(String.init)
            if words.count == 2 { words[1] = words[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            byKey.removeAll { $0.0 == words[0] }
            byKey.append((words[0], words))
        }
        return byKey.flatMap(\.1)
    }

    /// (scene flags, script after the panel is shown at tick 3, flag the change must print).
    static let controls: [([String], String, String)] = [
        // A slider, dragged.
        (stroke, "8:press=stroke-width@0.1;10:move=stroke-width@0.3;12:release=stroke-width@0.3", "--stroke-width"),
        // A slider, stepped with Ctrl+wheel (Shift: fine steps).
        (stroke, "8:ctrl-wheel=stroke-width@3;10:shift-wheel=stroke-width@-2", "--stroke-width"),
        // A colour, dragged in its picker.
        (stroke, "8:click=stroke-color/pick;11:press=stroke-color/picker@0.2;13:move=stroke-color/picker@0.4;15:release=stroke-color/picker@0.4", "--stroke-color"),
        // A drop-down.
        (stroke, "8:click=line-join;11:click=line-join/bevel", "--line-join"),
        // A check box.
        (["--scene", "marquee", "--text", "Hi"], "8:click=force-scroll", "--force-scroll"),
        // A text field: typed, then Enter.
        (["--scene", "spread", "--text", "Tab"], "8:click=text;10:text=Go;11:key=enter", "--text"),
        // A whole-number slider.
        (["--amplitude", "6"], "8:press=waves@0.9;10:release=waves@0.9", "--waves"),
    ]

    @Test(arguments: controls)
    func aChangeInThePanelShowsWhatTheFlagRenders(flags: [String], script: String, flag: String) throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ticks = 30
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", String(ticks), "--script", "3:key=tab;" + script],
                                               on: display, in: dir)
        #expect(r.status == 0, "\(script): \(r.stderr)")
        #expect(!r.stderr.contains("no panel control"), "\(script): \(r.stderr)")
        let changed = Self.panelFlags(r.stdout)
        #expect(changed.contains(flag), "\(script): the panel printed \(changed); stdout \(r.stdout)")
        guard let preview = Self.preview(shot) else { Issue.record("\(script): no screenshot"); return }
        #expect(shot.map { $0.width > 160 } == true, "the panel is beside the preview")
        WindowTests.expectSame(preview, try WindowTests.headless(Self.size + flags + changed + ["--frame", String(ticks - 1)], in: dir),
                               "\(script) as \(changed)")
        // The change made a difference.
        let before = try WindowTests.headless(Self.size + flags + ["--frame", String(ticks - 1)], in: dir)
        #expect(ImageCompare.compare(preview, before, tolerance: 1).pixelsOverTolerance > 0, "\(script): nothing changed")
    }

    @Test func aTypedValueTheFlagRefusesShowsItsErrorAndChangesNothing() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        let script = "3:key=tab;8:ctrl-click=stroke-width;11:key=ctrl+a;12:text=5000;13:key=enter"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // The same one-line error the flag gives.
        let cli = try Executable.run(["render", "--out", "x.png"] + Self.size + flags + ["--stroke-width", "5000"], in: dir)
        #expect(cli.status != 0)
        let message = cli.stderr.split(separator: "\n").first.map(String.init) ?? "?"
        let flagError = message.range(of: "--stroke-width").map { String(message[$0.lowerBound...]) } ?? message
        #expect(r.stderr.contains("panel: " + flagError), "panel said: \(r.stderr); the flag says: \(cli.stderr)")
        // Said once, for the value typed (not for 5, 50 and 500 on the way).
        #expect(r.stderr.split(separator: "\n").filter { $0.contains("panel: --stroke-width") }.count == 1, "\(r.stderr)")
        #expect(Self.panelFlags(r.stdout).isEmpty, "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + ["--frame", "29"], in: dir), "unchanged")
    }

    @Test func undoGoesBackAndRedoAgain() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        let change = "3:key=tab;8:press=stroke-width@0.2;10:move=stroke-width@0.3;11:move=stroke-width@0.4;12:release=stroke-width@0.4"
        // One drag is one undo step: after undo the frame is the flags' own.
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", change + ";16:click=undo"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!Self.panelFlags(r.stdout).isEmpty, "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + ["--frame", "29"], in: dir), "undone")
        // Ctrl+Z then Ctrl+Shift+Z: the change is back.
        try? FileManager.default.removeItem(atPath: dir + "/shot.png")
        let (r2, shot2) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", change + ";16:key=ctrl+z;18:key=ctrl+shift+z"],
                                                 on: display, in: dir)
        #expect(r2.status == 0, "\(r2.stderr)")
        let changed = Self.panelFlags(r2.stdout)
        #expect(r2.stdout.contains("panel: undone --stroke-width ") && r2.stdout.contains("panel: redone --stroke-width "), "\(r2.stdout)")
        WindowTests.expectSame(Self.preview(shot2), try WindowTests.headless(Self.size + flags + changed + ["--frame", "29"], in: dir), "redone as \(changed)")
    }

    /// Ctrl+Z tapped (down and up in one frame, right after Ctrl) undoes, and says what it undid.
    @Test func ctrlZTappedUndoesAndSaysWhat() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        let script = "3:key=tab;8:press=stroke-width@0.2;10:move=stroke-width@0.4;12:release=stroke-width@0.4;16:key=ctrl+z"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let set = r.stdout.split(separator: "\n").last { $0.hasPrefix("panel: --stroke-width ") }.map { String($0.dropFirst("panel: ".count)) }
        #expect(set != nil && r.stdout.contains("panel: undone " + (set ?? "?")), "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + ["--frame", "29"], in: dir), "undone")
    }

    /// A key pressed in the same frame as a slider's release reaches the scene: q quits.
    @Test func aKeyRightAfterADragIsNotSwallowed() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "3:key=tab;8:press=stroke-width@0.2;10:move=stroke-width@0.4;12:release=stroke-width@0.4;12:key=q"
        let (r, _) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "100", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("panel: --stroke-width "), "\(r.stdout)")
        #expect(r.stdout.contains("ran 13 ticks"), "q did not quit at tick 12: \(r.stdout)")
    }

    /// A refused value's error goes to the status bar at the bottom: no control moves (each is where it
    /// was before the error), and the error is said once.
    @Test func anErrorInTheStatusBarMovesNoControl() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let controls = ["stroke-width", "line-join", "undo", "size"]
        let locate = { (t: Int) in controls.map { "\(t):locate=\($0)" }.joined(separator: ";") }
        let script = "3:key=tab;" + locate(6) + ";8:click=size;10:key=ctrl+a;11:text=ab;12:text=c;13:key=enter;" + locate(17)
        let (r, _) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "20", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let errors = r.stderr.split(separator: "\n").filter { $0.contains("panel: --size") }
        #expect(errors.count == 1, "the error once: \(r.stderr)")
        for c in controls {
            let at = r.stdout.split(separator: "\n").filter { $0.hasPrefix("panel: control \(c) at ") }
            #expect(at.count == 2 && at.first == at.last, "\(c) moved: \(at)")
        }
        #expect(Self.panelFlags(r.stdout).isEmpty, "\(r.stdout)")
    }

    /// One session: the wheel over a slider scrolls the panel and changes nothing; a typed value is
    /// applied once, on Enter; undo and redo say what they did; a scene switch starts the new scene
    /// at frame 0. The `c` line at the end holds only what was meant.
    @Test func aSessionChangesOnlyWhatWasMeant() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "3:key=tab;5:locate=stroke-width;6:wheel=stroke-width@-3;9:locate=stroke-width;"
            + "10:ctrl-click=stroke-width;12:key=ctrl+a;13:text=1;14:text=2;16:key=enter;19:key=ctrl+z;22:key=ctrl+shift+z;"
            + "25:click=scene;28:click=scene/morph;40:click=play;42:key=c"
        let (r, shot) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "50", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // The wheel scrolled the panel: the slider moved up, and was not changed.
        let located = lines.filter { $0.hasPrefix("panel: control stroke-width at ") }
        #expect(located.count == 2 && located.first != located.last, "\(located)")
        let said = lines.filter { $0.hasPrefix("panel: ") && !$0.hasPrefix("panel: control ") }
        #expect(said == ["panel: --stroke-width 12", "panel: undone --stroke-width 12", "panel: redone --stroke-width 12", "panel: --scene morph"],
                "\(r.stdout)")
        // The scene's own settings are dropped with it; the shared ones stay.
        let command = lines.last { $0.hasPrefix("wavefill run ") }
        #expect(command == "wavefill run --scene morph --size 160x124 --fps 10", "\(r.stdout)")
        // Paused 12 ticks (or fewer) after the switch was asked for: the new scene counted from 0.
        let paused = lines.last { $0.hasPrefix("paused at frame ") }.flatMap { Int($0.dropFirst("paused at frame ".count)) }
        #expect(paused.map { $0 <= 12 } == true, "\(r.stdout)")
        if let paused {
            WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(["--scene", "morph", "--fps", "10", "--frame", String(paused)] + Self.size, in: dir),
                                   "morph from frame 0, paused at \(paused)")
        }
    }

    /// The timeline row's scrubber shows the frame it is dragged to, paused (as Space pauses); its
    /// Play resumes from there.
    @Test func theTimelineScrubberShowsAFramePaused() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "3:key=tab;8:press=timeline@0.3;10:move=timeline@0.5;12:release=timeline@0.5"
        let (r, shot) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "40", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("paused at frame "), "\(r.stdout)")
        let summary = r.stdout.split(separator: "\n").first { $0.hasPrefix("ran ") }.map(String.init) ?? ""
        let shown = summary.range(of: "showing frame ").flatMap { Int(summary[$0.upperBound...].prefix { $0.isNumber }) }
        // Half-way along the stroke's timeline, not where 40 ticks of playing would be.
        #expect(shown.map { $0 > 0 && $0 != 39 } == true, "\(summary)")
        if let shown {
            WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + Self.stroke + ["--frame", String(shown)], in: dir),
                                   "scrubbed to frame \(shown)")
        }
        // Play resumes from the frame scrubbed to.
        try? FileManager.default.removeItem(atPath: dir + "/shot.png")
        let (r2, _) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "40", "--script", script + ";20:click=play"],
                                             on: display, in: dir)
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(shown.map { r2.stdout.contains("resumed at frame \($0)") } == true, "\(r2.stdout)")
    }

    /// The preview sits in the middle of the space beside the panel at its own size; when the window
    /// is shorter than it, it is scaled down to fit (keeping its aspect) and the panel stays whole.
    @Test func thePreviewIsCentredBesideThePanel() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke + ["--background", "#336699"]
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "20", "--script", "3:key=tab"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        guard let shot else { Issue.record("no screenshot"); return }
        #expect((shot.width, shot.height) == (520, 600))
        #expect(Self.previewOrigin(shot) == (0, 238))
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + ["--frame", "19"], in: dir), "centred preview")
        func lit(_ p: Pixmap, _ x: Int, _ y: Int) -> Bool { (0 ..< 3).contains { p.bytes[(y * p.width + x) * 4 + $0] > 0 } }
        #expect(!lit(shot, 80, 100) && !lit(shot, 80, 500), "black above and below the preview")
        // Shorter than the preview: 124 -> 100 rows, 160 -> 129 columns, centred across.
        try? FileManager.default.removeItem(atPath: dir + "/shot.png")
        let (r2, small) = try WindowTests.window(Self.size + flags + ["--frames", "20", "--script", "3:key=tab;8:resize=520x100;12:key=c"],
                                                 on: display, in: dir)
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(r2.stdout.contains("wavefill run --scene stroke --size 160x124"), "the preview kept its size: \(r2.stdout)")
        guard let small else { Issue.record("no screenshot"); return }
        #expect((small.width, small.height) == (520, 100))
        let columns = (0 ..< 160).filter { x in (0 ..< 100).contains { lit(small, x, $0) } }
        #expect(columns.first == 15 && columns.last == 143, "preview columns \(columns.first ?? -1)...\(columns.last ?? -1)")
        #expect(lit(small, 165, 50) && lit(small, 515, 50), "the panel is drawn whole beside it")
    }

    /// A resize made with the panel open is the preview's new size (its width followed the window
    /// here): the size row and the `c` line say so, and closing the panel keeps it.
    @Test func aResizeWithThePanelOpenIsKept() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "3:key=tab;8:resize=620x600;12:key=c;14:key=tab;18:key=c"
        let (r, shot) = try WindowTests.window(Self.size + Self.stroke + ["--frames", "24", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("wavefill run ") }
        #expect(commands.count == 2 && commands.allSatisfy { $0.contains("--size 260x124") }, "\(r.stdout)")
        #expect(shot.map { ($0.width, $0.height) == (260, 124) } == true, "the window is the preview's new size")
        WindowTests.expectSame(shot, try WindowTests.headless(["--size", "260x124"] + Self.stroke + ["--frame", "23"], in: dir), "kept")
    }

    @Test func copyCommandPrintsTheLineThatMakesThePictureAgain() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        let script = "3:key=tab;8:ctrl-wheel=stroke-width@2;12:click=copy-command"
        let (r, _) = try WindowTests.window(Self.size + flags + ["--frames", "20", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let changed = Self.panelFlags(r.stdout)
        let line = r.stdout.split(separator: "\n").first { $0.hasPrefix("wavefill run --scene stroke") }.map(String.init) ?? ""
        #expect(changed.count == 2 && line.contains(changed.joined(separator: " ")), "\(changed) in: \(r.stdout)")
    }

    @Test func anExportFromThePanelWritesWhatWavefillExportWrites() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = ["--scene", "morph", "--texts", "Yes,To", "--interval", "1.4", "--fps", "10"]
        let script = "3:key=tab;6:click=export-format;9:click=export-format/apng;12:click=export-length;15:click=export-length/frames;"
            + "18:click=export-out;20:key=ctrl+a;21:text=from-panel.apng;22:key=enter;25:click=export"
        let (r, _) = try WindowTests.window(Self.size + flags + ["--frames", "90", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("panel: exported from-panel.apng (") && r.stdout.contains(" KiB)\n"), "\(r.stdout)")
        // Frames kept arriving while it exported: no tick waited on the export.
        if let t = WindowTests.intervals(r.stdout) {
            #expect(t.max < 1000, "longest interval \(t.max) ms, target \(t.target) ms")
        } else {
            Issue.record("no summary line: \(r.stdout)")
        }
        let cli = try Executable.run(["export", "--format", "apng", "--frames", "60", "--out", "from-cli.apng"] + Self.size + flags, in: dir)
        #expect(cli.status == 0, "\(cli.stderr)")
        let a = FileManager.default.contents(atPath: dir + "/from-panel.apng")
        let b = FileManager.default.contents(atPath: dir + "/from-cli.apng")
        #expect(a != nil && a == b, "panel export \(a?.count ?? -1) bytes, wavefill export \(b?.count ?? -1) bytes")
    }

    @Test func hiddenAgainThePanelCostsTheWindowNothing() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The spread before a click is a still: after the panel is hidden nothing more is presented.
        let flags = ["--scene", "spread", "--text", "Tab"]
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "90", "--script", "5:key=tab;15:key=tab"], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("tuning panel on") && r.stdout.contains("tuning panel off"), "\(r.stdout)")
        #expect(shot.map { ($0.width, $0.height) == (160, 124) } == true, "the window is back to the preview's size")
        let line = r.stdout.split(separator: "\n").first { $0.hasPrefix("ran ") }.map(String.init) ?? ""
        let presented = line.range(of: "presented ").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) ?? 999 } ?? 999
        #expect(presented <= 30, "presented \(presented) of 90 ticks: \(line)")
        WindowTests.expectSame(shot, try WindowTests.headless(Self.size + flags + ["--frame", "89"], in: dir), "the scene after the panel")
    }

    @Test func comparePinsBInTheRightHalfWhileAChanges() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke + ["--progress", "1"]
        // A is changed (the pen widened), pinned as B, then A is changed back with Undo (a header
        // button, always in view): A is the command line's picture, B the widened one.
        let script = "3:key=tab;5:press=stroke-width@0.3;7:release=stroke-width@0.3;10:click=compare;14:click=pin;18:click=undo"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let changed = Self.panelFlags(r.stdout)
        #expect(changed.contains("--stroke-width") && r.stdout.contains("panel: undone"), "\(r.stdout)")
        guard let preview = Self.preview(shot) else { Issue.record("no screenshot"); return }
        let a = try WindowTests.headless(Self.size + flags + ["--frame", "29"], in: dir)
        let b = try WindowTests.headless(Self.size + flags + changed + ["--frame", "29"], in: dir)
        // Left of the divider: A (the change); right of it: B (pinned before the change).
        func columns(_ p: Pixmap, _ range: Range<Int>) -> [UInt8] {
            var out: [UInt8] = []
            for y in 0 ..< p.height { out += p.bytes[(y * p.width + range.lowerBound) * 4 ..< (y * p.width + range.upperBound) * 4] }
            return out
        }
        #expect(columns(preview, 0 ..< 79) == columns(a, 0 ..< 79), "left half is A")
        #expect(columns(preview, 80 ..< 160) == columns(b, 80 ..< 160), "right half is B")
        #expect(columns(a, 80 ..< 160) != columns(b, 80 ..< 160), "A and B differ on the right")
    }

    @Test func savePresetWritesTheSettingsOnScreen() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        let script = "3:key=tab;6:click=presets;9:click=preset-file;11:key=ctrl+a;12:text=mine.json;13:key=enter;"
            + "16:press=stroke-width@0.25;18:release=stroke-width@0.25;21:click=save-preset"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("saved preset mine.json"), "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + ["--preset", "mine.json", "--frame", "29"], in: dir),
                               "the saved preset renders what was on screen")
    }

    /// Keyboard navigation: after a click in the panel, Down moves from control to control, Space
    /// takes a slider, Right steps it and Space lets it go. (Eleven rows down from "Copy command" is
    /// a slider of the stroke's text or pen sections; which one depends on the declared order.)
    @Test func theKeyboardReachesAndStepsASlider() throws {
        let display = try VirtualDisplay()
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flags = Self.stroke
        var script = "3:key=tab;6:click=copy-command"
        var t = 9
        for _ in 0 ..< 11 { script += ";\(t):key=down"; t += 2 }
        script += ";\(t):key=space;\(t + 2):key=right;\(t + 4):key=right;\(t + 6):key=space"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "60", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let changed = Self.panelFlags(r.stdout)
        // One number setting, stepped by the keys.
        #expect(changed.count == 2 && changed.count == 2 && Double(changed[1]) != nil, "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + changed + ["--frame", "59"], in: dir), "as \(changed)")
    }
}
