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
        WindowTests.expectSame(Self.preview(shot2), try WindowTests.headless(Self.size + flags + changed + ["--frame", "29"], in: dir), "redone as \(changed)")
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
        #expect(r.stdout.contains("panel: exported from-panel.apng"), "\(r.stdout)")
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
        let script = "3:key=tab;6:click=compare;10:click=pin;14:press=stroke-width@0.3;16:release=stroke-width@0.3"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let changed = Self.panelFlags(r.stdout)
        #expect(changed.contains("--stroke-width"), "\(r.stdout)")
        guard let preview = Self.preview(shot) else { Issue.record("no screenshot"); return }
        let a = try WindowTests.headless(Self.size + flags + changed + ["--frame", "29"], in: dir)
        let b = try WindowTests.headless(Self.size + flags + ["--frame", "29"], in: dir)
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
        let script = "3:key=tab;6:click=presets;9:press=stroke-width@0.25;11:release=stroke-width@0.25;"
            + "14:click=preset-file;16:key=ctrl+a;17:text=mine.json;18:key=enter;21:click=save-preset"
        let (r, shot) = try WindowTests.window(Self.size + flags + ["--frames", "30", "--script", script], on: display, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("saved preset mine.json"), "\(r.stdout)")
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + ["--preset", "mine.json", "--frame", "29"], in: dir),
                               "the saved preset renders what was on screen")
    }

    /// Keyboard navigation: after a click in the panel, Down moves from control to control, Space
    /// takes a slider, Right steps it and Space lets it go. (Eleven rows down from "Copy command" is
    /// the stroke's pen width in the panel's order: header, size, text, font, file, font size, fps,
    /// background, progress, text colour, stroke width.)
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
        #expect(changed.first == "--stroke-width" && changed.count == 2, "\(r.stdout)")
        if changed.count == 2, let v = Double(changed[1]) { #expect(v > 2, "stepped up from the default 2 px: \(v)") }
        WindowTests.expectSame(Self.preview(shot), try WindowTests.headless(Self.size + flags + changed + ["--frame", "59"], in: dir), "as \(changed)")
    }
}
