import Testing
import Foundation
import WaveFill
import WaveFillApp

/// What every scene promises through the `Scene` protocol, checked on all five.
@Suite struct SceneContractTests {
    static func make(_ kind: SceneKind, _ extra: [(String, SceneSettings.Value)] = []) throws -> any Scene {
        var s = SceneSettings()
        s.set("scene", .string(kind.rawValue))
        s.set("size", .string("100x60"))
        for (k, v) in extra { s.set(k, v) }
        return try SceneSetup(flags: s, preset: nil).makeScene()
    }

    /// A whole frame written into a caller's pixmap (the backdrop written outside the box the
    /// frame's other steps reach, the box copied) holds every pixel of the frame, whatever the
    /// pixmap held: against changes-only frames of a second scene, on a white backdrop (one byte
    /// repeated), a coloured one and a clear canvas (no backdrop: copied whole).
    @Test(arguments: [SceneKind.stroke, .morph, .spread, .marquee])
    func wholeFramesOverwriteEveryPixel(_ kind: SceneKind) throws {
        for background in ["#FFFFFF", "#123456", "#00000000"] {
            let extra: [(String, SceneSettings.Value)] = [("background", .string(background))]
            let scene = try Self.make(kind, extra), changes = try Self.make(kind, extra)
            var whole = Pixmap(width: 100, height: 60)
            var persistent = Pixmap(width: 0, height: 0)
            for n in stride(from: 0, to: 120, by: 7) {
                // Anything in the caller's pixmap before each frame.
                for i in whole.bytes.indices { whole.bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ n) }
                scene.render(frame: n, into: &whole)
                _ = changes.renderChanges(frame: n, into: &persistent)
                let differing = zip(whole.bytes, persistent.bytes).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                #expect(whole.width == persistent.width && whole.height == persistent.height && differing == 0,
                        "\(kind) on \(background), frame \(n): \(differing) bytes differ")
            }
        }
    }

    @Test(arguments: SceneKind.allCases)
    func frameNIsTheSameHoweverItIsReached(_ kind: SceneKind) throws {
        let scene = try Self.make(kind)
        var reused = Pixmap(width: 3, height: 3)        // a caller-owned pixmap of the wrong size is resized
        for n in [0, 7, 31, 90, 31] {
            scene.render(frame: n, into: &reused)
            #expect(reused == scene.render(frame: n), "\(kind) frame \(n)")
        }
        // Changes-only rendering into the persistent frame equals whole frames (drawn by a second
        // scene, so the first one's changes tracking is never disturbed), and nothing outside the
        // rows it reports changed.
        let reference = try Self.make(kind)
        var persistent = Pixmap(width: 0, height: 0)
        scene.invalidate()
        var previous = Pixmap(width: 0, height: 0)
        for n in 0 ..< 40 {
            let rows = scene.renderChanges(frame: n, into: &persistent)
            let full = reference.render(frame: n)
            #expect(persistent == full, "\(kind) frame \(n) drawn by changes differs")
            if n > 0, previous.width == full.width {
                for y in 0 ..< full.height where !rows.contains(y) {
                    let a = previous.bytes[(y * full.width * 4) ..< ((y + 1) * full.width * 4)]
                    let b = full.bytes[(y * full.width * 4) ..< ((y + 1) * full.width * 4)]
                    #expect(a == b, "\(kind) frame \(n): row \(y) changed but was not reported")
                }
            }
            previous = full
        }
    }

    @Test(arguments: SceneKind.allCases)
    func resizingLaysTheSceneOutAgain(_ kind: SceneKind) throws {
        // (A marquee at the document's speed has its scroll rounded to whole frames for its first
        // size; with a speed of its own it is the same scene at any size.)
        let speed: [(String, SceneSettings.Value)] = kind == .marquee ? [("rate", .number(40))] : []
        let scene = try Self.make(kind, speed)
        try scene.resize(width: 160, height: 90, scale: 1)
        #expect(scene.width == 160 && scene.height == 90)
        let p = scene.render(frame: 20)
        #expect(p.width == 160 && p.height == 90)
        // Laid out again, not stretched: the same as a scene made at that size.
        var s = SceneSettings()
        s.set("scene", .string(kind.rawValue)); s.set("size", .string("160x90"))
        for (k, v) in speed { s.set(k, v) }
        let direct = try SceneSetup(flags: s, preset: nil).makeScene()
        #expect(p == direct.render(frame: 20), "\(kind)")
    }

    @Test func timelinesStateEachScenesLength() throws {
        #expect(try Self.make(.wave).timeline == .periodic(frames: 900, seconds: 15, start: 0))
        #expect(try Self.make(.wave, [("progress", .number(0.5)), ("amplitude", .number(0))]).timeline == .still)
        #expect(try Self.make(.stroke).timeline == .once(frames: 361))
        #expect(try Self.make(.stroke, [("progress", .number(0.5))]).timeline == .still)
        #expect(try Self.make(.spread).timeline == .once(frames: 169))
        #expect(try Self.make(.spread, [("select-at", .string("never"))]).timeline == .still)
        #expect(try Self.make(.morph, [("texts", .string("A,B"))]).timeline == .periodic(frames: 240, seconds: 4, start: 120))
        #expect(try Self.make(.morph, [("texts", .string("A"))]).timeline == .still)
        #expect(try Self.make(.marquee, [("text", .string("Hi"))]).timeline == .still)
        if case .periodic(_, let seconds, 0) = try Self.make(.marquee).timeline { #expect(seconds > 0) } else { Issue.record("the default marquee does not scroll") }
    }

    @Test func actionsAreTheFlagsTheyStandFor() throws {
        // Stroke: scrubbing to 0.25 shows what --progress 0.25 shows.
        let stroke = try Self.make(.stroke)
        #expect(stroke.perform(.scrub(0.25), atFrame: 10) == "stroke: progress 0.25 (scrubbed)")
        #expect(stroke.render(frame: 10) == (try Self.make(.stroke, [("progress", .number(0.25))])).render(frame: 0))
        #expect(stroke.adjustedSettings["progress"] == .number(0.25))
        // Spread: toggling at frame 10 is --select-at 10.
        let spread = try Self.make(.spread, [("select-at", .string("never"))])
        #expect(spread.perform(.toggle, atFrame: 10) == "selected at frame 10")
        let flagged = try Self.make(.spread, [("select-at", .number(10)), ("deselect-at", .string("never"))])
        #expect(spread.render(frame: 25) == flagged.render(frame: 25))
        // Wave: nudging the amplitude is --amplitude.
        let wave = try Self.make(.wave, [("amplitude", .number(4))])
        #expect(wave.perform(.adjust("amplitude", 1), atFrame: 0) == "amplitude 5 px")
        #expect(wave.render(frame: 33) == (try Self.make(.wave, [("amplitude", .number(5))])).render(frame: 33))
        #expect(wave.adjustedSettings["amplitude"] == .number(5))
        // A scene ignores what it has no use for.
        #expect(try Self.make(.marquee).perform(.adjust("amplitude", 1), atFrame: 0) == nil)
        #expect(try Self.make(.marquee, [("text", .string("Hi"))]).perform(.toggle, atFrame: 0) == nil)   // nothing scrolls
    }
}

/// The module shape the design holds to, read from the sources.
@Suite struct ArchitectureTests {
    static let root: String = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { dir.deleteLastPathComponent() }
        return dir.path
    }()

    static func sources(_ module: String) throws -> [(String, String)] {
        let dir = root + "/Sources/" + module
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOfFile: dir + "/" + $0, encoding: .utf8)) }
    }

    @Test func noModuleDowncastsASceneToItsConcreteType() throws {
        let concrete = ["WaveIndicator", "MarqueeScene", "StrokeScene", "SpreadScene", "MorphScene", "LayeredScene",
                        "MarqueeModel", "StrokeModel", "SpreadModel", "MorphModel"]
        for module in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Sources") {
            for (file, text) in (try? Self.sources(module)) ?? [] {
                for t in concrete {
                    #expect(!text.contains("as? \(t)") && !text.contains("as! \(t)") && !text.contains("is \(t)"), "\(module)/\(file) downcasts to \(t)")
                }
            }
        }
    }

    /// No C library below Text: the only C these modules may use is the project's own row kernel.
    @Test func layersAndSceneKitLinkNoC() throws {
        for module in ["Geometry", "Raster", "Animation", "Layers", "SceneKit", "Vector", "LayerVector", "Scenes", "Wave"] {
            for (file, text) in try Self.sources(module) {
                for line in text.split(separator: "\n") where line.hasPrefix("import C") && line != "import CRowKernels" {
                    Issue.record("\(module)/\(file): \(line)")
                }
            }
        }
    }

    @Test func theExecutableIsDeclarationsOnly() throws {
        let lines = try Self.sources("wavefill").reduce(0) { $0 + $1.1.split(separator: "\n", omittingEmptySubsequences: false).count }
        #expect(lines <= 1000, "Sources/wavefill has \(lines) lines")
    }

    @Test func nothingNamesTheReferenceFolderOutsideTheProject() throws {
        let out = Process()
        out.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        out.arguments = ["-C", Self.root, "grep", "-l", "shar" + "ed/", "--", ".", ":!*.png", ":!*.gif"]
        let pipe = Pipe()
        out.standardOutput = pipe
        try out.run()
        let files = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        out.waitUntilExit()
        #expect(files.isEmpty, "files naming it: \(files)")
    }
}
