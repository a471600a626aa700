import WaveFill
import SDLHost
#if canImport(Glibc)
import Glibc
#endif

/// One run of the window for a layer scene (`--scene marquee|stroke|spread|morph`).
///
/// Time is frame-based, as headless: tick k shows frame k (time k / fps) while playing, so a window's
/// frame equals `wavefill render --scene ... --frame k`. Per tick: scripted input is pushed into SDL's
/// queue, the frame advances (unless paused), events are handled at the new frame's time, and the
/// scene's presentation at that time is rendered by the reference renderer, uploaded and presented.
///
/// Interactions: marquee and morph: space pauses / resumes. Stroke: a mouse drag scrubs the drawing
/// the Core Animation way (its timing paused at progress x timeline), `a` plays again; space pauses.
/// Spread: space or a click selects / deselects, as explicit animations from the locations presented
/// at that moment. Every scene: `r` restarts at frame 0, `s` saves the frame, `?`/`h` help, q / Esc quit.
@MainActor
final class SceneWindowSession {
    private let kind: SceneKind
    private let fps: Double
    private let settings: WindowSession.Settings
    private let window: SDLWindow
    private let clock: VSyncClock
    private var scene: any Scene
    private var size: (width: Int, height: Int)
    private var frame = 0
    private var paused = false
    private var dragging = false
    private var showsHelp = false
    private var quitRequested = false
    private var presented = 0
    private var lastFrame = Pixmap(width: 0, height: 0)
    private var overlay: TextOverlay?

    /// Opens the window at the scene's size. `rebuild` makes the scene again for a new drawable size
    /// (pixels) and scale (pixels per point) when the window is resized.
    init(kind: SceneKind, scene: any Scene, fps: Double, settings: WindowSession.Settings) throws {
        self.kind = kind
        self.fps = fps
        self.settings = settings
        self.scene = scene
        size = (scene.width, scene.height)
        window = try SDLWindow(title: "WaveFill - \(kind.rawValue)", width: scene.width, height: scene.height, vsync: settings.vsync)
        let rate = window.refreshRate ?? fps
        clock = VSyncClock(rate: rate, alwaysPace: !window.vsyncRequested, notice: { StandardError.line("wavefill: " + $0) })
        if !window.vsyncRequested {
            StandardError.line("wavefill: the renderer presents without vsync\(settings.vsync ? " (not available)" : " (--no-vsync)"); pacing to \(VSyncClock.format(rate)) Hz by the clock")
        }
        let d = window.drawableSize
        StandardOutput.line("window \(scene.width)x\(scene.height) (drawable \(d.width)x\(d.height)), --scene \(kind.rawValue), \(window.videoDriver)/\(window.rendererName), \(window.vsyncRequested ? "vsync" : "no vsync"), \(VSyncClock.format(rate)) Hz; press ? for help")
    }

    /// The keys of this scene, for the help overlay and `--help`.
    static func helpLines(_ controls: [SceneControl]) -> [String] {
        var lines = controls.map(\.help).filter { !$0.isEmpty }
        if !controls.contains(where: { $0.input == .space }) { lines.append("space       pause / resume") }
        return lines + ["r           restart at frame 0", "s           save the frame as PNG", "? / h       this help", "q / Esc     quit"]
    }

    /// The time frame `n` shows.
    private var time: Double { Double(frame) / fps }

    /// Runs until the window closes, `q`, or `--frames` ticks; then saves `--screenshot`.
    func run() throws {
        var link = DisplayLink(clock: clock)
        var next = 0
        let started = VSyncClock.monotonicSeconds()
        try link.run(ticks: settings.frames) { tick throws in
            WindowSupport.replay(settings.script, from: &next, at: tick.index, on: window)
            if tick.index > 0 && !paused { frame += 1 }
            for event in window.pollEvents() { handle(event) }
            if quitRequested { clock.stop(); return }
            try draw()
        }
        let elapsed = VSyncClock.monotonicSeconds() - started
        let s = clock.intervals
        let mean = s.mean.map { VSyncClock.format($0 * 1000) } ?? "-"
        StandardOutput.line("ran \(clock.ticksDelivered) ticks in \(VSyncClock.format(elapsed)) s, showing frame \(frame): intervals mean \(mean) ms, target \(VSyncClock.format(clock.interval * 1000)) ms (\(VSyncClock.format(clock.rate)) Hz); \(clock.isPacing ? "paced by the clock" : "paced by vsync")")
        if let path = settings.screenshot {
            try WindowSupport.saveScreenshot(window, presented: presented, to: path, frame: frame)
        }
    }

    private func draw() throws {
        let logical = window.size, drawable = window.drawableSize
        guard logical.width > 0, logical.height > 0, drawable.width > 0, drawable.height > 0 else { return }
        if drawable != size { relayout(drawable, scale: Double(drawable.width) / Double(logical.width)) }
        var pixmap = lastFrame
        scene.render(frame: frame, into: &pixmap)
        lastFrame = pixmap
        if showsHelp, let overlay {
            overlay.draw(Self.helpLines(scene.controls), onto: &pixmap, x: 8, y: 8)
        }
        do {
            try window.upload(pixmap)
            try window.present()
        } catch { throw CLIError("cannot draw the frame: \(error)") }
        presented += 1
    }

    /// Builds the scene again at the drawable's size (a stroke stays scrubbed where it was; a
    /// spread starts unselected).
    private func relayout(_ drawable: (width: Int, height: Int), scale: Double) {
        do {
            try scene.resize(width: drawable.width, height: drawable.height, scale: scale)
            StandardOutput.line("resized to drawable \(drawable.width)x\(drawable.height); laid out again")
        } catch {
            StandardError.line("wavefill: cannot lay out the scene at \(drawable.width)x\(drawable.height): \(error)")
        }
        size = drawable         // a size that failed is not retried every tick
    }

    /// The scene's control for `input`, if it has one.
    private func control(_ input: SceneControl.Input) -> SceneControl? { scene.controls.first { $0.input == input } }

    private func act(_ action: SceneAction, print: Bool) {
        if let line = scene.perform(action, atFrame: frame), print { StandardOutput.line(line) }
    }

    private func handle(_ event: HostEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .key(let key):
            handle(key)
        case .pointerDown(_, let y), .pointerDrag(_, let y):
            guard control(.verticalDrag) != nil else { return }
            dragging = true
            act(.scrub(1 - y), print: false)
        case .pointerUp(_, let y):
            if control(.verticalDrag) != nil {
                guard dragging else { return }
                dragging = false
                act(.scrub(1 - y), print: true)
            } else if let c = control(.click) {
                act(c.action, print: true)
            }
        case .resized:
            break
        }
    }

    private func handle(_ key: HostKey) {
        let input: SceneControl.Input?
        switch key {
        case .space: input = .space
        case .up: input = .up
        case .down: input = .down
        case .left: input = .left
        case .right: input = .right
        case .character(let c): input = .key(c)
        default: input = nil
        }
        if let input, let c = control(input) {
            act(c.action, print: true)
            return
        }
        switch key {
        case .escape, .character("q"):
            quitRequested = true
        case .space:
            paused.toggle()
            StandardOutput.line(paused ? "paused at frame \(frame)" : "resumed at frame \(frame)")
        case .character("r"):
            _ = scene.perform(.restart, atFrame: frame)
            frame = 0
            StandardOutput.line("restart at frame 0")
        case .character("s"):
            saveFrame()
        case .character("?"), .character("h"):
            showsHelp.toggle()
            if showsHelp && overlay == nil { overlay = try? TextOverlay(fontPath: WindowSession.overlayFont, pixelSize: WindowSession.overlaySize) }
        default:
            break
        }
    }

    /// Saves the frame on screen (without overlays) as ./wavefill-frame-NNNNN.png, never overwriting.
    private func saveFrame() {
        var path = "wavefill-frame-" + WindowSession.padded(frame) + ".png"
        var n = 2
        while access(path, F_OK) == 0 {
            path = "wavefill-frame-" + WindowSession.padded(frame) + "-\(n).png"
            n += 1
        }
        do {
            try PNGFile.write(lastFrame, to: path)
            StandardOutput.line("saved frame \(frame) (\(lastFrame.width)x\(lastFrame.height)) to \(path)")
        } catch {
            StandardError.line("wavefill: cannot save the frame: \(error)")
        }
    }
}
