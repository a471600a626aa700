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

    /// Sets `script` from `--script`'s text; a `--script` error when it cannot be read.
    public mutating func setScript(_ text: String) throws {
        do { script = try InputScript(text, maxSide: SceneLimits.maxCanvasSide) } catch {
            throw ParameterError("--script", error.description)
        }
    }
}

/// The one window player for every scene.
///
/// Per display-link tick: scripted input is pushed into SDL's queue, the frame advances (unless
/// paused), events become the player's own commands or the scene's actions, the scene is laid out
/// again if the drawable's size changed, and the frame is rendered (only the rows that changed,
/// whole frames while an overlay is shown), overlaid, uploaded and presented. Tick k shows frame k
/// while playing, so a window's frame equals `wavefill render ... --frame k`.
///
/// Only what changes is drawn. When a tick would show the picture already on screen (paused, a
/// still timeline or one held at its end, no action since, no overlay to refresh), nothing is
/// rendered; when the scene reports no changed rows, nothing is uploaded; in both cases nothing is
/// presented and the clock waits for the next tick's deadline in `SDL_WaitEventTimeout` (`.idle`).
/// When no tick can change the picture before an event arrives (paused, a still timeline or one
/// held at its end, with no stats overlay, playing comparison, or panel with frames to make), the
/// clock waits for events a quarter of a second at a time instead (`.still`), skipping the ticks in
/// between but never a scripted input's, and the tick after the wait is the one due then.
/// A stats overlay is refreshed, and presented, four times a second. An expose presents the last
/// frame again. While the window is hidden or minimised nothing is drawn and the clock wakes a few
/// times a second (`.hidden`, skipping the ticks in between, again never a scripted input's); when
/// it is shown again the frame of that tick is drawn whole.
///
/// The player's keys: space pauses (unless the scene binds it), r restarts at frame 0, s saves the
/// frame, c prints the command line, f the stats overlay, ? / h help, q / Esc quit. The scene's own
/// controls come from `Scene.controls`; the player never looks at a scene's concrete type.
@MainActor
public final class WindowPlayer: TuningHost {
    private var scene: any Scene
    private var setup: SceneSetup
    /// The tuning panel (made the first time Tab is pressed) and whether it is shown.
    private var panel: TuningPanel?
    private var panelShown = false
    /// Panel frames still to make: input arrived (hover and pop-ups settle over a few frames).
    private var panelFrames = 0
    private var lastPanelFrame: Double?
    /// The preview's size in logical points while the panel is shown.
    private var previewLogical = (width: 0, height: 0)
    /// The window size asked for when the panel was shown or the preview's size changed: a window of
    /// another size was resized by its user.
    private var panelWindow = (width: 0, height: 0)
    /// The scene shown in the right half of the preview (A/B compare) and its frame buffer.
    private var comparison: (any Scene)?
    private var comparisonPixmap = Pixmap(width: 0, height: 0)
    private let options: WindowOptions
    private let window: SDLWindow
    private let clock: VSyncClock
    private var initialSize: (width: Int, height: Int)
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
    /// Since the stats were last refreshed: when (tick time), frames presented, their main-thread
    /// CPU time (render + upload + present), and the thread's CPU time then.
    private var statsWindow = (start: 0.0, presents: 0, cpu: 0.0, threadCPU: 0.0)
    private var quitRequested = false
    private var presented = 0
    private var uploadedRows = 0, totalRows = 0
    private var lastTickIndex = 0
    /// Counts changes to the scene other than its frame (actions, restarts, layouts): the picture on
    /// screen is identified by this and the frame whose picture it is.
    private var sceneChanges = 0
    private var shownPicture: (changes: Int, frame: Int)?
    private var timeline: (changes: Int, value: SceneTimeline)?
    private var overlayChanged = false
    private var exposed = false
    private var hidden = false
    /// The next entry of `options.script` to replay.
    private var scriptNext = 0

    /// Checks that a window can be opened here: a `CLIError` with exit status 69 and the reason when not.
    public static func checkDisplay() throws {
        do { try SDLWindow.checkDisplay() } catch let e as SDLError { throw noDisplay(e) }
    }

    static func noDisplay(_ e: SDLError) -> CLIError {
        CLIError("\(e); use 'wavefill render' to render frames headless, e.g. wavefill render --frames 300 --out out", code: 69)
    }

    /// Plays `scene` (made from `setup`) in a window until it is closed or `options.frames` ticks
    /// have run. Failures to open the window are `CLIError`s (69 when there is no display).
    public static func play(scene: any Scene, setup: SceneSetup, options: WindowOptions) throws {
        let player: WindowPlayer
        do {
            player = try WindowPlayer(scene: scene, setup: setup, options: options)
        } catch let e as SDLError {
            if case .noDisplay = e { throw noDisplay(e) }
            throw CLIError("cannot open the window: \(e)")
        }
        try player.run()
    }

    /// Opens the window at the scene's size. Throws `SDLError` when no window can be opened.
    public init(scene: any Scene, setup: SceneSetup, options: WindowOptions) throws {
        self.scene = scene
        self.setup = setup
        self.options = options
        initialSize = (scene.width, scene.height)
        let window = try SDLWindow(title: "WaveFill - \(setup.definition.name)",
                                   width: scene.width, height: scene.height, vsync: options.vsync)
        self.window = window
        window.report = { StandardOutput.line($0) }
        let rate = window.refreshRate ?? scene.fps
        // The clock's waits are the window's: events arriving meanwhile are kept for the next tick.
        clock = VSyncClock(rate: rate, alwaysPace: !window.vsyncRequested,
                           sleepUntil: { window.waitForEvents(until: $0) },
                           waitForEvent: { window.waitForEvents(until: $0, returningEarly: true) },
                           notice: { StandardError.line("wavefill: " + $0) })
        if !window.vsyncRequested {
            StandardError.line("wavefill: the renderer presents without vsync\(options.vsync ? " (not available)" : " (--no-vsync)"); pacing to \(VSyncClock.format(rate)) Hz by the clock")
        }
        let d = window.drawableSize
        let sceneNote = ", --scene \(setup.definition.name)"
        StandardOutput.line("window \(scene.width)x\(scene.height) (drawable \(d.width)x\(d.height))\(sceneNote), \(window.videoDriver)/\(window.rendererName), \(window.vsyncRequested ? "vsync" : "no vsync"), \(VSyncClock.format(rate)) Hz\(window.refreshRate == nil ? " (display rate unknown: the scene's rate)" : ""); press ? for help")
    }

    /// The player's own keys, for help overlays and `wavefill run --help`.
    nonisolated public static let playerHelp = [
        "space    pause / resume",
        "r        restart",
        "s        save PNG",
        "c        print command line",
        "f        stats",
        "Tab      tuning panel",
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
    ///
    /// The summary line gives the ticks run (those skipped while hidden or still included), how many
    /// of them presented a frame and how many woke the loop, the measured tick intervals, the share
    /// of rows uploaded, and the main thread's CPU time as a share of one core over the run.
    public func run() throws {
        var link = DisplayLink(clock: clock)
        clock.endIndex = options.frames
        let started = MonotonicTime.seconds(), startedCPU = ThreadCPUTime.seconds()
        statsWindow.threadCPU = startedCPU
        try link.run { tick throws in
            WindowSupport.replay(options.script, from: &scriptNext, at: tick.index, on: window)
            if !paused { frame += tick.index - lastTickIndex }
            lastTickIndex = tick.index
            for event in window.pollEvents() { handle(event) }
            if quitRequested { clock.stop(); return }
            clock.outcome = try update(tick)
        }
        let elapsed = MonotonicTime.seconds() - started
        let cpu = ThreadCPUTime.seconds() - startedCPU
        panel?.waitForExport()
        let s = clock.intervals
        let mean = s.mean.map { VSyncClock.format($0 * 1000) } ?? "-"
        let share = totalRows > 0 ? VSyncClock.format(Double(uploadedRows) * 100 / Double(totalRows)) : "0"
        let core = elapsed > 0 ? VSyncClock.format(cpu * 100 / elapsed) : "0"
        let ticks = clock.ticksElapsed
        StandardOutput.line("ran \(ticks) ticks in \(VSyncClock.format(elapsed)) s, showing frame \(presentedFrame): presented \(presented) of \(ticks) ticks (the loop woke for \(clock.ticksDelivered)); intervals mean \(mean) ms, min \(s.count > 0 ? VSyncClock.format(s.minimum * 1000) : "-") ms, max \(VSyncClock.format(s.maximum * 1000)) ms; target \(VSyncClock.format(clock.interval * 1000)) ms (\(VSyncClock.format(clock.rate)) Hz); \(clock.isPacing ? "paced by the clock" : "paced by vsync"); rows uploaded \(share) %; main-thread CPU \(core) % of a core")
        if let path = options.screenshot {
            try WindowSupport.saveScreenshot(window, presented: presented, to: path, frame: presentedFrame)
        }
    }

    /// Draws the tick when the window can be seen and something changed; says how the clock should
    /// reach the next tick.
    private func update(_ tick: FrameTick) throws -> VSyncClock.Outcome {
        // A wait for events (hidden or still) ends when the next scripted input is due.
        let entries = options.script?.entries ?? []
        clock.nextScheduled = scriptNext < entries.count ? entries[scriptNext].tick : nil
        guard window.isVisible else {
            if !hidden { StandardOutput.line("window hidden at tick \(tick.index): not drawing") }
            hidden = true
            return .hidden
        }
        if hidden {
            hidden = false
            shownPicture = nil              // drawn whole: what the window showed is gone
            StandardOutput.line("window shown at tick \(tick.index): drawing frame \(frame)")
        }
        do {
            if try draw(tick) { return .presented }
        } catch { throw CLIError("cannot draw the frame: \(error)") }
        return stillUntilEvent() ? .still : .idle
    }

    /// True when no later tick can change what the window shows unless an event arrives first: the
    /// frame is paused, or the timeline shows one picture for every later frame; and nothing over
    /// it refreshes by itself (the stats overlay, a panel with frames to make or an export running,
    /// a comparison that plays).
    private func stillUntilEvent() -> Bool {
        guard !showsStats, !overlayChanged, !exposed, !window.hasPendingInput else { return false }
        // The panel waits for events too, unless it has frames to make or an export to follow.
        if panelShown, let panel, panelFrames > 0 || panel.isExporting || panel.exportNeedsReport { return false }
        if paused { return true }
        // Every later frame shows this frame's picture (a still timeline, or one held at its end).
        return comparison == nil && pictureFrame(frame) == pictureFrame(.max)
    }

    /// The frame whose picture frame `n` shows: 0 for a still timeline, the last frame of a `once`
    /// timeline after its end, else `n`. The timeline is asked again only after the scene changed.
    private func pictureFrame(_ n: Int) -> Int {
        switch currentTimeline() {
        case .still: return 0
        case .once(let frames): return min(n, max(frames - 1, 0))
        case .periodic: return n
        }
    }

    /// The scene's timeline, asked again only after the scene changed.
    private func currentTimeline() -> SceneTimeline {
        if let t = timeline, t.changes == sceneChanges { return t.value }
        let value = scene.timeline
        timeline = (sceneChanges, value)
        return value
    }

    /// Renders, uploads and presents the tick's frame when it differs from what is on screen (or an
    /// overlay changed, or the window was exposed); true when something was presented.
    private func draw(_ tick: FrameTick) throws(SDLError) -> Bool {
        let cpu0 = ThreadCPUTime.seconds()
        let panelDrawn = updatePanel(tick)
        guard prepare() else { return false }
        let overlaid = showsHelp || showsStats
        let statsDue = showsStats && (statsLines.isEmpty || tick.timestamp - statsWindow.start >= 0.25)
        let redraw = overlayChanged || statsDue
        let picture = (changes: sceneChanges, frame: pictureFrame(frame))
        if !redraw, let shown = shownPicture, shown == picture {
            presentedFrame = frame          // the picture on screen is this frame's
            return exposed || panelDrawn ? try presentAgain(since: cpu0) : false
        }
        if overlaid || overlaidLastFrame || shownPicture == nil || comparison != nil { scene.invalidate() }
        var rows = scene.renderChanges(frame: frame, into: &pixmap)
        if comparison != nil { rows = composeComparison() }
        shownPicture = picture
        presentedFrame = frame
        overlayChanged = false
        uploadedRows += rows.count
        totalRows += pixmap.height
        if rows.isEmpty && !redraw && !overlaid {
            return exposed || panelDrawn ? try presentAgain(since: cpu0) : false
        }
        drawOverlays(tick, refresh: statsDue)
        overlaidLastFrame = overlaid
        try window.upload(pixmap, rows: rows)
        return try presentAgain(since: cpu0)
    }

    /// Presents the texture (the frame just uploaded, or the one on screen after an expose) and
    /// counts the main thread's CPU time since `cpu0` for the stats.
    private func presentAgain(since cpu0: Double) throws(SDLError) -> Bool {
        try window.present()
        exposed = false
        presented += 1
        statsWindow.presents += 1
        statsWindow.cpu += ThreadCPUTime.seconds() - cpu0
        return true
    }

    /// Lays the scene out again when the drawable's size changed; false when the window cannot be
    /// drawn at its current size (minimised, or a size the scene cannot be laid out at).
    private func prepare() -> Bool {
        let windowLogical = window.size, windowDrawable = window.drawableSize
        guard windowLogical.width > 0, windowLogical.height > 0, windowDrawable.width > 0, windowDrawable.height > 0 else { return false }
        // With the panel shown the preview keeps its size at the left; the panel takes the rest.
        let windowScale = Double(windowDrawable.width) / Double(windowLogical.width)
        let logical = panelShown ? previewLogical : windowLogical
        let drawable: (width: Int, height: Int) = panelShown
            ? (Int((Double(previewLogical.width) * windowScale).rounded()), Int((Double(previewLogical.height) * windowScale).rounded()))
            : windowDrawable
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
        sceneChanges &+= 1
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

    /// Draws the help and stats boxes; `refresh` makes the stats lines anew (four times a second, so
    /// the cached line images are reused in between).
    ///
    /// fps counts frames presented; frame time is the main thread's CPU time per presented frame
    /// (render, upload and present, not the time blocked on vsync); the core share is the main
    /// thread's CPU time over the wall time since the last refresh, idle ticks included.
    private func drawOverlays(_ tick: FrameTick, refresh: Bool) {
        guard let overlay, showsHelp || showsStats else { return }
        let margin = Int((8 * scale).rounded())
        if showsHelp {
            overlay.draw(Self.helpLines(scene.controls), onto: &pixmap, x: margin, y: margin)
        }
        if showsStats {
            if refresh {
                let elapsed = tick.timestamp - statsWindow.start
                let threadCPU = ThreadCPUTime.seconds()
                let n = statsWindow.presents
                let fps = elapsed > 0 ? Double(n) / elapsed : 0
                let work = n > 0 ? statsWindow.cpu / Double(n) * 1000 : 0
                let core = elapsed > 0 ? (threadCPU - statsWindow.threadCPU) * 100 / elapsed : 0
                statsLines = ["fps \(StatusText.fixed(fps, 1))  frame time \(StatusText.fixed(work, 2)) ms CPU",
                              "main thread \(StatusText.fixed(core, 1)) % of a core",
                              "frame \(frame)  tick \(tick.index)\(paused ? "  paused" : "")"]
                    + scene.status(frame: frame)
                    + ["\(clock.isPacing ? "paced" : "vsync") \(VSyncClock.format(clock.rate)) Hz"]
                statsWindow = (tick.timestamp, 0, 0, threadCPU)
            }
            overlay.draw(statsLines, onto: &pixmap, x: margin, y: pixmap.height - margin, corner: .bottomLeft)
        }
    }


    // MARK: - Input

    private func control(_ input: SceneControl.Input) -> SceneControl? { scene.controls.first { $0.input == input } }

    private func act(_ action: SceneAction, print: Bool) {
        sceneChanges &+= 1                  // even an action that answers nil may change the picture
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
        case .resized(let width, let height):
            // Picked up from the drawable's size before the next frame; the panel shows the new size.
            if panelShown {
                followResize(to: (width, height))
                panelFrames = max(panelFrames, 2)
            }
        case .visibilityChanged:
            break       // picked up from the window's flags before the next frame
        case .exposed:
            exposed = true
        case .panelInput:
            panelFrames = max(panelFrames, 3)
        case .undo(let redo):
            guard let panel, panelShown else { return }
            panelFrames = max(panelFrames, 2)
            if redo { panel.redo(host: self) } else { panel.undo(host: self) }
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
            if let c = control(.digits) {
                let v = Double(d) / 10
                if case .animate = c.action { act(.animate(v), print: true) } else { act(.scrub(v), print: true) }
                return
            }
            input = nil
        case .escape, .enter, .backspace: input = nil
        case .tab:
            togglePanel()
            return
        }
        if let input, let c = control(input) {
            act(c.action, print: true)
            return
        }
        switch key {
        case .escape, .character("q"):
            quitRequested = true
        case .space:
            setPaused(!paused)
        case .character("r"):
            _ = scene.perform(.restart, atFrame: frame)
            sceneChanges &+= 1
            frame = 0
            StandardOutput.line("restarted at frame 0")
        case .character("s"):
            saveFrame()
        case .character("c"):
            StandardOutput.line(commandLine())
        case .character("f"):
            showsStats.toggle()
            if showsStats { statsLines.removeAll() }    // made anew when it is next drawn
            overlayChanged = true
            StandardOutput.line("stats overlay " + (showsStats ? "on" : "off"))
        case .character("?"), .character("h"):
            showsHelp.toggle()
            overlayChanged = true
            StandardOutput.line("help overlay " + (showsHelp ? "on" : "off"))
        default:
            break
        }
    }

    /// The command line that reproduces what the window shows (its current size in points included).
    public func commandLine() -> String {
        setup.commandLine(subcommand: "run", adjusted: adjusted())
    }

    /// What the scene's actions and the window changed, as settings that make the frame on screen.
    func adjusted() -> [String: SettingValue] {
        scene.adjustedSettings(atFrame: presentedFrame).merging(resized) { $1 }
    }

    /// The canvas size in points when the window was resized (the one setting the window itself changes).
    private var resized: [String: SettingValue] {
        guard logicalSize.width > 0, logicalSize != initialSize else { return [:] }
        return ["size": .string("\(logicalSize.width)x\(logicalSize.height)")]
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

    // MARK: - The tuning panel

    static let panelFont: String = FontLocator.match("DejaVu Sans") ?? overlayFont
    /// The panel's text size in points (made at the drawable's scale: crisp and as large on HiDPI).
    static let panelPointSize = 14.0

    /// Shows or hides the panel. The window grows by the panel's width (and to the panel's least
    /// height); the preview keeps its size, centred in the space beside the panel. Closed again, the
    /// window takes the preview's size (with any resize made meanwhile).
    private func togglePanel() {
        guard window.makePanel(fontPath: Self.panelFont, pointSize: Self.panelPointSize) != nil else {
            StandardError.line("wavefill: the tuning panel cannot load its font \(Self.panelFont)")
            return
        }
        if panel == nil {
            // The panel edits the command line's flags over its preset, as the window was started.
            let flags = setup.flags.overlaid(with: SceneSettings(resized))
            panel = TuningPanel(flags: flags, preset: setup.preset)
        }
        panelShown.toggle()
        if panelShown {
            previewLogical = logicalSize.width > 0 ? logicalSize : window.size
            showPanelBeside(previewLogical)
        } else {
            window.panelShown = false
            window.setSize(width: previewLogical.width, height: previewLogical.height)
        }
        panelFrames = 3
        overlayChanged = true
        StandardOutput.line("tuning panel " + (panelShown ? "on" : "off"))
    }

    private func showPanelBeside(_ preview: (width: Int, height: Int)) {
        window.panelWidth = TuningPanel.width
        window.panelShown = true
        panelWindow = (preview.width + TuningPanel.width, max(preview.height, TuningPanel.minHeight))
        window.setSize(width: panelWindow.width, height: panelWindow.height)
    }

    /// Takes a resize made by the window's user while the panel is shown: in each direction where
    /// the preview filled the space beside the panel it follows the space (it is laid out again at
    /// that size, the new canvas size); elsewhere it keeps its size, centred, and is scaled down to fit
    /// when the space is smaller.
    private func followResize(to now: (width: Int, height: Int)) {
        guard panelShown, now != panelWindow, now.width > 0, now.height > 0 else { return }
        let oldSpace = (width: panelWindow.width - TuningPanel.width, height: panelWindow.height)
        let space = (width: now.width - min(TuningPanel.width, now.width), height: now.height)
        panelWindow = now
        let least = 16
        var next = previewLogical
        if previewLogical.width == oldSpace.width, space.width >= least { next.width = space.width }
        if previewLogical.height == oldSpace.height, space.height >= least { next.height = space.height }
        if next != previewLogical {
            previewLogical = next
            panelFrames = max(panelFrames, 2)
        }
    }

    /// Makes a panel frame when one is due (input arrived, an export is running or has just
    /// finished); true when one was made (the window must be presented again). With the panel
    /// hidden this costs nothing.
    private func updatePanel(_ tick: FrameTick) -> Bool {
        guard panelShown, let panel else { return false }
        let exporting = panel.isExporting && tick.index % 6 == 0
        // The timeline row follows a playing scene about ten times a second (not at all while paused
        // or held at its end).
        let due = lastPanelFrame.map { tick.timestamp - $0 >= 0.095 } ?? true
        let playing = !paused && due && pictureFrame(frame) != pictureFrame(.max)
        guard panelFrames > 0 || exporting || playing || panel.exportNeedsReport else { return false }
        guard let ui = window.makePanel(fontPath: Self.panelFont, pointSize: Self.panelPointSize) else { return false }
        panelFrames = max(panelFrames - 1, 0)
        let dt = lastPanelFrame.map { max(tick.timestamp - $0, 0.001) } ?? 1.0 / 60
        lastPanelFrame = tick.timestamp
        let size = window.size
        let left = window.panelLeft
        ui.begin(drawable: window.drawableSize, x: Double(left),
                 width: Double(max(size.width - left, 1)), height: Double(size.height), dt: dt)
        panel.build(ui, host: self)
        ui.end()
        if ui.isActive || ui.hasQueuedInput { panelFrames = max(panelFrames, 1) }
        return true
    }

    var currentSetup: SceneSetup { setup }
    var currentScene: any Scene { scene }

    func install(_ setup: SceneSetup, _ scene: any Scene) {
        let old = self.scene
        scene.renderer = old.renderer
        scene.renderThreads = old.renderThreads
        self.setup = setup
        self.scene = scene
        initialSize = (scene.width, scene.height)
        sceneChanges &+= 1
        timeline = nil
        shownPicture = nil
        renderSize = (0, 0)                 // laid out again at the preview's size
        if panelShown, (scene.width, scene.height) != previewLogical {
            previewLogical = (scene.width, scene.height)
            showPanelBeside(previewLogical)
        }
    }

    func compare(with scene: (any Scene)?) {
        scene?.renderer = self.scene.renderer
        scene?.renderThreads = self.scene.renderThreads
        comparison = scene
        sceneChanges &+= 1
        shownPicture = nil
    }

    func copyToClipboard(_ text: String) -> Bool { window.setClipboard(text) }

    var frameNumber: Int { frame }
    var isPaused: Bool { paused }

    /// Pauses or resumes (Space, the panel's Play / Pause), saying so.
    func setPaused(_ paused: Bool) {
        guard paused != self.paused else { return }
        self.paused = paused
        StandardOutput.line(paused ? "paused at frame \(frame)" : "resumed at frame \(frame)")
        if panelShown { panelFrames = max(panelFrames, 1) }
    }

    /// Shows `frame`, paused (the panel's scrubber).
    func seek(toFrame frame: Int) {
        if !paused {
            paused = true
            StandardOutput.line("paused at frame \(self.frame)")
        }
        self.frame = max(frame, 0)
    }

    func restart() {
        _ = scene.perform(.restart, atFrame: frame)
        sceneChanges &+= 1
        frame = 0
        shownPicture = nil
    }

    /// Draws the compared scene's frame into the right half of the preview, with a one-pixel
    /// divider; every row changed.
    private func composeComparison() -> Range<Int> {
        guard let b = comparison else { return 0 ..< pixmap.height }
        if b.width != pixmap.width || b.height != pixmap.height {
            do { try b.resize(width: pixmap.width, height: pixmap.height, scale: scale) } catch {
                StandardError.line("wavefill: cannot lay out the compared scene at \(pixmap.width)x\(pixmap.height): \(error)")
                comparison = nil
                return 0 ..< pixmap.height
            }
        }
        b.render(frame: frame, into: &comparisonPixmap)
        guard comparisonPixmap.width == pixmap.width, comparisonPixmap.height == pixmap.height else { return 0 ..< pixmap.height }
        let w = pixmap.width, h = pixmap.height, half = w / 2
        comparisonPixmap.bytes.withUnsafeBytes { src in
            pixmap.bytes.withUnsafeMutableBytes { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for y in 0 ..< h {
                    let row = y * w * 4
                    (d + row + half * 4).copyMemory(from: s + row + half * 4, byteCount: (w - half) * 4)
                    if half > 0 {
                        for k in 0 ..< 4 { d.storeBytes(of: k == 3 ? 255 : 128, toByteOffset: row + (half - 1) * 4 + k, as: UInt8.self) }
                    }
                }
            }
        }
        return 0 ..< h
    }
}
