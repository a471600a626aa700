/// The live state of a scene being watched and tuned (the window's knobs), without any UI.
///
/// Holds the parameters as a person has tuned them (at the window's logical size; the command line
/// `c` prints them), whether the animation is paused, and the frame and animation time being shown.
/// Frames advance one per tick while playing and stop while paused (the display link keeps ticking);
/// frame-based stepping shows frame `frame`, time-based stepping samples at `time`, the sum of the
/// unpaused tick intervals. Phase and progress are still computed from those by `WaveScene`, so a
/// change of phase step shows frame n at the new step, exactly as `render --frame n` would.
public struct WaveTuner: Sendable {
    /// One change a person can make.
    public enum Action: Equatable, Sendable {
        /// Pause or resume the animation.
        case togglePause
        /// Amplitude up (+1) or down (-1) to the next whole pixel.
        case amplitude(Int)
        /// Phase step +-1 degree per frame (time-based: +-fps degrees per second).
        case phaseStep(Int)
        /// Frequency +-0.05.
        case frequency(Int)
        /// A fixed progress in 0...1, or nil for the repeating rise.
        case progress(Double?)
        /// Move the level from `from` (the progress shown at `frame`) to `to`, eased over the
        /// parameters' transition, starting at `frame`.
        case animate(from: Double, to: Double, frame: Int)
        /// Reduced motion on or off.
        case toggleReducedMotion
        /// Switch between frame-based and time-based stepping.
        case toggleTimeBased
        /// Back to frame 0, time 0.
        case restart
        /// Show or hide the help overlay.
        case toggleHelp
        /// Show or hide the stats overlay.
        case toggleStats
    }

    /// What an action did: the line to print, and whether the scene must be rebuilt.
    public struct Change: Equatable, Sendable {
        /// One line for stdout.
        public var line: String
        /// True when `parameters` changed (rebuild the scene; the layout is unchanged).
        public var parametersChanged: Bool
    }

    /// The parameters as tuned, at the window's logical size.
    public private(set) var parameters: WaveParameters
    /// True while paused.
    public private(set) var isPaused = false
    /// The frame index shown (frame-based stepping).
    public private(set) var frame = 0
    /// The animation time shown in seconds (time-based stepping).
    public private(set) var time = 0.0
    /// True while the help overlay is shown.
    public private(set) var showsHelp = false
    /// True while the stats overlay is shown.
    public private(set) var showsStats = false

    /// The level the last `animate` moves to, until another change of the level.
    public private(set) var animatedTarget: Double?

    private var ticked = false
    private var timeBasedSettings: (phaseSpeed: Double?, riseDuration: Double?)

    /// Starts at frame 0 with `parameters` (validated by the caller).
    public init(parameters: WaveParameters) {
        self.parameters = parameters
        timeBasedSettings = (parameters.phaseSpeed, parameters.riseDuration)
    }

    /// One display-link tick `interval` seconds after the previous one: the next frame unless paused.
    /// The first tick shows frame 0.
    public mutating func tick(interval: Double) {
        if ticked && !isPaused {
            frame += 1
            time += interval
        }
        ticked = true
    }

    /// The (index, timestamp) to give `WaveScene.update`.
    public var sceneTime: (index: Int, timestamp: Double) { (frame, time) }

    /// The window was resized to `width` x `height` logical points.
    public mutating func resize(width: Int, height: Int) {
        parameters.width = width
        parameters.height = height
    }

    /// Applies `action`. `amplitude` is the amplitude in effect (the derived default until set).
    public mutating func apply(_ action: Action, amplitude: Double) -> Change {
        var p = parameters
        let line: String
        switch action {
        case .togglePause:
            isPaused.toggle()
            return Change(line: (isPaused ? "paused" : "resumed") + " at frame \(frame)", parametersChanged: false)
        case .amplitude(let d):
            let a = d > 0 ? (amplitude + 1e-9).rounded(.down) + Double(d) : (amplitude - 1e-9).rounded(.up) + Double(d)
            p.amplitude = max(0, a)
            line = "amplitude \(Self.format(p.amplitude ?? 0)) px"
        case .phaseStep(let d):
            if p.isTimeBased {
                p.phaseSpeed = p.effectivePhaseSpeed + Double(d) * p.fps
                line = "phase speed \(Self.format(p.phaseSpeed ?? 0)) deg/s"
            } else {
                p.phaseStep += Double(d)
                line = "phase step \(Self.format(p.phaseStep)) deg/frame"
            }
        case .frequency(let d):
            p.frequency = max(0, ((p.frequency + 0.05 * Double(d)) * 100).rounded() / 100)
            line = "frequency \(Self.format(p.frequency))"
        case .progress(let value):
            p.progress = value.map { min(max(($0 * 1000).rounded() / 1000, 0), 1) }
            p.progressTo = nil
            p.progressAt = nil
            line = p.progress.map { "progress \(Self.format($0)) (fixed)" } ?? "progress: repeating rise"
        case .animate(let from, let to, let frame):
            let target = min(max((to * 1000).rounded() / 1000, 0), 1)
            p.progress = min(max(from, 0), 1)
            p.progressTo = nil
            p.progressAt = ProgressStep.text([ProgressStep(frame: Double(max(frame, 0)), target: target)])
            line = "progress to \(Self.format(target)) over \(Self.format(p.transition)) s (\(p.easing))"
        case .toggleReducedMotion:
            p.reducedMotion.toggle()
            line = "reduced motion " + (p.reducedMotion ? "on: phase and rise 4x slower, amplitude halved" : "off")
        case .toggleTimeBased:
            if p.isTimeBased {
                timeBasedSettings = (p.phaseSpeed, p.riseDuration)
                p.phaseSpeed = nil
                p.riseDuration = nil
                line = "frame-based stepping: \(Self.format(p.phaseStep)) deg/frame, rise \(p.riseFrames) frames"
            } else {
                p.phaseSpeed = timeBasedSettings.phaseSpeed ?? p.phaseStep * p.fps
                p.riseDuration = timeBasedSettings.riseDuration ?? Double(p.riseFrames) / p.fps
                line = "time-based stepping: \(Self.format(p.effectivePhaseSpeed)) deg/s, rise \(Self.format(p.effectiveRiseDuration)) s"
            }
        case .restart:
            frame = 0
            time = 0
            return Change(line: "restarted at frame 0", parametersChanged: false)
        case .toggleHelp:
            showsHelp.toggle()
            return Change(line: "help overlay " + (showsHelp ? "on" : "off"), parametersChanged: false)
        case .toggleStats:
            showsStats.toggle()
            return Change(line: "stats overlay " + (showsStats ? "on" : "off"), parametersChanged: false)
        }
        guard (try? p.validate()) != nil else {
            return Change(line: "unchanged: \(line) is out of range", parametersChanged: false)
        }
        let changed = p != parameters
        parameters = p
        switch action {
        case .animate(_, let to, _): animatedTarget = min(max((to * 1000).rounded() / 1000, 0), 1)
        case .progress: animatedTarget = nil
        default: break
        }
        return Change(line: line, parametersChanged: changed)
    }

    /// A number as the command line writes it: whole numbers without a fraction.
    public static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
