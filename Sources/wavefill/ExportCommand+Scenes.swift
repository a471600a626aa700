import WaveFill

extension ExportCommand {
    /// Exports a layer scene (`--scene` other than wave): frame n is `render(frame: n, fps:)`, the
    /// same image `wavefill render --scene` writes, encoded as the wave's frames are. Lottie and SVG
    /// describe the wave fill only and are refused for other scenes.
    func exportLayerScene(_ s: any Scene, kind: SceneKind, fps: Double, format: ExportFormat) throws {
        if format.vector != nil {
            throw ParameterError("--format", "\(format.rawValue) is not supported for --scene \(kind.rawValue) (Lottie and SVG export the wave scene only); choose gif, apng, mp4, webm, png or spritesheet")
        }
        let background = try scene.parameters().background
        if format == .png {
            let k = frame ?? 0
            try checkWritable(out)
            try OutputPaths.prepareParent(of: out)
            try scene.saveRequestedPreset()
            let pixmap = s.render(frame: k)
            do { try PNGFile.write(pixmap, to: out) } catch { throw CLIError("\(error)") }
            print("wrote \(out) (png, --scene \(kind.rawValue), frame \(k), \(pixmap.width)x\(pixmap.height), \(Self.byteCount(fileSize(out))))")
            return
        }
        let length = try sceneLength(s, kind: kind, fps: fps)
        try encode(format, width: s.width, height: s.height, fps: fps, background: background,
                   first: length.first, count: length.count, note: "--scene \(kind.rawValue)" + (length.note.map { ", " + $0 } ?? ""),
                   loop: length.loops) { i in
            s.render(frame: i)
        }
    }

    /// The frames a layer scene's export holds: `--frames N`, `--duration S`, or (`--loop`, the
    /// default) the scene's own length: the marquee's scroll period and the morph's cycle
    /// (texts x interval) when they are whole numbers of frames, the stroke's and the spread's whole
    /// animation (through the frame showing its end), one frame for a scene that does not move.
    func sceneLength(_ s: any Scene, kind: SceneKind, fps: Double) throws -> (first: Int, count: Int, loops: Bool, note: String?) {
        let first = start ?? 0
        let animation = s.timeline
        if let frames {
            return (first, frames, animation.loop.map { $0.frames == frames && first >= $0.start } ?? false, nil)
        }
        if let duration {
            let n = (duration * fps).rounded()
            guard n >= 1, n <= Double(Self.maxFrames) else {
                throw ParameterError("--duration", "\(JSONText.number(duration)) s at \(JSONText.number(fps)) fps is \(JSONText.number(n)) frames, outside 1 ... \(Self.maxFrames)")
            }
            return (first, Int(n), animation.loop.map { $0.frames == Int(n) && first >= $0.start } ?? false, nil)
        }
        switch animation {
        case .still:
            return (first, 1, true, "a still scene: one frame")
        case .once(let n):
            guard n <= Self.maxFrames else { throw ParameterError("--loop", "the animation lasts \(n) frames, over \(Self.maxFrames); give --frames N or --duration S") }
            return (first, n, false, "the whole animation")
        case .periodic(let n, let seconds, let loopStart):
            guard let n else {
                let f = seconds * fps
                let why = f > Double(Self.maxFrames) ? "over \(Self.maxFrames)" : "not a whole number"
                let fix = kind == .marquee ? "--scroll-duration (plus --delay) or --fps that makes it whole" : "--interval or --fps that makes it whole"
                throw ParameterError("--loop", "the \(kind.rawValue) scene repeats every \(JSONText.number(seconds)) s = \(JSONText.number(f)) frames at \(JSONText.number(fps)) fps, \(why); give --frames N or --duration S, or a \(fix)")
            }
            // The morph's first interval shows the first text at rest; the cycle of changes starts at the first change.
            let k = start ?? loopStart
            return (k, n, k >= loopStart, k >= loopStart ? "loops seamlessly" : "starts before the loop, so it does not repeat seamlessly")
        }
    }
}
