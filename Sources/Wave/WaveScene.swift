import CRowKernels
import SceneKit
import Geometry
import Raster
import Text

/// What one tick shows: SCENE.md's `phi(n)` and `p(n)`.
public struct WaveFrameState: Sendable, Equatable {
    /// Tick index n.
    public var index: Int
    /// Tick timestamp in seconds (n / fps headless).
    public var timestamp: Double
    /// Phase in degrees, in [0, 360).
    public var phaseDegrees: Double
    /// Rise progress in [0, 1].
    public var progress: Double
}

/// The wave-fill scene for one parameter set: container layout plus the per-tick waves.
///
/// `update(index:timestamp:)` is the display-link callback of the original: it computes the phase and
/// progress from the tick (never accumulated, so it cannot drift) and regenerates both wave sample
/// rows into buffers owned here (no allocation per tick).
public final class WaveScene: @unchecked Sendable {
    /// The parameters the scene runs at, validated: those given, with reduced motion applied
    /// (`WaveParameters.motionApplied`).
    public let parameters: WaveParameters
    /// True when the parameters given asked for reduced motion.
    public let reducedMotion: Bool
    /// The progress transitions (`--progress-to`, `--progress-at`); nil: a fixed or repeating level.
    public let transitions: ProgressTransitions?
    // With area mapping: the container's covered area below the top edge of each canvas row (H + 1
    // values, non-increasing); empty with height mapping.
    private let areaBelow: [Double]
    // With area mapping of an outline: the exact area below any height.
    private let areaProfile: AreaProfile?
    // With area mapping of a mask image: the exact area below any height.
    private let maskProfile: MaskAreaProfile?
    // With area mapping: the rows holding coverage.
    private let areaRows: Range<Int>
    /// The container.
    public let layout: ContainerLayout
    /// Amplitude `A` in px.
    public let amplitude: Double
    /// Frequency `f`.
    public let frequency: Double
    /// Wave width `w` in px.
    public let waveWidth: Double
    /// The current tick's state.
    public private(set) var state: WaveFrameState
    /// Each wave's samples `y(x)` for x = 0 ... W (W + 1 values), back to front: the classic pair
    /// `[yc, ys]`, or the stack's waves (`WaveParameters.waves`).
    public private(set) var waves: [[Double]]
    /// The front wave's samples (the last wave's): `ys(x)` for the classic pair.
    public var front: [Double] { waves[waves.count - 1] }
    /// The back wave's samples (the first wave's): `yc(x)` for the classic pair.
    public var back: [Double] { waves[0] }
    /// The stack's waves in effect (nil for the classic pair), with their amplitudes resolved.
    public let stack: [WaveSpec]?
    /// Per stack wave with a level of its own (`WaveSpec.level`), the factor its progress is the
    /// scene's progress times; nil for a wave at the scene's level.
    private let levelFactors: [Double?]
    /// True when some wave of the stack has a level of its own.
    public var hasWaveLevels: Bool { levelFactors.contains { $0 != nil } }

    // sin/cos of 2 pi f x'/w per sample: a phase shift is then a rotation, two FMAs per sample.
    private let sinKX: [Double]
    private let cosKX: [Double]
    // The same per stack wave (its own frequency).
    private let stackSin: [[Double]], stackCos: [[Double]]

    /// Builds the scene; throws a `SettingError` for parameters out of range.
    public init(parameters asked: WaveParameters, layout: ContainerLayout) throws {
        try asked.validate()
        var given = asked
        // An amplitude given as a share of the ink height, in pixels for this layout.
        if given.amplitude == nil, let pct = given.amplitudePercent {
            given.amplitude = min(pct / 100 * layout.inkH, WaveParameters.amplitudeRange.upperBound)
        }
        let parameters = given.motionApplied(derivedAmplitude: 0.15 * layout.inkH)
        self.parameters = parameters
        reducedMotion = given.reducedMotion
        self.layout = layout
        amplitude = parameters.amplitude ?? 0.15 * layout.inkH
        let schedule = try parameters.progressSchedule()
        transitions = schedule.isEmpty ? nil
            : ProgressTransitions(start: parameters.progress ?? 0, steps: schedule, duration: parameters.transition,
                                  easing: try Easing(parameters.easing).function, fps: parameters.fps)
        // The area below a height is exact: an outline's by `AreaProfile`, a mask image's by `MaskAreaProfile`.
        let profile = parameters.fillMapping == .area && !layout.path.isEmpty
            ? AreaProfile(path: layout.path, rule: layout.fillRule, height: layout.height) : nil
        areaProfile = profile
        maskProfile = parameters.fillMapping == .area ? layout.maskPlacement.map {
            MaskAreaProfile(rowWidths: $0.rowWidths, scaleY: $0.scaleY, originY: $0.originY, height: layout.height)
        } : nil
        let below = parameters.fillMapping == .area ? profile?.below ?? Self.areaBelowRows(layout.coverage) : []
        let total = below.first ?? 0
        let first = below.firstIndex { $0 < total } ?? 1
        let last = below.firstIndex { $0 == 0 } ?? below.count
        areaBelow = below
        areaRows = max(first - 1, 0) ..< max(last, first)
        frequency = parameters.frequency
        waveWidth = parameters.waveWidth ?? layout.inkW
        guard waveWidth > 0, waveWidth.isFinite else {
            throw SettingError("wave-width", "the wave width is 0 (the container has no ink width); give --wave-width")
        }
        let w = parameters.width
        let k = 2 * Double.pi * frequency / waveWidth
        let inkMinX = layout.inkBox.minX
        var s = [Double](repeating: 0, count: w + 1), c = s
        for x in 0 ... w {
            let kx = k * (Double(x) - inkMinX)
            s[x] = Double.sine(kx); c[x] = Double.cosine(kx)
        }
        sinKX = s; cosKX = c
        let specs = parameters.waves.map { list in list.map { spec in
            var spec = spec
            spec.amplitude = spec.amplitude ?? (parameters.amplitude ?? 0.15 * layout.inkH)
            spec.frequency = spec.frequency ?? parameters.frequency
            return spec
        } }
        stack = specs
        // A wave's level is where it rests when the scene's level rests at its reference: the fixed
        // progress, the last transition's target, the highest target of a schedule, or the top of the
        // repeating rise; on the way it moves in proportion to the scene's level.
        let reference: Double
        if let last = schedule.last {
            reference = parameters.progressAt == nil ? last.target : max(schedule.map(\.target).max() ?? 0, parameters.progress ?? 0)
        } else {
            reference = parameters.progress ?? 1
        }
        levelFactors = (specs ?? []).map { spec in spec.level.map { reference > 0 ? $0 / reference : .infinity } }
        var ss: [[Double]] = [], cs: [[Double]] = []
        for spec in specs ?? [] {
            let kj = 2 * Double.pi * (spec.frequency ?? 0) / waveWidth
            var sj = [Double](repeating: 0, count: w + 1), cj = sj
            for x in 0 ... w {
                let kx = kj * (Double(x) - inkMinX)
                sj[x] = Double.sine(kx); cj[x] = Double.cosine(kx)
            }
            ss.append(sj); cs.append(cj)
        }
        stackSin = ss; stackCos = cs
        waves = Array(repeating: [Double](repeating: 0, count: w + 1), count: specs?.count ?? 2)
        state = WaveFrameState(index: 0, timestamp: 0, phaseDegrees: 0, progress: 0)
        update(index: 0, timestamp: 0)
    }

    /// Convenience: lays out the text (or mask image) and builds the scene.
    public convenience init(parameters: WaveParameters, face: FontFace? = nil, maskImage: MaskImage? = nil) throws {
        try parameters.validate()
        let layout: ContainerLayout
        if let maskImage {
            layout = try ContainerLayout(mask: maskImage, width: parameters.width, height: parameters.height)
        } else {
            guard let path = parameters.fontPath ?? WaveParameters.defaultFontPath else {
                throw SettingError("font", FontLocator.installHint)
            }
            let f = try face ?? FontFace(path: path)
            let shaper = try TextShaper(text: parameters.text, face: f)
            layout = try ContainerLayout(text: shaper, width: parameters.width, height: parameters.height,
                                         fontSize: parameters.fontSize)
        }
        try self.init(parameters: parameters, layout: layout)
    }

    /// `phi` in degrees for tick `index` at `timestamp`, in [0, 360).
    public func phaseDegrees(index: Int, timestamp: Double) -> Double {
        let raw = parameters.isTimeBased ? parameters.effectivePhaseSpeed * timestamp : Double(index) * parameters.phaseStep
        var p = raw.truncatingRemainder(dividingBy: 360)
        if p < 0 { p += 360 }
        return p >= 360 ? 0 : p
    }

    /// `p` for tick `index` at `timestamp`, in [0, 1].
    public func progress(index: Int, timestamp: Double) -> Double {
        if let transitions {
            return transitions.value(at: parameters.isTimeBased ? timestamp : Double(index) / parameters.fps)
        }
        if let p = parameters.progress { return p }
        if parameters.isTimeBased {
            let d = parameters.effectiveRiseDuration
            var t = timestamp.truncatingRemainder(dividingBy: d)
            if t < 0 { t += d }
            return t / d
        }
        let r = parameters.riseFrames
        var m = index % r
        if m < 0 { m += r }
        return Double(m) / Double(r)
    }

    /// `top(p) = inkMaxY - u(p) (inkH + 2A)`, with `u = level(progress:)`.
    public func top(progress p: Double) -> Double {
        layout.inkBox.maxY - level(progress: p) * (layout.inkH + 2 * amplitude)
    }

    /// The fraction `u` of the rise progress `p` shows: `p` with height mapping; with area mapping the
    /// `u` whose still surface `inkMaxY - u inkH` has `p` of the container's area below it: exact
    /// for an outline (text, shape, path, SVG; `AreaProfile`) and for a mask image (its rows as placed,
    /// `MaskAreaProfile`); 0 and 1 put the surface at the bottom and top
    /// edges of the covered rows, which can be a fraction of a pixel outside 0 ... 1.
    public func level(progress p: Double) -> Double {
        guard !areaBelow.isEmpty, let total = areaBelow.first, total > 0, layout.inkH > 0 else { return p }
        // Empty and full are the covered rows' outer edges, so that no pixel shows a sliver of water
        // at 0 and none a sliver of container at 1.
        if p <= 0 { return (layout.inkBox.maxY - Double(areaRows.upperBound)) / layout.inkH }
        if p >= 1 { return (layout.inkBox.maxY - Double(areaRows.lowerBound)) / layout.inkH }
        let target = p * total
        if let areaProfile { return (layout.inkBox.maxY - areaProfile.height(below: target)) / layout.inkH }
        if let maskProfile, maskProfile.total > 0 {
            return (layout.inkBox.maxY - maskProfile.height(below: p * maskProfile.total)) / layout.inkH
        }
        // The row j whose span holds the surface: areaBelow[j] >= target >= areaBelow[j + 1].
        var lo = 0, hi = areaBelow.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if areaBelow[mid] >= target { lo = mid } else { hi = mid - 1 }
        }
        let j = lo
        let row = areaBelow[j] - areaBelow[j + 1]
        let y = row > 0 ? Double(j + 1) - (target - areaBelow[j + 1]) / row : Double(j + 1)
        return (layout.inkBox.maxY - y) / layout.inkH
    }

    /// The area below each row's top edge, from the bottom up.
    static func areaBelowRows(_ m: Coverage) -> [Double] {
        var below = [Double](repeating: 0, count: m.height + 1)
        m.values.withUnsafeBufferPointer { v in
            for y in stride(from: m.height - 1, through: 0, by: -1) {
                var row = 0.0
                for x in 0 ..< m.width { row += Double(v[y * m.width + x]) }
                below[y] = below[y + 1] + row
            }
        }
        return below
    }

    /// The display-link callback: state and every wave's sample row for this tick.
    public func update(index: Int, timestamp: Double) {
        let phi = phaseDegrees(index: index, timestamp: timestamp)
        let p = progress(index: index, timestamp: timestamp)
        state = WaveFrameState(index: index, timestamp: timestamp, phaseDegrees: phi, progress: p)
        let a = amplitude, off = top(progress: p) + a
        if let stack {
            for j in stack.indices {
                let off = levelFactors[j] == nil ? off : top(progress: waveProgress(j, progress: p)) + a
                let rad = wavePhaseDegrees(j, index: index, timestamp: timestamp) * (Double.pi / 180)
                let sp = Double.sine(rad), cp = Double.cosine(rad)
                let aj = stack[j].amplitude ?? a
                stackSin[j].withUnsafeBufferPointer { sk in
                    stackCos[j].withUnsafeBufferPointer { ck in
                        waves[j].withUnsafeMutableBufferPointer { y in
                            // sin(k x + q) by the angle-sum identity.
                            for x in 0 ..< y.count { y[x] = aj * (sk[x] * cp + ck[x] * sp) + off }
                        }
                    }
                }
            }
            return
        }
        let rad = phi * (Double.pi / 180)
        let sp = Double.sine(rad), cp = Double.cosine(rad)
        waves.withUnsafeMutableBufferPointer { rows in
            rows[1].withUnsafeMutableBufferPointer { f in
                rows[0].withUnsafeMutableBufferPointer { b in
                    sinKX.withUnsafeBufferPointer { sk in
                        cosKX.withUnsafeBufferPointer { ck in
                            // sin(kx + phi) and cos(kx + phi) by the angle-sum identities, in one C loop.
                            let n = min(min(f.count, b.count), min(sk.count, ck.count))
                            guard let s = sk.baseAddress, let c = ck.baseAddress, let fp = f.baseAddress, let bp = b.baseAddress
                            else { return }
                            wf_wave_samples(s, c, n, cp, sp, a, off, fp, bp)
                        }
                    }
                }
            }
        }
    }

    /// Stack wave `j`'s progress when the scene's is `p`: `p` for a wave at the scene's level, else
    /// its level scaled with the scene's (`WaveSpec.level`), in 0 ... 1.
    public func waveProgress(_ j: Int, progress p: Double) -> Double {
        guard j < levelFactors.count, let k = levelFactors[j], let level = stack?[j].level else { return p }
        guard k.isFinite else { return level }
        return min(max(p * k, 0), 1)
    }

    /// Stack wave `j`'s phase in degrees for tick `index` at `timestamp`, in [0, 360): the scene's
    /// phase, unreduced, times the wave's speed and direction, plus its offset (unless `withOffset`
    /// is false). The scene's phase for the classic pair.
    public func wavePhaseDegrees(_ j: Int, index: Int, timestamp: Double, withOffset: Bool = true) -> Double {
        guard let stack else { return phaseDegrees(index: index, timestamp: timestamp) }
        let w = stack[j]
        let raw = parameters.isTimeBased ? parameters.effectivePhaseSpeed * timestamp : Double(index) * parameters.phaseStep
        var q = (raw * w.speed * w.direction.sign).truncatingRemainder(dividingBy: 360) + (withOffset ? w.phase : 0)
        q = q.truncatingRemainder(dividingBy: 360)
        if q < 0 { q += 360 }
        return q >= 360 ? 0 : q
    }

    /// Headless tick n of the virtual clock: timestamp n / fps.
    public func update(frame n: Int) {
        update(index: n, timestamp: Double(n) / parameters.fps)
    }

    /// `Ybot`: 10 px below both the canvas bottom and the lowest sample of any wave.
    public var yBottom: Double {
        var low = Double(parameters.height)
        for wave in waves { for y in wave where y > low { low = y } }
        return low + 10
    }

    /// The front wave polygon of the current tick: W + 1 samples then (W, Ybot), (0, Ybot).
    public func frontPolygon() -> [Point] { polygon(front) }
    /// The back wave polygon of the current tick.
    public func backPolygon() -> [Point] { polygon(back) }
    /// Every wave's polygon of the current tick, back to front.
    public func wavePolygons() -> [[Point]] { waves.map(polygon) }

    private func polygon(_ ys: [Double]) -> [Point] {
        var pts = ys.enumerated().map { Point(Double($0.offset), $0.element) }
        let yb = yBottom
        pts.append(Point(Double(parameters.width), yb))
        pts.append(Point(0, yb))
        return pts
    }

    /// Ticks after which the animation repeats exactly: the phase period `360 / gcd(360, step)` (for a
    /// whole-degree step) combined with the rise length; nil in time-based mode or a fractional step.
    /// With transitions there is no repeat from frame 0 (see `phasePeriodFrames`).
    public var loopFrames: Int? {
        guard transitions == nil, let phasePeriod = phasePeriodFrames else { return nil }
        if parameters.progress != nil { return phasePeriod }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        let r = parameters.riseFrames
        return phasePeriod / gcd(phasePeriod, r) * r
    }

    /// Ticks after which the phase repeats exactly, `360 / gcd(360, step)` for a whole-degree step;
    /// nil in time-based mode or with a fractional step.
    public var phasePeriodFrames: Int? {
        guard !parameters.isTimeBased else { return nil }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        var period = 1
        // Each wave's step (the stack's speeds multiply it) must be whole degrees.
        for speed in stack?.map({ $0.speed }) ?? [1] {
            let step = parameters.phaseStep * speed
            guard step == step.rounded(), abs(step) < 1e9 else { return nil }
            let s = Int(step)
            let p = s % 360 == 0 ? 1 : 360 / gcd(360, s)
            period = period / gcd(period, p) * p
        }
        return period
    }
}

import Animation

extension WaveScene {
    /// The display-link callback for a clock's tick (a `VirtualClock` headless, vsync in a window).
    public func update(tick: FrameTick) { update(index: tick.index, timestamp: tick.timestamp) }
}
