import SceneKit
import Raster
import Vector

/// Which way a wave's crests travel as the phase advances (with a positive phase step).
public enum WaveDirection: String, Sendable, Codable, CaseIterable {
    /// `sin(k x + phi)`: crests move towards smaller x, as the classic pair's do.
    case left
    /// `sin(k x - phi)`: crests move towards larger x.
    case right

    /// The sign the phase is multiplied by.
    public var sign: Double { self == .left ? 1 : -1 }
}

/// One wave of a stack (`--waves N`, `--wave K:...`), drawn back to front over the container.
///
/// Wave j's surface is `A_j sin(k_j (x - inkMinX) + s_j d_j phi + o_j) + top(p) + A`: its own
/// amplitude `A_j` and wavenumber `k_j = 2 pi f_j / w` around the level every wave shares (`A` the
/// scene's amplitude), its phase the scene's `phi` (unreduced) times its speed `s_j` and direction
/// `d_j` (+1 left, -1 right), plus its offset `o_j`.
public struct WaveSpec: Sendable, Equatable, Codable {
    /// Fill colour (straight RGBA).
    public var color: Color
    /// Amplitude in px (`WaveParameters.amplitudeRange`); nil: the scene's `A`.
    public var amplitude: Double?
    /// Frequency in periods per wave width (`WaveParameters.frequencyRange`); nil: the scene's `f`.
    public var frequency: Double?
    /// Phase offset in degrees, `phaseRange`.
    public var phase: Double
    /// Phase speed as a multiple of the scene's, `speedRange`.
    public var speed: Double
    /// Which way the crests travel.
    public var direction: WaveDirection
    /// The wave's own level in 0 ... 1, moved by the scene's transitions in proportion to the
    /// scene's level (`WaveScene.waveProgress`); nil: the scene's level.
    public var level: Double?
    /// The wave's fill (`fill=`, `WavePaint` text over the ink box) instead of its colour.
    public var fill: String?

    /// Waves a stack may hold.
    public static let countRange: ClosedRange<Int> = 1 ... 8
    /// Phase offsets accepted, degrees.
    public static let phaseRange: ClosedRange<Double> = -360 ... 360
    /// Speed multiples accepted.
    public static let speedRange: ClosedRange<Double> = 0 ... 16

    public init(color: Color, amplitude: Double? = nil, frequency: Double? = nil, phase: Double = 0,
                speed: Double = 1, direction: WaveDirection = .left) {
        self.color = color; self.amplitude = amplitude; self.frequency = frequency
        self.phase = phase; self.speed = speed; self.direction = direction
    }

    /// `n` waves, back to front: colours from `back` to `front` (straight RGBA, evenly spaced),
    /// phase offsets 90 degrees apart ending at 0 in front (reduced to 0 ... 270), the scene's amplitude, frequency and
    /// speed. Two waves are the classic pair: the back one `cos`, the front one `sin`.
    public static func stack(_ n: Int, back: Color, front: Color) -> [WaveSpec] {
        (0 ..< n).map { j in
            let t = n == 1 ? 1 : Double(j) / Double(n - 1)
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
            let c = Color(r: mix(back.r, front.r), g: mix(back.g, front.g), b: mix(back.b, front.b), a: mix(back.a, front.a))
            return WaveSpec(color: c, phase: Double(90 * (n - 1 - j) % 360))
        }
    }

    /// The error for a `--wave` value that cannot be read.
    static func syntaxError(_ text: String, _ why: String) -> SettingError {
        SettingError("wave", "'\(text)': \(why); expected K:key=value,... with K a wave number 1 ... N (1 the back one) and keys color, amplitude, frequency, phase, speed, direction (left or right), fill (a colour, linear(...) or radial(...)), level (0 ... 1)")
    }

    /// Applies `K:key=value,...` (K counting from 1, the back wave) to `waves`.
    public static func apply(_ text: String, to waves: inout [WaveSpec]) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let k = Int(parts[0].trimmingCharacters(in: .whitespaces)) else {
            throw syntaxError(text, "no wave number before ':'")
        }
        guard (1 ... waves.count).contains(k) else {
            throw SettingError("wave", "'\(text)': wave \(k) is outside 1 ... \(waves.count) (--waves \(waves.count))")
        }
        var w = waves[k - 1]
        for field in Self.fields(parts[1]) {
            let kv = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2 else { throw syntaxError(text, "'\(field)' is not key=value") }
            let (key, value) = (kv[0], kv[1])
            func number(_ range: ClosedRange<Double>, _ unit: String) throws -> Double {
                guard let v = Double(value), v.isFinite else { throw SettingError("wave", "'\(text)': \(key) '\(value)' is not a number") }
                guard range.contains(v) else {
                    throw SettingError("wave", "'\(text)': \(key) \(value) is outside \(DecimalText.shortest(range.lowerBound)) ... \(DecimalText.shortest(range.upperBound))\(unit.isEmpty ? "" : " " + unit)")
                }
                return v
            }
            switch key {
            case "color", "colour":
                guard let c = Color(hex: value) else { throw SettingError("wave", "'\(text)': color '\(value)' is not #RRGGBB or #RRGGBBAA") }
                w.color = c
            case "amplitude": w.amplitude = try number(WaveParameters.amplitudeRange, "px")
            case "frequency":
                let f = try number(WaveParameters.frequencyRange, "")
                guard f == 0 || f >= WaveParameters.minFrequency else {
                    throw SettingError("wave", "'\(text)': frequency \(value) is outside 0, or \(WaveParameters.minFrequency) ... \(Int(WaveParameters.frequencyRange.upperBound))")
                }
                w.frequency = f
            case "phase": w.phase = try number(phaseRange, "deg")
            case "speed": w.speed = try number(speedRange, "")
            case "level": w.level = try number(0 ... 1, "")
            case "fill":
                _ = try WavePaint(value, key: "wave")
                w.fill = value
            case "direction":
                guard let d = WaveDirection(rawValue: value) else { throw SettingError("wave", "'\(text)': direction '\(value)' is not left or right") }
                w.direction = d
            default:
                throw syntaxError(text, "unknown key '\(key)'")
            }
        }
        waves[k - 1] = w
    }

    /// The `key=value` fields of `text`, split at commas outside parentheses (a fill's gradient
    /// keeps its own commas).
    static func fields(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for i in text.indices {
            switch text[i] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                if start < i { out.append(text[start ..< i]) }
                start = text.index(after: i)
            default: break
            }
        }
        if start < text.endIndex { out.append(text[start...]) }
        return out
    }

    /// `key=value,...` for the fields that differ from `base` (empty when none do).
    public func changes(from base: WaveSpec) -> String {
        var out: [String] = []
        if color != base.color { out.append("color=" + color.hex) }
        if amplitude != base.amplitude, let a = amplitude { out.append("amplitude=" + DecimalText.shortest(a)) }
        if frequency != base.frequency, let f = frequency { out.append("frequency=" + DecimalText.shortest(f)) }
        if phase != base.phase { out.append("phase=" + DecimalText.shortest(phase)) }
        if speed != base.speed { out.append("speed=" + DecimalText.shortest(speed)) }
        if direction != base.direction { out.append("direction=" + direction.rawValue) }
        if level != base.level, let l = level { out.append("level=" + DecimalText.shortest(l)) }
        if fill != base.fill, let f = fill { out.append("fill=" + f) }
        return out.joined(separator: ",")
    }

    /// Throws naming `wave` when a field is out of range (specs decoded from a preset).
    func validate(_ k: Int) throws {
        func check(_ v: Double?, _ name: String, _ range: ClosedRange<Double>) throws {
            guard let v else { return }
            guard v.isFinite, range.contains(v) else {
                throw SettingError("wave", "wave \(k): \(name) \(DecimalText.shortest(v)) is outside \(DecimalText.shortest(range.lowerBound)) ... \(DecimalText.shortest(range.upperBound))")
            }
        }
        try check(amplitude, "amplitude", WaveParameters.amplitudeRange)
        try check(frequency, "frequency", WaveParameters.frequencyRange)
        if let f = frequency, f != 0, f < WaveParameters.minFrequency {
            throw SettingError("wave", "wave \(k): frequency \(f) is outside 0, or \(WaveParameters.minFrequency) ... \(Int(WaveParameters.frequencyRange.upperBound))")
        }
        try check(phase, "phase", Self.phaseRange)
        try check(speed, "speed", Self.speedRange)
        try check(level, "level", 0 ... 1)
    }
}
