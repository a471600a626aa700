import WaveFill
import SDLHost
#if canImport(Glibc)
import Glibc
#endif

/// How a window plays: how long, what to save at the end, scripted input, vsync.
public struct WindowOptions: Sendable {
    /// Ticks to run, then exit (nil: until closed).
    public var frames: Int?
    /// A .png file to save the last presented frame to on exit.
    public var screenshot: String?
    /// Input replayed at given ticks through SDL's event queue.
    public var script: InputScript?
    /// Ask the renderer for vsync.
    public var vsync = true

    /// Defaults: until closed, vsync, nothing scripted.
    public init() {}
}

/// The one window player for every scene.
///
/// Per display-link tick: scripted input is pushed into SDL's queue, the frame advances (unless
/// paused), events become the player's own commands or the scene's actions, the scene is laid out
/// again if the drawable's size changed, and the frame is rendered (only the rows that changed,
/// whole frames while an overlay is shown), overlaid, uploaded and presented. Tick k shows frame k
/// while playing, so a window's frame equals `wavefill render ... --frame k`.
///
/// The player's keys: space pauses (unless the scene binds it), r restarts at frame 0, s saves the
/// frame, c prints the command line, f the stats overlay, ? / h help, q / Esc quit. The scene's own
/// controls come from `Scene.controls`; the player never looks at a scene's concrete type.
@MainActor
public final class WindowPlayer {
    private let scene: any Scene
    private let setup: SceneSetup
    private let options: WindowOptions
    private let window: SDLWindow
    private let clock: VSyncClock
    private let initialSize: (width: Int, height: Int)
    private var pixmap = Pixmap(width: 0, height: 0)
    private var renderSize = (width: 0, height: 0)
    private var logicalSize = (width: 0, height: 0)
    private var layoutFailedAt: (width: Int, height: Int)?
    private var scale = 1.0
    private var frame = 0
    private var presentedFrame = 0
    private var paused = false
    private var dragging = false
    private var showsHelp = false
    private var showsStats = false
    private var overlaidLastFrame = false
    private var overlay: TextOverlay?
    private var statsLines: [String] = []
    private var statsWindow = (start: 0.0, ticks: 0, work: 0.0)
    private var quitRequested = false
    private var presented = 0
    private var uploadedRows = 0, totalRows = 0

    /// Opens the window at the scene's size. Throws `SDLError` when no window can be opened.
    public init(scene: any Scene, setup: SceneSetup, options: WindowOptions) throws {
        self.scene = scene
        self.setup = setup
        self.options = options
        initialSize = (scene.width, scene.height)
        let title = (try? setup.settings.string(.text)).flatMap { $0 } ?? setup.kind.rawValue
        window = try SDLWindow(title: "WaveFill - \(setup.kind == .wave ? title : setup.kind.rawValue)",
                               width: scene.width, height: scene.height, vsync: options.vsync)
        let rate = window.refreshRate ?? scene.fps
        clock = VSyncClock(rate: rate, alwaysPace: !window.vsyncRequested, notice: { StandardError.line("wavefill: " + $0) })
        if !window.vsyncRequested {
            StandardError.line("wavefill: the renderer presents without vsync\(options.vsync ? " (not available)" : " (--no-vsync)"); pacing to \(VSyncClock.format(rate)) Hz by the clock")
        }
        let d = window.drawableSize
        let sceneNote = setup.kind == .wave ? "" : ", --scene \(setup.kind.rawValue)"
        StandardOutput.line("window \(scene.width)x\(scene.height) (drawable \(d.width)x\(d.height))\(sceneNote), \(window.videoDriver)/\(window.rendererName), \(window.vsyncRequested ? "vsync" : "no vsync"), \(VSyncClock.format(rate)) Hz\(window.refreshRate == nil ? " (display rate unknown: --fps)" : ""); press ? for help")
    }

    /// The player's own keys, for help overlays and `wavefill run --help`.
    public static let playerHelp = [
        "space    pause / resume",
        "r        restart",
        "s        save PNG",
        "c        print command line",
        "f        stats",
        "? h      help",
        "q Esc    quit",
    ]

    /// The help lines for a scene's controls and the player's keys.
    public static func helpLines(_ controls: [SceneControl]) -> [String] {
        let own = controls.map(\.help).filter { !$0.isEmpty }
        let space = controls.contains { $0.input == .space }
        return own + playerHelp.filter { !(space && $0.hasPrefix("space")) }
    }

    /// Runs until the window closes, `q`, or `frames` ticks; then saves the screenshot.
    public func run() throws {
        var link = DisplayLink(clock: clock)
        var next = 0
        let started = VSyncClock.monotonicSeconds()
        try link.run(ticks: options.frames) { tick throws in
            WindowSupport.replay(options.script, from: &next, at: tick.index, on: window)
            if tick.index > 0 && !paused { frame += 1 }
            for event in window.pollEvents() { handle(event) }
            if quitRequested { clock.stop(); return }
            try draw(tick)
        }
        let elapsed = VSyncClock.monotonicSeconds() - started
        let s = clock.intervals
        let mean = s.mean.map { VSyncClock.format($0 * 1000) } ?? "-"
        let share = totalRows > 0 ? VSyncClock.format(Double(uploadedRows) * 100 / Double(totalRows)) : "0"
        StandardOutput.line("ran \(clock.ticksDelivered) ticks in \(VSyncClock.format(elapsed)) s, showing frame \(presentedFrame): intervals mean \(mean) ms, min \(s.count > 0 ? VSyncClock.format(s.minimum * 1000) : "-") ms, max \(VSyncClock.format(s.maximum * 1000)) ms; target \(VSyncClock.format(clock.interval * 1000)) ms (\(VSyncClock.format(clock.rate)) Hz); \(clock.isPacing ? "paced by the clock" : "paced by vsync"); rows uploaded \(share) %")
        if let path = options.screenshot {
            try WindowSupport.saveScreenshot(window, presented: presented, to: path, frame: presentedFrame)
        }
    }

    private func draw(_ tick: FrameTick) throws {
        let t0 = VSyncClock.monotonicSeconds()
        guard prepare() else { return }
        let overlaid = showsHelp || showsStats
        if overlaid || overlaidLastFrame { scene.invalidate() }
        let rows = scene.renderChanges(frame: frame, into: &pixmap)
        presentedFrame = frame
        drawOverlays(tick)
        overlaidLastFrame = overlaid
        uploadedRows += rows.count
        totalRows += pixmap.height
        do {
            try window.upload(pixmap, rows: rows)
            statsWindow.work += VSyncClock.monotonicSeconds() - t0
            statsWindow.ticks += 1
            try window.present()
        } catch { throw CLIError("cannot draw the frame: \(error)") }
        presented += 1
    }

    /// Lays the scene out again when the drawable's size changed; false when the window cannot be
    /// drawn at its current size (minimised, or a size the scene cannot be laid out at).
    private func prepare() -> Bool {
        let logical = window.size, drawable = window.drawableSize
        guard logical.width > 0, logical.height > 0, drawable.width > 0, drawable.height > 0 else { return false }
        if drawable == renderSize && logical == logicalSize { return true }
        if let failed = layoutFailedAt, failed == drawable { return false }
        let first = renderSize.width == 0
        scale = Double(drawable.width) / Double(logical.width)
        if !(first && drawable.width == scene.width && drawable.height == scene.height) {
            do {
                try scene.resize(width: drawable.width, height: drawable.height, scale: scale)
            } catch {
                StandardError.line("wavefill: cannot lay out the scene at \(drawable.width)x\(drawable.height): \(error)")
                layoutFailedAt = drawable
                return false
            }
        }
        layoutFailedAt = nil
        scene.invalidate()
        if !first {
            StandardOutput.line("resized to \(logical.width)x\(logical.height) (drawable \(drawable.width)x\(drawable.height)); laid out again")
        }
        if overlay == nil || overlay?.pixelSize != Self.overlaySize * scale {
            overlay = try? TextOverlay(fontPath: Self.overlayFont, pixelSize: Self.overlaySize * scale)
        }
        renderSize = drawable
        logicalSize = logical
        return true
    }

    static let overlaySize = 11.0

    static let overlayFont: String = FontLocator.match("DejaVu Sans Mono") ?? (try? SceneSetup.defaultFont()) ?? ""

    private func drawOverlays(_ tick: FrameTick) {
        guard let overlay, showsHelp || showsStats else { return }
        let margin = Int((8 * scale).rounded())
        if showsHelp {
            overlay.draw(Self.helpLines(scene.controls), onto: &pixmap, x: margin, y: margin)
        }
        if showsStats {
            // Refreshed four times a second, so the cached line images are reused in between.
            let elapsed = tick.timestamp - statsWindow.start
            if statsLines.isEmpty || elapsed >= 0.25 {
                let fps = elapsed > 0 ? Double(statsWindow.ticks) / elapsed : 0
                let work = statsWindow.ticks > 0 ? statsWindow.work / Double(statsWindow.ticks) * 1000 : 0
                statsLines = ["fps \(StatusText.fixed(fps, 1))  frame time \(StatusText.fixed(work, 2)) ms",
                              "frame \(frame)  tick \(tick.index)\(paused ? "  paused" : "")"]
                    + scene.status(frame: frame)
                    + ["\(clock.isPacing ? "paced" : "vsync") \(VSyncClock.format(clock.rate)) Hz"]
                statsWindow = (tick.timestamp, 0, 0)
            }
            overlay.draw(statsLines, onto: &pixmap, x: margin, y: pixmap.height - margin, corner: .bottomLeft)
        }
    }


    // MARK: - Input

    private func control(_ input: SceneControl.Input) -> SceneControl? { scene.controls.first { $0.input == input } }

    private func act(_ action: SceneAction, print: Bool) {
        guard let line = scene.perform(action, atFrame: frame) else { return }
        if print { StandardOutput.line(line) }
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
            break       // picked up from the drawable's size before the next frame
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
        case .leftBracket: input = .key("[")
        case .rightBracket: input = .key("]")
        case .character(let c): input = .key(c)
        case .digit(let d):
            if control(.digits) != nil { act(.scrub(Double(d) / 10), print: true); return }
            input = nil
        case .escape: input = nil
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
            StandardOutput.line("restarted at frame 0")
        case .character("s"):
            saveFrame()
        case .character("c"):
            StandardOutput.line(commandLine())
        case .character("f"):
            showsStats.toggle()
            StandardOutput.line("stats overlay " + (showsStats ? "on" : "off"))
        case .character("?"), .character("h"):
            showsHelp.toggle()
            StandardOutput.line("help overlay " + (showsHelp ? "on" : "off"))
        default:
            break
        }
    }

    /// The command line that reproduces what the window shows (its current size in points included).
    public func commandLine() -> String {
        var adjusted = scene.adjustedSettings
        if logicalSize.width > 0, logicalSize != initialSize {
            adjusted["size"] = .string("\(logicalSize.width)x\(logicalSize.height)")
        }
        return setup.commandLine(subcommand: "run", adjusted: adjusted)
    }

    /// Saves the frame on screen, without overlays, as ./wavefill-frame-NNNNN.png (never overwriting).
    private func saveFrame() {
        var shot = Pixmap(width: 0, height: 0)
        scene.render(frame: presentedFrame, into: &shot)
        scene.invalidate()                  // it drew into another buffer: the next frame is whole
        let name = OutputPaths.frameName(presentedFrame).dropLast(4)
        var path = "wavefill-" + name + ".png"
        var n = 2
        while access(path, F_OK) == 0 {
            path = "wavefill-" + name + "-\(n).png"
            n += 1
        }
        do {
            try PNGFile.write(shot, to: path)
            StandardOutput.line("saved frame \(presentedFrame) (\(shot.width)x\(shot.height)) to \(path)")
        } catch {
            StandardError.line("wavefill: cannot save the frame: \(error)")
        }
    }
}
