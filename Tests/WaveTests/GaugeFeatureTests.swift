import Foundation
import Testing
import Geometry
import Raster
import Export
import SceneKit
import Text
@testable import Wave
import TestSupport

/// The gauge's shapes, placement, per-wave levels and labels: each drawn alike by the fast renderer
/// and the layer version (within 1/255), and each doing what it says.
@Suite struct GaugeFeatureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func heartMask() throws -> MaskImage {
        let img = try PNGFile.readStraightRGBA(root + "/Assets/masks/heart.png", maxSide: 4096)
        return MaskImage(width: img.width, height: img.height, alpha: (0 ..< img.width * img.height).map { img.rgba[$0 * 4 + 3] })
    }

    static func indicator(_ source: ContainerSource, _ edit: (inout WaveParameters) -> Void) throws -> WaveIndicator {
        var p = WaveParameters()
        p.width = 140; p.height = 110
        edit(&p)
        return try WaveIndicator(parameters: p, source: source)
    }

    /// Frames `frames` by the fast renderer and by the layer version, within 1/255.
    static func expectFastMatchesLayers(_ ind: WaveIndicator, _ name: String, frames: [Int] = [0, 45, 150, 263],
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        for n in frames {
            var fast = Pixmap(width: 0, height: 0), reference = fast
            ind.renderer = .fast
            ind.render(frame: n, into: &fast)
            ind.renderer = .reference
            ind.render(frame: n, into: &reference)
            let d = ImageCompare.compare(fast, reference, tolerance: 1)
            #expect(d.pixelsOverTolerance == 0, "\(name) frame \(n): \(d)", sourceLocation: sourceLocation)
        }
        ind.renderer = .fast
    }

    // MARK: Shapes

    @Test(arguments: [(ContainerShape.arrow, ShapeDirection.right), (.arrow, .down), (.triangle, .left), (.triangle, .down),
                      (.diamond, .up), (.pin, .up)])
    func shapesRenderAlikeInBothRenderers(_ shape: ContainerShape, _ way: ShapeDirection) throws {
        let ind = try Self.indicator(.outline(try ContainerOutline(shape: shape, direction: way))) { $0.amplitude = 7 }
        Self.expectFastMatchesLayers(ind, "\(shape) \(way)")
    }

    /// An arrow pointing right has its tip on the ink box's right edge at mid-height; pointing left,
    /// on its left edge.
    @Test func theDirectionTurnsTheShape() throws {
        for (way, tipX) in [(ShapeDirection.right, 1.0), (.left, 0.0), (.up, 0.5), (.down, 0.5)] {
            let scene = try outlineScene(try ContainerOutline(shape: .arrow, direction: way))
            let box = scene.layout.inkBox
            let flat = scene.layout.path.flattenedContours(tolerance: 0.01).points
            let tip = Point(box.minX + tipX * box.width, way == .up ? box.minY : way == .down ? box.maxY : (box.minY + box.maxY) / 2)
            #expect(flat.contains { abs($0.x - tip.x) < 1e-6 && abs($0.y - tip.y) < 1e-6 }, "\(way): no vertex at \(tip)")
        }
        #expect { try ContainerOutline(shape: .circle, direction: .left) } throws: { ($0 as? SettingError)?.key == "shape-direction" }
    }

    // MARK: Placement

    @Test func centerRadiusAndFitPlaceTheContainer() throws {
        var p = WaveParameters()
        p.width = 200; p.height = 100
        p.placement.centerX = CanvasLength(25, percent: true); p.placement.centerY = CanvasLength(60)
        p.placement.radius = CanvasLength(20, percent: true)   // 20 % of 100: a 40 x 40 box
        let circle = try ContainerSource.outline(try ContainerOutline(shape: .circle))
        let box = try circle.layout(for: p).inkBox
        #expect(abs(box.minX - 30) < 1e-9 && abs(box.maxX - 70) < 1e-9 && abs(box.minY - 40) < 1e-9 && abs(box.maxY - 80) < 1e-9, "\(box)")
        p.placement.fit = .fill; p.placement.radius = nil
        let wide = try circle.layout(for: p).inkBox
        #expect(abs(wide.width - 160) < 1e-9 && abs(wide.height - 80) < 1e-9, "\(wide)")
        p.placement.fit = .none
        let unscaled = try circle.layout(for: p).inkBox
        #expect(abs(unscaled.width - 100) < 1e-9 && abs(unscaled.height - 100) < 1e-9, "\(unscaled)")
        // A mask image 1:1, and text stretched to the box.
        let mask = try Self.heartMask()
        let m = try ContainerSource.mask(mask).layout(for: p)
        #expect(m.inkW <= Double(mask.width) && m.inkW > Double(mask.width) / 2)
        p.placement.fit = .fill
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath))
        let t = try ContainerSource.text(try TextShaper(text: "Wa", face: face)).layout(for: p)
        #expect(abs(t.inkW - 160) < 1e-9 && abs(t.inkH - 80) < 1e-9, "\(t.inkBox)")
        // The default is unchanged: 80 % contain, centred.
        #expect(WaveParameters().placement == ContainerPlacement())
    }

    @Test func placementRendersAlikeInBothRenderers() throws {
        let mask = try Self.heartMask()
        let face = try FontFace(path: try #require(WaveParameters.defaultFontPath))
        let sources: [(String, ContainerSource)] = [
            ("circle", .outline(try ContainerOutline(shape: .circle))), ("mask", .mask(mask)),
            ("text", .text(try TextShaper(text: "Wa", face: face))),
        ]
        for (name, source) in sources {
            for fit in ContainerPlacement.Fit.allCases {
                let ind = try Self.indicator(source) {
                    $0.placement.fit = fit
                    $0.placement.centerX = CanvasLength(40, percent: true); $0.placement.centerY = CanvasLength(50)
                    $0.placement.radius = fit == .none ? nil : CanvasLength(45)
                    $0.amplitude = 5
                }
                Self.expectFastMatchesLayers(ind, "\(name) fit \(fit)", frames: [30, 200])
            }
        }
    }

    @Test func badPlacementNamesTheFlag() throws {
        #expect { try ContainerPlacement.center("10") } throws: { ($0 as? SettingError)?.key == "center" }
        #expect { try ContainerPlacement.center("a,b") } throws: { ($0 as? SettingError)?.key == "center" }
        var p = WaveParameters()
        p.placement.radius = CanvasLength(0)
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "radius" }
    }

    // MARK: Levels per wave

    /// Still surfaces (amplitude 0) at a fixed progress: each wave with a level rests at it, the
    /// others at the scene's.
    @Test func eachWaveRestsAtItsLevel() throws {
        var waves = WaveSpec.stack(3, back: WaveParameters().backWave, front: WaveParameters().frontWave)
        try WaveSpec.apply("1:level=0.8", to: &waves)
        try WaveSpec.apply("3:level=0.2", to: &waves)
        let scene = try outlineScene(try ContainerOutline(shape: .rect)) { $0.waves = waves; $0.amplitude = 0; $0.progress = 0.5 }
        scene.update(frame: 0)
        for (j, level) in [(0, 0.8), (1, 0.5), (2, 0.2)] {
            #expect(abs(scene.waves[j][60] - scene.top(progress: level)) < 1e-9, "wave \(j + 1)")
        }
        // A transition from 0 to 0.5 moves each in proportion: half way there, half its level.
        let moving = try outlineScene(try ContainerOutline(shape: .rect)) {
            $0.waves = waves; $0.amplitude = 0; $0.progressTo = 0.5; $0.transition = 1; $0.easing = "linear"
        }
        moving.update(frame: 30)   // 0.5 s of 1 s at 60 fps
        #expect(abs(moving.state.progress - 0.25) < 1e-9)
        #expect(abs(moving.waves[0][60] - moving.top(progress: 0.4)) < 1e-9)
        #expect(abs(moving.waves[2][60] - moving.top(progress: 0.1)) < 1e-9)
        moving.update(frame: 120)
        #expect(abs(moving.waves[0][60] - moving.top(progress: 0.8)) < 1e-9)
        #expect { try WaveSpec.apply("1:level=1.5", to: &waves) } throws: { ($0 as? SettingError)?.key == "wave" }
    }

    @Test func levelsRenderAlikeInBothRenderers() throws {
        var waves = WaveSpec.stack(3, back: WaveParameters().backWave, front: WaveParameters().frontWave)
        try WaveSpec.apply("1:level=0.9", to: &waves)
        try WaveSpec.apply("2:level=0.3,color=#2050E0C0", to: &waves)
        for motion in 0 ..< 3 {
            let ind = try Self.indicator(.outline(try ContainerOutline(shape: .circle))) {
                $0.waves = waves; $0.amplitude = 6
                if motion == 1 { $0.progressAt = "0:0.7,100:0.2"; $0.transition = 1 }
                if motion == 2 { $0.fillMapping = .area; $0.progress = 0.6 }
            }
            Self.expectFastMatchesLayers(ind, "levels, motion \(motion)", frames: [0, 40, 130, 299])
        }
    }

    // MARK: Labels

    static let labelCases: [(String, @Sendable (inout WaveParameters) -> Void)] = [
        ("top, outlined", { $0.label = "{p}%"; $0.labelPosition = .top; $0.labelOutlineWidth = 2.5; $0.labelOutlineColor = Color(r: 10, g: 30, b: 20, a: 200) }),
        ("left, alphabetic, offset", { $0.label = "{v:.1}"; $0.valueRange = ValueRange(min: -20, max: 80); $0.labelPosition = .left
            $0.labelBaseline = .alphabetic; $0.labelOffsetX = 3; $0.labelOffsetY = -4 }),
        ("below and above", { $0.label = "{p}"; $0.labelSize = 14; $0.labelPosition = .below
            $0.extraLabels = ["position=above,size=12,color=#802020,inside-color=#FFFF00,text=Tank, {v} l"] }),
        ("two lines, right, shrunk", { $0.label = "level\n{p:.1} %"; $0.labelSize = 60; $0.labelFit = .shrink; $0.labelAlign = .right
            $0.labelPosition = .right }),
        ("three labels", { $0.label = "{p}%"; $0.labelSize = 30
            $0.extraLabels = ["position=top,size=11,outline-width=1.5,outline-color=#000000,text=TOP", "position=bottom,size=11,align=left,text=low"] }),
    ]

    @Test func labelsRenderAlikeInBothRenderers() throws {
        for (name, edit) in Self.labelCases {
            let ind = try Self.indicator(.outline(try ContainerOutline(shape: .circle))) { $0.amplitude = 6; edit(&$0) }
            Self.expectFastMatchesLayers(ind, name)
        }
    }

    @Test func changedRowsFramesEqualFullFramesWithLabels() throws {
        for (_, edit) in Self.labelCases {
            let ind = try Self.indicator(.outline(try ContainerOutline(shape: .circle))) { edit(&$0) }
            let full = try Self.indicator(.outline(try ContainerOutline(shape: .circle))) { edit(&$0) }
            _ = checkChangedRows(ind, against: full, frames: 60, still: false)
        }
    }

    /// The label's ink box sits where its position, anchors and offset say.
    @Test func labelsArePlacedByTheirPosition() throws {
        let scene = try outlineScene(try ContainerOutline(shape: .rect)) { $0.progress = 0.5 }
        let box = scene.layout.inkBox
        let inset = 0.05 * min(box.width, box.height)
        func bounds(_ edit: (inout LabelStyle) -> Void) throws -> Rect {
            var s = LabelStyle(format: "Hg 42", size: 12, color: .black, insideColor: .black)
            edit(&s)
            let l = try WaveLabel(scene: scene, style: s)
            try l.prepare(progress: 0.5)
            return try #require(ContainerLayout.curveBounds(try l.shownPath()))
        }
        let top = try bounds { $0.position = .top }
        #expect(abs(top.minY - (box.minY + inset)) < 0.02 && abs((top.minX + top.maxX) / 2 - ((box.minX + box.maxX) / 2)) < 0.02, "\(top)")
        let below = try bounds { $0.position = .below }
        #expect(below.minY > box.maxY && below.minY - box.maxY < 4, "\(below)")
        let above = try bounds { $0.position = .above }
        #expect(above.maxY < box.minY, "\(above)")
        let left = try bounds { $0.position = .left; $0.offsetX = 2; $0.offsetY = 1 }
        #expect(abs(left.minX - (box.minX + inset + 2)) < 0.02 && abs((left.minY + left.maxY) / 2 - ((box.minY + box.maxY) / 2) - 1) < 0.02, "\(left)")
        let right = try bounds { $0.position = .right }
        #expect(abs(right.maxX - (box.maxX - inset)) < 0.02, "\(right)")
        // Shrink: a label far wider than the container fits inside it.
        let big = try bounds { $0.size = 200; $0.fit = .shrink }
        #expect(big.width <= box.width - 2 * inset + 1e-6 && big.minX >= box.minX, "\(big)")
        let unshrunk = try bounds { $0.size = 200 }
        #expect(unshrunk.width > box.width)
        // Two lines are higher than one.
        let two = try bounds { $0.format = "Hg\n42" }
        #expect(two.height > 1.5 * top.height)
    }

    @Test func labelFormatsShowTheValue() throws {
        let r = ValueRange(min: -40, max: 60)
        #expect(try LabelFormat("{v} C", valueRange: r).text(progress: 0.5) == "10 C")
        #expect(try LabelFormat("{v:.2}/{p}%", valueRange: r).text(progress: 0.25) == "-15.00/25%")
        #expect(try LabelFormat("{v}").text(progress: 0.426) == "43")
        // Equal keys, equal texts, with mixed decimals too.
        let f = try LabelFormat("{v:.1} {v:.3}", valueRange: r)
        for (a, b) in [(0.1234, 0.12341), (0.5, 0.5000001), (0.44999, 0.45001)] where f.key(progress: a) == f.key(progress: b) {
            #expect(f.text(progress: a) == f.text(progress: b))
        }
        #expect { try ValueRange("5:5") } throws: { ($0 as? SettingError)?.key == "value-range" }
        #expect { try ValueRange("9:1") } throws: { ($0 as? SettingError)?.key == "value-range" }
        #expect { try ValueRange("1-9") } throws: { ($0 as? SettingError)?.key == "value-range" }
        #expect { try LabelFormat("{w}") } throws: { ($0 as? SettingError)?.key == "label" }
        var p = WaveParameters()
        p.extraLabels = ["position=middle,text=x"]
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "extra-label" }
        p.extraLabels = ["size=12"]
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "extra-label" }
        p.extraLabels = ["text={p"]
        #expect { try p.validate() } throws: { ($0 as? SettingError)?.key == "extra-label" }
    }

    /// The wave's vector writers refuse what they cannot draw, naming the flag: a placed label in
    /// Lottie and in a still SVG alike.
    @Test func vectorWritersRefuseWhatTheyCannotHold() throws {
        let circle = ContainerSource.outline(try ContainerOutline(shape: .circle))
        let placed = try Self.indicator(circle) { $0.label = "{p}"; $0.labelPosition = .top }
        #expect { try placed.lottieDocument(start: 0, frames: 5, masks: .matte) } throws: { ($0 as? SettingError)?.key == "label-position" }
        #expect { try placed.svgDocument(frame: 3) } throws: { ($0 as? SettingError)?.key == "label-position" }
        let more = try Self.indicator(circle) { $0.label = "{p}"; $0.extraLabels = ["text=x"] }
        #expect { try more.svgDocument(frame: 0) } throws: { ($0 as? SettingError)?.key == "extra-label" }
        let outlined = try Self.indicator(circle) { $0.label = "{p}"; $0.labelOutlineWidth = 2 }
        #expect { try outlined.lottieDocument(start: 0, frames: 5, masks: .matte) } throws: { ($0 as? SettingError)?.key == "label-outline-width" }
        var waves = WaveSpec.stack(2, back: WaveParameters().backWave, front: WaveParameters().frontWave)
        try WaveSpec.apply("1:level=0.3", to: &waves)
        let levels = try Self.indicator(circle) { $0.waves = waves }
        #expect { try levels.lottieDocument(start: 0, frames: 5, masks: .matte) } throws: { ($0 as? SettingError)?.key == "wave" }
        #expect { try levels.svgDocument(frame: 3) } throws: { ($0 as? SettingError)?.key == "wave" }
        // Placement and the new shapes go to Lottie as they are.
        let arrow = try Self.indicator(.outline(try ContainerOutline(shape: .arrow, direction: .right))) { $0.placement.radius = CanvasLength(30) }
        #expect(try arrow.lottieDocument(start: 0, frames: 5, masks: .matte).contains("\"layers\""))
    }
}

/// The new shapes, placed by `--center`, `--radius` and `--fit`, exported to Lottie and played by
/// rlottie and ThorVG against our renderer.
@Suite(.serialized) struct GaugeShapePlayerTests {
    static func scenes() throws -> [(String, WaveScene)] {
        [("arrow right, centred at 35 %", try outlineScene(try ContainerOutline(shape: .arrow, direction: .right)) {
            $0.placement.centerX = CanvasLength(35, percent: true); $0.placement.radius = CanvasLength(30)
         }),
         ("diamond, fill", try outlineScene(try ContainerOutline(shape: .diamond)) { $0.placement.fit = .fill }),
         ("pin", try outlineScene(try ContainerOutline(shape: .pin)))]
    }

    @Test(arguments: LottiePlayerTests.players)
    func placedShapesPlayAsWeRenderThem(_ player: String) throws {
        for (name, scene) in try Self.scenes() {
            for db in try LottiePlayerTests.psnrs(scene, frames: nil, at: [0, 225, 450], player: player) {
                print("Lottie \(player) \(name): PSNR \(String(format: "%.1f", db)) dB")
                #expect(db >= 35, "\(player) \(name): \(db) dB")
            }
        }
    }
}
