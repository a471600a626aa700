import WaveFill
import SDLHost
#if canImport(Glibc)
import Glibc
#endif

/// One run of the window: wires the display link, input, the tuned scene, the overlay and the window.
///
/// Per tick: scripted input is pushed into SDL's queue, the tuner advances (or not, when paused),
/// events become tuner actions, the scene is laid out again if the drawable's size changed, and the
/// frame is rendered, overlaid, uploaded and presented. Rendering itself is WaveRenderer's and
/// TextOverlay's; nothing here draws.
@MainActor
final class WindowSession {
    struct Settings {
        var frames: Int?
        var screenshot: String?
        var script: InputScript?
        var vsync: Bool
        var maskImage: String?
    }

    private let settings: Settings
    private let source: ContainerSource
    private let window: SDLWindow
    private let clock: VSyncClock
    private var tuner: WaveTuner
    private var layout: ContainerLayout?
    private var scene: WaveScene?
    private var renderer: WaveRenderer?
    private var pixmap = Pixmap(width: 0, height: 0)
    private var renderSize = (width: 0, height: 0)
    private var layoutFailedAt: (width: Int, height: Int)?
    private var scale = 1.0
    private var needsScene = true
    private var overlay: TextOverlay?
    private var statsLines: [String] = []
    private var statsWindow = (start: 0.0, ticks: 0, work: 0.0)
    private var lastTimestamp = 0.0
    private var quitRequested = false
    private var dragging = false
    private var presented = 0
    private var overlaidLastFrame = false
    private var uploadedRows = 0, totalRows = 0

    init(parameters: WaveParameters, source: ContainerSource, settings: Settings) throws {
        self.settings = settings
        self.source = source
        tuner = WaveTuner(parameters: parameters)
        window = try SDLWindow(title: "WaveFill - \(parameters.text)", width: parameters.width,
                               height: parameters.height, vsync: settings.vsync)
        let rate = window.refreshRate ?? parameters.fps
        clock = VSyncClock(rate: rate, alwaysPace: !window.vsyncRequested,
                           notice: { StandardError.line("wavefill: " + $0) })
        if !window.vsyncRequested {
            StandardError.line("wavefill: the renderer presents without vsync\(settings.vsync ? " (not available)" : " (--no-vsync)"); pacing to \(VSyncClock.format(rate)) Hz by the clock")
        }
        let d = window.drawableSize
        StandardOutput.line("window \(parameters.width)x\(parameters.height) (drawable \(d.width)x\(d.height)), \(window.videoDriver)/\(window.rendererName), \(window.vsyncRequested ? "vsync" : "no vsync"), \(VSyncClock.format(rate)) Hz\(window.refreshRate == nil ? " (display rate unknown: --fps)" : ""); press ? for help")
    }

    /// Runs until the window closes, `q`, or `--frames` ticks; then saves `--screenshot`.
    func run() throws {
        var link = DisplayLink(clock: clock)
        var next = 0
        let started = VSyncClock.monotonicSeconds()
        try link.run(ticks: settings.frames) { tick throws in
            WindowSupport.replay(settings.script, from: &next, at: tick.index, on: window)
            tuner.tick(interval: tick.index == 0 ? 0 : tick.timestamp - lastTimestamp)
            lastTimestamp = tick.timestamp
            for event in window.pollEvents() { handle(event) }
            if quitRequested { clock.stop(); return }
            try frame(tick)
        }
        let elapsed = VSyncClock.monotonicSeconds() - started
        let s = clock.intervals
        let mean = s.mean.map { VSyncClock.format($0 * 1000) } ?? "-"
        StandardOutput.line("ran \(clock.ticksDelivered) ticks in \(VSyncClock.format(elapsed)) s, showing frame \(tuner.frame): intervals mean \(mean) ms, min \(s.count > 0 ? VSyncClock.format(s.minimum * 1000) : "-") ms, max \(VSyncClock.format(s.maximum * 1000)) ms; target \(VSyncClock.format(clock.interval * 1000)) ms (\(VSyncClock.format(clock.rate)) Hz); \(clock.isPacing ? "paced by the clock" : "paced by vsync"); rows uploaded \(totalRows > 0 ? VSyncClock.format(Double(uploadedRows) * 100 / Double(totalRows)) : "0") %")
        if let path = settings.screenshot {
            try WindowSupport.saveScreenshot(window, presented: presented, to: path, frame: tuner.frame)
        }
    }

    private func frame(_ tick: FrameTick) throws {
        let t0 = VSyncClock.monotonicSeconds()
        guard try prepareScene(), let scene, let renderer else { return }
        let (index, timestamp) = tuner.sceneTime
        scene.update(index: index, timestamp: timestamp)
        // Only the rows that changed since the previous frame are rendered and uploaded. Overlays
        // are drawn into the frame, so while one is shown (or was, last frame) frames are whole.
        let overlaid = tuner.showsHelp || tuner.showsStats
        if overlaid || overlaidLastFrame { renderer.invalidate() }
        let rows = renderer.renderDirty(into: &pixmap)
        drawOverlays(tick, scene: scene)
        overlaidLastFrame = overlaid
        uploadedRows += rows.count
        totalRows += pixmap.height
        do {
            try window.upload(pixmap, rows: rows)
            // Frame time: update, render, overlay and upload; not the present, which waits for vsync.
            statsWindow.work += VSyncClock.monotonicSeconds() - t0
            statsWindow.ticks += 1
            try window.present()
        } catch { throw CLIError("cannot draw the frame: \(error)") }
        presented += 1
    }

    /// Lays the scene out again when the drawable's size changed, and rebuilds it after a tuning
    /// change; false when the window cannot be drawn at its current size (e.g. minimised).
    private func prepareScene() throws -> Bool {
        let logical = window.size, drawable = window.drawableSize
        guard logical.width > 0, logical.height > 0, drawable.width > 0, drawable.height > 0 else { return false }
        let resized = logical.width != tuner.parameters.width || logical.height != tuner.parameters.height
        if resized { tuner.resize(width: logical.width, height: logical.height) }
        let relayout = layout == nil || drawable != renderSize
        guard relayout || needsScene || resized else { return true }
        // A size the scene could not be laid out at is not retried (nor reported) every tick.
        if let failed = layoutFailedAt, failed == drawable, !resized { return false }
        layoutFailedAt = nil
        scale = Double(drawable.width) / Double(logical.width)
        var p = tuner.parameters
        p.width = drawable.width
        p.height = drawable.height
        if scale != 1 {
            p.fontSize = p.fontSize.map { $0 * scale }
            p.amplitude = p.amplitude.map { $0 * scale }
            p.waveWidth = p.waveWidth.map { $0 * scale }
        }
        do {
            if relayout || resized || layout == nil { layout = try source.layout(for: p) }
            guard let layout else { return false }
            let s = try WaveScene(parameters: p, layout: layout)
            scene = s
            renderer = WaveRenderer(scene: s)
        } catch {
            StandardError.line("wavefill: cannot lay out the scene at \(drawable.width)x\(drawable.height): \(error)")
            scene = nil; renderer = nil; layout = nil
            layoutFailedAt = drawable
            return false
        }
        if relayout && renderSize.width > 0 {
            StandardOutput.line("resized to \(logical.width)x\(logical.height) (drawable \(drawable.width)x\(drawable.height)); laid out again")
        }
        if overlay == nil || overlay?.pixelSize != Self.overlaySize * scale {
            overlay = try? TextOverlay(fontPath: Self.overlayFont, pixelSize: Self.overlaySize * scale)
        }
        renderSize = drawable
        needsScene = false
        return true
    }

    static let overlaySize = 11.0

    static let overlayFont: String = {
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        return access(mono, R_OK) == 0 ? mono : SceneOptions.resolveFont(nil)
    }()

    private func drawOverlays(_ tick: FrameTick, scene: WaveScene) {
        guard let overlay, tuner.showsHelp || tuner.showsStats else { return }
        let margin = Int((8 * scale).rounded())
        if tuner.showsHelp {
            overlay.draw(LiveControls.overlayLines, onto: &pixmap, x: margin, y: margin)
        }
        if tuner.showsStats {
            // Refreshed four times a second, so the cached line images are reused in between.
            let elapsed = tick.timestamp - statsWindow.start
            if statsLines.isEmpty || elapsed >= 0.25 {
                let fps = elapsed > 0 ? Double(statsWindow.ticks) / elapsed : 0
                let work = statsWindow.ticks > 0 ? statsWindow.work / Double(statsWindow.ticks) * 1000 : 0
                let st = scene.state
                statsLines = [
                    "fps \(Self.fixed(fps, 1))  frame time \(Self.fixed(work, 2)) ms",
                    "frame \(st.index)  tick \(tick.index)\(tuner.isPaused ? "  paused" : "")",
                    "phase \(Self.fixed(st.phaseDegrees, 1)) deg  progress \(Self.fixed(st.progress, 3))",
                    "\(tuner.parameters.isTimeBased ? "time-based" : "frame-based")  \(clock.isPacing ? "paced" : "vsync") \(VSyncClock.format(clock.rate)) Hz",
                ]
                statsWindow = (tick.timestamp, 0, 0)
            }
            overlay.draw(statsLines, onto: &pixmap, x: margin, y: pixmap.height - margin, corner: .bottomLeft)
        }
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        var m = 1.0
        for _ in 0 ..< digits { m *= 10 }
        let r = (v * m).rounded() / m
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < digits { s += String(repeating: "0", count: digits - have) }
        } else if digits > 0 {
            s += "." + String(repeating: "0", count: digits)
        }
        return s
    }

    private func handle(_ event: HostEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .key(let key):
            guard let command = LiveControls.command(for: key) else { return }
            switch command {
            case .tune(let action): tune(action, print: true)
            case .save: saveFrame()
            case .printCommandLine: StandardOutput.line(commandLine())
            case .quit: quitRequested = true
            }
        case .pointerDown(_, let y), .pointerDrag(_, let y):
            dragging = true
            tune(.progress(1 - y), print: false)
        case .pointerUp(_, let y):
            guard dragging else { return }
            dragging = false
            tune(.progress(1 - y), print: true)
        case .resized:
            break       // picked up from the drawable's size before the next frame
        }
    }

    private func tune(_ action: WaveTuner.Action, print: Bool) {
        let amplitude = (scene?.amplitude ?? 0) / scale
        let change = tuner.apply(action, amplitude: amplitude)
        if change.parametersChanged { needsScene = true }
        if print { StandardOutput.line(change.line) }
    }

    /// The command line that reproduces the current settings in a window.
    func commandLine() -> String {
        var line = tuner.parameters.commandLine(subcommand: "run")
        if let mask = settings.maskImage {
            line += " --mask-image '" + mask.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }
        return line
    }

    /// Saves the frame on screen: events are handled before the tick's render, so the scene still
    /// holds the state last presented.
    private func saveFrame() {
        guard let scene, let renderer else { return }
        var frame = Pixmap(width: 0, height: 0)
        renderer.render(into: &frame)        // the scene alone, without overlays
        var path = "wavefill-frame-" + Self.padded(scene.state.index) + ".png"
        var n = 2
        while access(path, F_OK) == 0 {
            path = "wavefill-frame-" + Self.padded(scene.state.index) + "-\(n).png"
            n += 1
        }
        do {
            renderer.invalidate()           // it drew into another buffer: the next frame is whole
            try PNGFile.write(frame, to: path)
            StandardOutput.line("saved frame \(scene.state.index) (\(frame.width)x\(frame.height)) to \(path)")
        } catch {
            StandardError.line("wavefill: cannot save the frame: \(error)")
        }
    }

    static func padded(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s
    }
}
