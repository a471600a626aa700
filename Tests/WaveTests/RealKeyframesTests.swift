import Foundation
import Testing
import Geometry
import Raster
import Text
import SceneKit
import Scenes
@testable import LayerVector
import Vector
import TestSupport
import Export

/// Eased motion is written as its keyframes with bezier easing (Lottie `o`/`i` tangents, SVG
/// `keySplines`); other motion is decimated to the stated error; an editor's round trip of the
/// Lottie (python-lottie) still plays as we render it.
@Suite("Real keyframes")
struct RealKeyframesTests {
    static let font = SceneLottieTests.font

    /// A morph from "Wave" to "Wavy": W, a and v move (ease in-out), e leaves and y enters (the fall
    /// effect: ease in, ease out).
    static func morph() throws -> (scene: MorphScene, start: Int, frames: Int) {
        var p = MorphParameters()
        p.texts = ["Wave", "Wavy"]; p.interval = 1.5
        let scene = try MorphScene(canvas: SceneCanvas(width: 240, height: 120), parameters: p, face: try FontFace(path: font))
        guard case .periodic(let n?, _, let start) = scene.timeline else { throw VectorExportError("the morph does not loop") }
        return (scene, start, n)
    }

    /// Lottie layers (top level and in precompositions) by name.
    static func layers(_ doc: [String: Any]) -> [[String: Any]] {
        let top = doc["layers"] as? [[String: Any]] ?? []
        let inner = (doc["assets"] as? [[String: Any]] ?? []).flatMap { $0["layers"] as? [[String: Any]] ?? [] }
        return top + inner
    }

    /// A layer's transform and opacity properties: its own (`ks`) and its shape groups' (`tr`, `fl`).
    static func properties(_ layer: [String: Any]) -> [String: [[String: Any]]] {
        var out: [String: [[String: Any]]] = [:]
        func add(_ name: String, _ v: Any?) { if let o = v as? [String: Any] { out[name, default: []].append(o) } }
        if let ks = layer["ks"] as? [String: Any] { for k in ["p", "r", "s", "o"] { add(k, ks[k]) } }
        func walk(_ items: [[String: Any]]) {
            for item in items {
                switch item["ty"] as? String {
                case "tr": for k in ["p", "r", "s"] { add(k, item[k]) }
                case "fl": add("o", item["o"])
                case "gr": walk(item["it"] as? [[String: Any]] ?? [])
                default: break
                }
            }
        }
        walk(layer["shapes"] as? [[String: Any]] ?? [])
        return out
    }

    static func keys(_ property: [String: Any]) -> [[String: Any]] {
        (property["a"] as? Int) == 1 ? property["k"] as? [[String: Any]] ?? [] : []
    }

    /// The easing [o.x, o.y, i.x, i.y] of a keyframe.
    static func easing(_ key: [String: Any]) -> [Double]? {
        guard let o = key["o"] as? [String: Any], let i = key["i"] as? [String: Any] else { return nil }
        return [o["x"], o["y"], i["x"], i["y"]].map { ($0 as? NSNumber)?.doubleValue ?? .nan }
    }

    @Test func easedMorphMotionIsTwoKeyframesWithItsCurve() throws {
        let (scene, start, frames) = try Self.morph()
        let doc = try parseJSON(try scene.lottieDocument(start: start, frames: frames, masks: .matte))
        var seen: [String: Int] = [:]
        for layer in Self.layers(doc) {
            guard let name = layer["nm"] as? String, let role = ["moving", "leaving", "entering"].first(where: { name.hasPrefix($0) }) else { continue }
            seen[role, default: 0] += 1
            let props = Self.properties(layer)
            let positions = (props["p"] ?? []).map(Self.keys).filter { !$0.isEmpty }
            #expect(positions.count == 1, "\(name): \(positions.count) animated positions")
            let curve: [Double] = role == "moving" ? [0.42, 0, 0.58, 1] : role == "leaving" ? [0.42, 0, 1, 1] : [0, 0, 0.58, 1]
            for k in positions {
                #expect(k.count == 2, "\(name): position has \(k.count) keyframes")
                #expect(k.first.flatMap(Self.easing) == curve, "\(name): position eased \(String(describing: k.first.flatMap(Self.easing)))")
            }
            for k in (props["r"] ?? []).map(Self.keys) where !k.isEmpty {
                #expect(role == "leaving", "\(name) turns")
                #expect(k.count == 2 && k.first.flatMap(Self.easing) == curve, "\(name): rotation \(k)")
            }
            // Opacity: the linear fade is two keyframes; a layer showing from the change's start
            // adds holding ones.
            for k in (props["o"] ?? []).map(Self.keys) where !k.isEmpty {
                let moving = k.filter { $0["h"] as? Int != 1 }
                #expect(moving.count <= 2, "\(name): opacity \(k)")
                #expect(moving.compactMap(Self.easing).allSatisfy { $0 == [0, 0, 1, 1] }, "\(name): opacity \(k)")
            }
        }
        #expect(seen["moving", default: 0] >= 3 && seen["leaving", default: 0] >= 1 && seen["entering", default: 0] >= 1, "\(seen)")
    }

    @Test func strokeMotionIsTwoKeyframesPerProperty() throws {
        // The pen tip (stroke-stagger-tip) follows the curve, not an eased ramp: left out.
        for s in try SceneLottieTests.scenes() where s.name.hasPrefix("stroke") && !s.name.hasSuffix("-tip") {
            let doc = try parseJSON(try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte))
            var counts: [Int] = []
            func walk(_ v: Any) {
                if let o = v as? [String: Any] {
                    if o["a"] as? Int == 1, let k = o["k"] as? [[String: Any]] { counts.append(k.count) }
                    o.values.forEach(walk)
                } else if let a = v as? [Any] { a.forEach(walk) }
            }
            walk(doc)
            #expect(counts.count >= 3, "\(s.name): \(counts.count) animated properties")
            #expect(counts.allSatisfy { $0 == 2 }, "\(s.name): keyframes per property \(counts)")
        }
    }

    @Test func easedMorphMotionIsSplinesInSVG() throws {
        let (scene, start, frames) = try Self.morph()
        let svg = try scene.svgDocument(start: start, frames: frames)
        let eased = svg.components(separatedBy: "<animate").dropFirst().filter { $0.contains("calcMode=\"spline\"") }
        #expect(eased.contains { $0.contains("keySplines=\"0 0 1 1;0.42 0 0.58 1;0 0 1 1\"") }, "an ease in-out move")
        #expect(eased.contains { $0.contains("0.42 0 1 1") }, "an ease-in fall")
        // Every animation: its keyframes, and the document's start and end.
        for a in svg.components(separatedBy: "<animate").dropFirst() {
            guard let r = a.range(of: "values=\"") else { continue }
            let values = a[r.upperBound...].prefix { $0 != "\"" }.split(separator: ";")
            #expect(values.count <= 6, "\(a.prefix(300))")
        }
    }

    /// python-lottie (an editor's object model) loads each document and saves it again with every
    /// keyframe; ThorVG plays the saved file as we render the scene.
    @Test func pythonLottieRoundTripPlaysInThorVG() throws {
        let (morph, start, frames) = try Self.morph()
        var list: [(name: String, scene: any LottieScene, start: Int, frames: Int)] = [("morph wavy", morph, start, frames)]
        list += try SceneLottieTests.scenes().filter { ["stroke", "morph", "marquee"].contains($0.name) }
        let python = OutsideRenderers.root + "/tools/players/.venv/bin/python"
        for s in list {
            let json = try s.scene.lottieDocument(start: s.start, frames: s.frames, masks: .matte)
            let dir = try Executable.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try json.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
            let line = try OutsideRenderers.run(python, [OutsideRenderers.root + "/tools/players/roundtrip.py", dir + "/doc.json", dir + "/saved.json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int])
            var animated = 0, keyframes = 0
            func walk(_ v: Any) {
                if let o = v as? [String: Any] {
                    if o["a"] as? Int == 1, let k = o["k"] as? [Any] { animated += 1; keyframes += k.count }
                    o.values.forEach(walk)
                } else if let a = v as? [Any] { a.forEach(walk) }
            }
            walk(try parseJSON(json))
            #expect(report["animated"] == animated && report["keyframes"] == keyframes, "\(s.name): \(report) against \(animated), \(keyframes)")
            let points = SceneLottieTests.samplePoints(s.frames)
            let (_, images) = try OutsideRenderers.play(file: dir + "/saved.json", player: "thorvg", frames: points)
            for (k, image) in zip(points, images) {
                let db = ImageMetrics.psnr(image, s.scene.render(frame: s.start + k))
                #expect(db >= 35, "\(s.name) frame \(k), re-saved by python-lottie, in ThorVG: \(db) dB")
            }
        }
    }

    // MARK: - Tracks

    /// An ease in-out motion from 3 to 11 between frames 2.3 and 7.6, resting before and after.
    static func eased(_ t: Double) -> Double {
        guard t > 2.3 else { return 3 }
        guard t < 7.6 else { return 11 }
        return 3 + 8 * Easing.easeInEaseOut.apply((t - 2.3) / 5.3)
    }

    @Test func anEasedMotionIsFoundWithItsEndsBetweenFrames() {
        let samples = (0 ... 12).map { [Self.eased(Double($0))] }
        let before = (0 ... 12).map { [Self.eased(Double($0) - 1e-4)] }
        let track = SampledTrack(samples: samples, before: before, tolerance: 0.01, error: 0.25) { t, _ in [Self.eased(t)] }
        #expect(track.keys.count == 2, "\(track.keys)")
        #expect(abs(track.keys[0].time - 2.3) < 1e-3 && abs(track.keys[1].time - 7.6) < 1e-3, "\(track.keys)")
        #expect(track.keys[0].easing == .easeInEaseOut)
        for k in 0 ... 120 { #expect(abs(track.value(at: Double(k) / 10)[0] - Self.eased(Double(k) / 10)) < 1e-3) }
    }

    /// A damped spring (no cubic bezier) is decimated: every frame within the error, far fewer
    /// keyframes than frames.
    @Test func motionNoBezierGivesIsDecimatedToTheError() {
        func spring(_ t: Double) -> [Double] { [100 - 100 * exp(-t / 12) * cos(t / 4), 40 * exp(-t / 20) * sin(t / 3)] }
        let n = 240
        let samples = (0 ... n).map { spring(Double($0)) }
        let before = (0 ... n).map { spring(Double($0) - 1e-4) }
        let track = SampledTrack(samples: samples, before: before, tolerance: 0.01, error: 0.25) { t, _ in spring(t) }
        for k in 0 ..< n {
            let v = track.value(at: Double(k)), s = samples[k]
            #expect(abs(v[0] - s[0]) <= 0.25 + 1e-9 && abs(v[1] - s[1]) <= 0.25 + 1e-9, "frame \(k): \(v) against \(s)")
        }
        #expect(track.keys.count < n / 3, "\(track.keys.count) keyframes for \(n) frames")
        #expect(track.keys.count > 4)
    }

    /// Steps (a value that jumps) keep their jumps as holds.
    @Test func stepsStayHeld() {
        func step(_ t: Double) -> Double { (t / 5).rounded(.down) }
        let samples = (0 ... 20).map { [step(Double($0))] }
        let before = (0 ... 20).map { [step(Double($0) - 1e-4)] }
        let track = SampledTrack(samples: samples, before: before, tolerance: 0.01, error: 0.25) { t, _ in [step(t)] }
        for k in 0 ..< 20 { #expect(track.value(at: Double(k)) == samples[k]) }
        #expect(track.value(at: 9.5) == [1])
    }
}
