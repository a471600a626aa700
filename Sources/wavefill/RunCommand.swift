import ArgumentParser
import WaveFill
import WaveFillApp
#if canImport(Glibc)
import Glibc
#endif

/// `wavefill run` (the default): the indicator in a window, paced by vsync, tuned live.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play the indicator in a window at the display's refresh rate and tune it live.",
        discussion: """
        The window opens at the scene size and plays one frame per display refresh (vsync). Where \
        vsync is not honoured the clock paces itself to the display's refresh rate, or to the scene's frame \
        rate when that is unknown, and says so once. The scene is rendered at the window's pixel size (HiDPI) \
        and laid out again when the window is resized. Every change is printed on stdout as one line.

        Controls:
        \(LiveControls.helpLines.map { "  " + $0 }.joined(separator: "\n"))

        Other scenes (--scene marquee|stroke|spread|morph) play frame-based (tick k shows frame k, as \
        'wavefill render --scene ... --frame k'); their keys: marquee, morph: space pause / resume; \
        stroke: mouse drag scrubs the drawing (paused at that progress, up = further), a plays again, \
        space pauses; spread: space or a click selects / deselects; every scene: r restart, s save the \
        frame, ? help, q / Esc quit, Tab the tuning panel (every setting of the scene with its range, \
        presets, copy command, export, A/B compare; Ctrl+Z / Ctrl+Shift+Z undo and redo its changes).

        Saved frames go to ./wavefill-frame-NNNNN.png (never overwriting). Without a display this \
        command says so and exits 69; 'wavefill render' renders frames headless.

        --script replays input at given ticks through SDL's event queue, as if typed: entries \
        TICK:ACTION separated by ';', ACTION one of key=NAME (space, tab, enter, backspace, up, down, \
        left, right, [, ], 0-9, a-z, ?, esc; ctrl+ and shift+ may come before), drag=F (press and \
        release at F of the height from the bottom, 0...1), resize=WxH, hide, show, minimize, restore \
        (these two need a window manager), expose, quit; and on the tuning panel's controls, named by \
        their setting (amplitude, front-wave/picker, line-join/bevel, export ...): click=NAME[@F], \
        ctrl-click=NAME[@F], press=, move=, release=NAME[@F] (F: 0...1 across the control), \
        wheel=NAME@N (scrolls the panel), ctrl-wheel=NAME@N (steps the slider), shift-wheel=NAME@N \
        (a tenth of a step), text=STRING, locate=NAME (prints the control's rectangle). \
        Example: --frames 120 --script "30:key=space;60:key=up;90:drag=0.5".
        """)

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Run N display ticks, then exit (1...1000000). (default: until closed)", valueName: "N"))
    var frames: Int?

    @Option(name: .long, help: ArgumentHelp("On exit, save the last presented frame, read back from the renderer, to this .png file (an existing one only with --force).", valueName: "file.png"))
    var screenshot: String?

    @Option(name: .long, help: ArgumentHelp("Scripted input: 'TICK:ACTION;...' (see above).", valueName: "script"))
    var script: String?

    @Flag(name: .long, help: "Overwrite an existing --screenshot or --save-preset file.")
    var force = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Threads that draw a large frame's rows (marquee, stroke, spread, morph): 1...8, or auto (two where the machine has two cores or more, else one); the pixels are the same.", valueName: "N|auto"))
    var renderThreads: String = "auto"

    /// `--render-threads` as a count: auto is 2 on a machine with two or more cores, else 1 (frames
    /// under 256x256 and tiles under 16 K pixels stay on one thread whatever the count).
    static func renderThreadCount(_ text: String, cores: Int) throws -> Int {
        if text == "auto" { return cores >= 2 ? 2 : 1 }
        guard let n = Int(text), (1 ... 8).contains(n) else {
            throw ParameterError("--render-threads", "'\(text)' is not auto or a whole number 1 ... 8")
        }
        return n
    }

    @Flag(name: .long, help: "Do not ask the renderer for vsync; the clock paces the frames itself.")
    var noVsync = false

    @Flag(name: .long, help: "Only check that a window can be opened here: exit 0 if so, else 69 with the reason.")
    var checkDisplay = false

    func run() throws {
        if try scene.listedPresets() { return }
        if checkDisplay {
            try MainActor.assumeIsolated { try WindowPlayer.checkDisplay() }
            StandardOutput.line("display found")
            return
        }
        // Everything that can be refused is checked before a window opens or anything is written.
        if let frames, !(1 ... 1_000_000).contains(frames) {
            throw ParameterError("--frames", "\(frames) is outside 1 ... 1000000")
        }
        #if canImport(Glibc)
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        let cores = 1
        #endif
        let threadCount = try Self.renderThreadCount(renderThreads, cores: cores)
        if let screenshot { try Self.checkScreenshotPath(screenshot, force: force) }
        if let path = scene.savePreset { try SceneSetup.checkPresetPath(path, force: force) }
        var options = WindowOptions()
        if let script { try options.setScript(script) }
        let setup = try SceneSetup(scene)
        // The scene is made (and everything it could refuse refused) before a window opens.
        let made = try setup.makeScene()
        made.renderThreads = threadCount
        if let path = scene.savePreset { try setup.savePreset(to: path, force: force) }
        options.frames = frames; options.screenshot = screenshot; options.vsync = !noVsync
        // The command runs on the main thread (assumeIsolated checks it), so the scene never crosses threads.
        nonisolated(unsafe) let sceneToPlay = made
        let opts = options
        try MainActor.assumeIsolated {
            try WindowPlayer.play(scene: sceneToPlay, setup: setup, options: opts)
        }
    }

    static func checkScreenshotPath(_ path: String, force: Bool) throws {
        guard path.lowercased().hasSuffix(".png"), !path.hasSuffix("/") else {
            throw ParameterError("--screenshot", "'\(path)' is not a .png file name")
        }
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var st = stat()
        guard stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw ParameterError("--screenshot", "directory '\(dir)' does not exist")
        }
        guard access(dir, W_OK) == 0 else { throw ParameterError("--screenshot", "directory '\(dir)' is not writable") }
        if stat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw ParameterError("--screenshot", "'\(path)' is a directory") }
            if !force { throw ParameterError("--screenshot", "'\(path)' exists; pass --force to overwrite") }
        }
    }
}
