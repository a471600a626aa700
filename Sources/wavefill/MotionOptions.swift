import WaveFill
import WaveFillApp
import ArgumentParser

/// The wave's animated progress, fill mapping, reduced-motion, wave-stack and water-gradient flags.
struct MotionOptions: ParsableArguments {
    @Option(name: .customLong("progress-to"), parsing: .unconditional, help: ArgumentHelp("Animate the level from --progress (or 0) to P, 0 ... 1, starting at frame 0, over --transition seconds. (default: none)", valueName: "P"))
    var progressTo: Double?

    @Option(name: .customLong("progress-at"), help: ArgumentHelp("A schedule FRAME:P,FRAME:P,...: from each frame the level moves from the value shown then to P (0 ... 1), down as well as up; frames increasing in 0 ... 999999999. (default: none)", valueName: "schedule"))
    var progressAt: String?

    @Option(name: .customLong("transition"), parsing: .unconditional, help: ArgumentHelp("Seconds each progress transition takes, 0 ... 3600 (0 jumps). (default: 1)", valueName: "s"))
    var transition: Double?

    @Option(name: .customLong("easing"), help: ArgumentHelp("The transitions' easing: linear, ease-in, ease-out, ease-in-out or cubic-bezier(a,b,c,d) with a and c in 0 ... 1, b and d in -10 ... 10. (default: ease-in-out)", valueName: "curve"))
    var easing: String?

    @Option(name: .customLong("fill-mapping"), help: ArgumentHelp("How progress sets the still surface: height (p of the ink height) or area (p of the container's area below it, for irregular shapes). (default: height)", valueName: "height|area"))
    var fillMapping: String?

    @Flag(name: .customLong("reduced-motion"), help: "Reduced motion: phase and rise 4x slower, amplitude halved, never frozen.")
    var reducedMotion = false

    @Option(name: .customLong("waves"), parsing: .unconditional, help: ArgumentHelp("Draw a stack of N waves, 1 ... 8, back to front instead of the back/front pair: colours from --back-wave to --front-wave, phase offsets 90 degrees apart (2 is the classic pair). (default: the pair)", valueName: "N"))
    var waves: Int?

    @Option(name: .customLong("wave"), help: ArgumentHelp("Edit wave K of the stack (1 the back one), repeatable: K:key=value,... with color, amplitude (px), frequency, phase (deg offset, -360 ... 360), speed (x the phase speed, 0 ... 16) and direction (left or right).", valueName: "K:key=value,..."))
    var wave: [String] = []

    @Option(name: .customLong("water-gradient"), help: ArgumentHelp("Colour of the water at the container's bottom: each wave's colour runs down the ink box from its own to this one (its alpha kept). (default: none)", valueName: "colour"))
    var waterGradient: String?

    /// The flags given, into `s`.
    func put(into s: inout SceneSettings) {
        if let progressTo { s.set(.progressTo, .number(progressTo)) }
        if let progressAt { s.set(.progressAt, .string(progressAt)) }
        if let transition { s.set(.transition, .number(transition)) }
        if let easing { s.set(.easing, .string(easing)) }
        if let fillMapping { s.set(.fillMapping, .string(fillMapping)) }
        if reducedMotion { s.set(.reducedMotion, .bool(true)) }
        if let waves { s.set(.waves, .number(Double(waves))) }
        if !wave.isEmpty { s.set(.wave, .strings(wave)) }
        if let waterGradient { s.set(.waterGradient, .string(waterGradient)) }
    }
}
