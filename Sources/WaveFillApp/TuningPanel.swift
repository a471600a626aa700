import WaveFill
import SDLHost
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the tuning panel edits: the flag layer (the command line's flags, then every change made in
/// the panel) and the preset under it. A state is applied exactly as `wavefill run` applies its
/// flags: `SceneSetup(flags:preset:)`, then `makeScene()`, with the same validation and errors.
struct PanelState: Equatable {
    var flags: SceneSettings
    var preset: String?
}

/// What the panel asks of the window it sits in.
@MainActor
protocol TuningHost: AnyObject {
    /// The settings on screen.
    var currentSetup: SceneSetup { get }
    /// The scene on screen (its live key changes are part of what is shown).
    var currentScene: any Scene { get }
    /// Shows `scene` (made from `setup`) from the next frame on, at the frame the window is at.
    func install(_ setup: SceneSetup, _ scene: any Scene)
    /// Shows `scene` in the right half of the preview (nil: the whole preview is the current scene).
    func compare(with scene: (any Scene)?)
    /// The `wavefill run ...` line of what is on screen.
    func commandLine() -> String
    /// Puts text on the clipboard; false when it could not.
    func copyToClipboard(_ text: String) -> Bool
    /// Starts the scene on screen again at frame 0.
    func restart()
    /// The changes made on screen (keys, clicks, a resize) as settings that make the frame shown.
    func adjusted() -> [String: SettingValue]
    /// The frame on screen.
    var frameNumber: Int { get }
    /// True while the frame does not advance (Space).
    var isPaused: Bool { get }
    /// Pauses or resumes as Space does.
    func setPaused(_ paused: Bool)
    /// Shows frame `frame`, paused.
    func seek(toFrame frame: Int)
}

/// An export started from the panel, running on its own thread while the preview keeps playing.
final class PanelExport: Sendable {
    struct Status: Sendable {
        var done = 0, total = 0
        var finished = false
        var error: String?
    }
    let out: String
    let status = Mutex(Status())

    init(out: String) { self.out = out }

    /// Starts `SceneExporter(setup:request:).run()` off the main thread.
    static func start(setup: SceneSetup, request: ExportRequest) -> PanelExport {
        let job = PanelExport(out: request.out)
        var r = request
        r.onProgress = { done, total in job.status.withLock { $0.done = done; $0.total = total } }
        let req = r
        Task.detached(priority: .utility) {
            var failure: String?
            do { try SceneExporter(setup: setup, request: req).run() } catch { failure = "\(error)" }
            job.status.withLock { $0.finished = true; $0.error = failure }
        }
        return job
    }
}

/// The window's side panel (Tab): every setting of the scene on screen with its value, unit and
/// range, the scene picker, presets, the command line, exports and an A/B comparison, drawn with
/// `PanelUI` beside the preview.
///
/// One settings path: a change is laid over the flags as the matching flag would be and the scene is
/// made again through `SceneSetup`; a value the flag would refuse shows the flag's error in the
/// panel and changes nothing. Each change (one whole drag of a slider counts as one) can be undone
/// and redone.
@MainActor
final class TuningPanel {
    /// The panel's width in logical points.
    static let width = 360
    /// The window's least height while the panel is shown, logical points.
    static let minHeight = 600
    /// The most changes kept for undo.
    static let undoLimit = 200

    private(set) var state: PanelState
    private var undoStack: [PanelState] = []
    private var redoStack: [PanelState] = []
    /// The last refused change: the flag's one-line error (shown in the status bar).
    private(set) var error: String? {
        didSet { if error != nil { notice = nil } }
    }
    /// The last thing done (set, undone, saved, copied, exported), shown in the status bar.
    private(set) var notice: String? {
        didSet { if notice != nil { error = nil } }
    }
    private var gestureOpen = false
    private var drafts: [String: String] = [:]
    private var fonts: [(name: String, file: String)]?
    private var presetNames: [String] = PresetLibrary.builtinNames
    private var presetIndex = 0
    private var presetFile = "wavefill-preset.json"
    private var overwrite = false
    private var exportFormat = ExportFormat.gif
    private var exportLength = 0
    private var exportFrames = 60
    private var exportSeconds = 2.0
    private var exportPath = "wavefill-export.gif"
    private(set) var export: PanelExport?
    private var exportReported = false
    private(set) var pinned: PanelState?
    private var compareIndex: Int?

    /// A panel editing `setup`'s settings: its flags over its preset.
    init(flags: SceneSettings, preset: String?) {
        state = PanelState(flags: flags, preset: preset)
    }

    /// True while an export started here is running (the panel redraws its progress bar).
    var isExporting: Bool { export.map { !$0.status.withLock { $0.finished } } ?? false }

    /// True when a finished export has not been reported in the panel yet.
    var exportNeedsReport: Bool {
        guard let export, !exportReported else { return false }
        return export.status.withLock { $0.finished }
    }

    // MARK: - Changes

    /// Applies `next` (refused with the flag's error if the flags would be); an undo entry is made
    /// for the first change of a gesture.
    @discardableResult
    func apply(_ next: PanelState, host: TuningHost, undoable: Bool = true) -> Bool {
        do {
            let setup = try SceneSetup(flags: next.flags, preset: next.preset)
            let scene = try setup.makeScene()
            if undoable && !gestureOpen && next != state {
                undoStack.append(state)
                if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
                redoStack.removeAll()
                gestureOpen = true
            }
            state = next
            error = nil
            notice = nil
            drafts.removeAll()
            host.install(setup, scene)
            return true
        } catch {
            self.error = "\(error)"
            StandardError.line("wavefill: panel: \(error)")
            return false
        }
    }

    /// The flags with the scene's live key changes folded in (so a change in the panel keeps them).
    private func currentFlags(_ host: TuningHost) -> SceneSettings {
        state.flags.overlaid(with: SceneSettings(host.adjusted()))
    }

    /// Sets `key` to `value` (nil: back to its default) as `--key value` would.
    func set(_ key: String, _ value: SceneSettings.Value?, host: TuningHost) {
        var next = PanelState(flags: currentFlags(host), preset: state.preset)
        if let value { next.flags.set(key, value) } else { next.flags.unset(key) }
        if apply(next, host: host) {
            StandardOutput.line("panel: " + Self.flagText(key, value))
            notice = "set " + Self.flagText(key, value)
        }
    }

    /// A value typed for `d` (Enter, or the field left): checked as the flag would be, then set; a
    /// value the flag refuses shows its error once and changes nothing.
    private func setTyped(_ d: SettingDeclaration, _ value: SettingValue, host: TuningHost) {
        do { set(d.key, try d.check(value), host: host) } catch {
            refuse("\(d.flag): \((error as? SettingError)?.message ?? "\(error)")")
        }
    }

    /// Shows `message` as the error in the status bar and on stderr.
    private func refuse(_ message: String) {
        error = message
        StandardError.line("wavefill: panel: \(message)")
    }

    /// Switches to scene `kind`, keeping the settings every scene shares.
    func switchScene(to scene: any SceneDefinition, host: TuningHost) {
        guard scene.name != host.currentSetup.definition.name else { return }
        var flags = SceneSettings()
        for key in state.flags.keys where scene.declaration(key) != nil {
            if let v = state.flags.value(key) { flags.set(key, v) }
        }
        flags.set(SceneRegistry.sceneKey, .string(scene.name))
        if apply(PanelState(flags: flags, preset: nil), host: host) {
            host.restart()
            StandardOutput.line("panel: --scene \(scene.name)")
            notice = "switched to --scene \(scene.name), from frame 0"
        }
    }

    /// Undoes the last change; false when there is none.
    @discardableResult
    func undo(host: TuningHost) -> Bool { step(from: &undoStack, to: &redoStack, done: "undone", none: "nothing to undo", host: host) }

    /// Redoes the last undone change; false when there is none.
    @discardableResult
    func redo(host: TuningHost) -> Bool { step(from: &redoStack, to: &undoStack, done: "redone", none: "nothing to redo", host: host) }

    /// Applies the last state of `source`, keeping the state it replaces on `target` (undo: from the
    /// undo stack to the redo stack; redo the other way); a state that cannot be applied stays.
    private func step(from source: inout [PanelState], to target: inout [PanelState], done: String, none: String,
                      host: TuningHost) -> Bool {
        guard let next = source.popLast() else {
            notice = none
            StandardOutput.line("panel: " + none)
            return false
        }
        let current = state
        guard apply(next, host: host, undoable: false) else {
            source.append(next)
            return false
        }
        target.append(current)
        // What changed, as the flags of the state undone (undo) or brought back (redo).
        let change = done == "undone" ? Self.change(from: next, to: current) : Self.change(from: current, to: next)
        let line = done + (change.isEmpty ? "" : " " + change)
        notice = line
        StandardOutput.line("panel: " + line)
        return true
    }

    /// The flags that differ between `a` and `b`, with `b`'s values.
    static func change(from a: PanelState, to b: PanelState) -> String {
        var parts: [String] = []
        if a.preset != b.preset { parts.append("--preset " + (b.preset.map(SceneSetup.shellQuoted) ?? "(none)")) }
        var seen = Set<String>()
        for key in b.flags.keys + a.flags.keys where seen.insert(key).inserted {
            if a.flags.value(key) != b.flags.value(key) { parts.append(flagText(key, b.flags.value(key))) }
        }
        return parts.joined(separator: " ")
    }

    // MARK: - The panel

    /// Declares one frame of the panel: the timeline, scene and edit rows fixed at the top, the
    /// settings in a scrolling body, and the status bar at the bottom. In a short window (less than
    /// `shortHeight` points) the top rows scroll with the settings and the status bar has one line.
    func build(_ ui: PanelUI, host: TuningHost) {
        let status: (String, PanelStatusKind) = error.map { ($0, .error) } ?? notice.map { ($0, .note) } ?? ("", .note)
        if ui.height < Self.shortHeight {
            ui.body(statusLines: 1, status: status.0, kind: status.1) {
                header(ui, host: host)
                settings(ui, host: host)
            }
        } else {
            header(ui, host: host)
            ui.body(status: status.0, kind: status.1) { settings(ui, host: host) }
        }
        if !ui.isActive { gestureOpen = false }
    }

    /// Below this height (points) the whole panel scrolls.
    static let shortHeight = 360.0

    /// The timeline row, the scene picker, and undo, redo and copy command.
    private func header(_ ui: PanelUI, host: TuningHost) {
        timelineRow(ui, host: host)
        let scenes = SceneRegistry.all
        if let k = ui.choice("scene", name: "scene", items: scenes.map(\.name),
                             selected: scenes.firstIndex { $0.name == host.currentSetup.definition.name }) {
            switchScene(to: scenes[k], host: host)
        }
        ui.tooltip("The scene on screen (--scene); settings every scene shares are kept. It starts at frame 0.")
        if ui.button("Undo", name: "undo") { undo(host: host) }
        ui.tooltip("Ctrl+Z")
        ui.sameLine()
        if ui.button("Redo", name: "redo") { redo(host: host) }
        ui.tooltip("Ctrl+Shift+Z or Ctrl+Y")
        ui.sameLine()
        if ui.button("Copy command", name: "copy-command") { copyCommand(host) }
        ui.tooltip("Puts the wavefill run ... line of what is on screen on the clipboard and prints it.")
    }

    /// Play / pause, a scrubber over the scene's timeline, and the frame's number and time.
    private func timelineRow(_ ui: PanelUI, host: TuningHost) {
        let paused = host.isPaused
        if ui.button(paused ? "Play" : "Pause", name: "play", width: ui.textWidth("Pause") + 16) { host.setPaused(!paused) }
        ui.tooltip("Space")
        ui.sameLine()
        let fps = host.currentScene.fps
        let frame = host.frameNumber
        // The scrubber spans the timeline once: its frames (through the one showing the end), or one
        // period of a repeating scene; a repeating scene's frame is shown where it is in its period.
        var position = frame
        let last: Int
        switch host.currentScene.timeline {
        case .still:
            last = 0
        case .once(let frames):
            last = max(frames - 1, 0)
            position = min(frame, last)
        case .periodic(let frames, let seconds, let start):
            let period = frames ?? max(Int((seconds * fps).rounded(.up)), 1)
            last = start + max(period, 1) - 1
            if frame > last { position = start + (frame - start) % max(period, 1) }
        }
        let time = fps > 0 ? Double(frame) / fps : 0
        let text = StatusText.fixed(time, 2) + " s"
        ui.nextWidth(-(ui.textWidth("0000.00 s") + 8))
        var v = position
        let r = ui.integer("##timeline", name: "timeline", value: &v, range: 0 ... max(last, 1), format: "frame %d")
        if r.contains(.changed), v != position { host.seek(toFrame: v) }
        ui.tooltip("Drag to show a frame (pauses); Play resumes from it.")
        ui.sameLine()
        ui.lineText(text)
    }

    /// The scene's settings, grouped, then presets, export and compare.
    private func settings(_ ui: PanelUI, host: TuningHost) {
        let setup = host.currentSetup
        let effective = setup.effective(adjusted: host.adjusted())
        for group in SettingGroup.allCases {
            // Only the settings that apply to what is on screen (corner-radius with a rounded rect ...).
            let members = setup.definition.settings.filter { d in
                d.group == group && (d.condition?.holds { effective.value($0) } ?? true)
            }
            guard !members.isEmpty else { continue }
            if ui.section(group.rawValue + "###group-" + group.rawValue, name: "group-" + group.rawValue.lowercased()) {
                for d in members { ui.group(d.key) { row(d, ui, effective: effective, host: host) } }
            }
        }
        if ui.section("Presets###presets-section", name: "presets", open: false) { presets(ui, host: host) }
        if ui.section("Export###export-section", name: "export-section", open: true) { exportSection(ui, host: host) }
        if ui.section("Compare A/B", name: "compare", open: false) { compareSection(ui, host: host) }
    }

    private func row(_ d: SettingDeclaration, _ ui: PanelUI, effective: SceneSettings, host: TuningHost) {
        let key = d.key
        let given = effective.value(key)
        let shown = given ?? d.fixedDefault
        // Unset: "(auto)" when the scene derives the value, "(off)" when the feature is not drawn.
        var unset = ""
        if given == nil {
            if case .derived = d.defaultValue { unset = " (auto)" } else if case .off = d.defaultValue { unset = " (off)" }
        }
        let label = key + unset + "###" + key
        switch d.type {
        case .numberOrPercent where Self.string(given) != nil:
            // A share ("8%") is typed; the slider gives pixels.
            textRow(d, ui, label: label, shown: shown, host: host)
        case .number, .numberOrPercent:
            let soft = d.soft ?? 0 ... 1
            var v = Self.number(shown) ?? soft.lowerBound
            // The slider spans the soft range; a typed value (Ctrl+click) may go anywhere in the hard one.
            let r = ui.slider(label, name: key, value: &v, range: soft, decimals: shown == nil ? -1 : d.decimals, unit: d.unit,
                              step: d.step, fine: d.step / 10)
            if r.contains(.changed) {
                let scale = Self.power10(d.decimals)
                let rounded = (v * scale).rounded() / scale
                if r.contains(.typed) {
                    if Self.number(given) != rounded || given == nil { setTyped(d, .number(rounded), host: host) }
                } else if Self.number(given) != rounded {
                    set(key, .number(rounded), host: host)
                }
            }
        case .integer:
            let soft = d.soft ?? 0 ... 100
            if soft.upperBound - soft.lowerBound <= 100_000 {
                var v = Int(Self.number(shown) ?? soft.lowerBound)
                let r = ui.integer(label, name: key, value: &v, range: Int(soft.lowerBound) ... Int(soft.upperBound))
                if r.contains(.changed), Self.number(given) != Double(v) {
                    if r.contains(.typed) { setTyped(d, .number(Double(v)), host: host) } else { set(key, .number(Double(v)), host: host) }
                }
            } else {
                textRow(d, ui, label: label, shown: shown, host: host)
            }
        case .colour:
            // A colour nobody set whose default is "off" shows "off", not a made-up value.
            let colour = Self.string(shown).flatMap { Color(hex: $0) }
            let c = colour ?? .black
            var rgba = (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
            let off = colour == nil
            let r = ui.colour(off ? key + " (off)###" + key : label, name: key, rgba: &rgba, unset: off)
            if r.contains(.changed) {
                func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
                let hex = Color(r: byte(rgba.0), g: byte(rgba.1), b: byte(rgba.2), a: byte(rgba.3)).hex
                if Self.string(given) != hex { set(key, .string(hex), host: host) }
            }
        case .toggle:
            var b: Bool
            if case .bool(let v)? = shown { b = v } else { b = false }
            if ui.toggle(label, name: key, value: &b).contains(.changed) { set(key, .bool(b), host: host) }
        case .choice(let items):
            let current = Self.string(shown)
            if let k = ui.choice(label, name: key, items: items, selected: current.flatMap { items.firstIndex(of: $0) },
                                 placeholder: current ?? "auto") {
                set(key, .string(items[k]), host: host)
            }
        case .choiceOrText(let items):
            let current = Self.string(shown)
            if let k = ui.choice(label, name: key, items: items, selected: current.flatMap { items.firstIndex(of: $0) },
                                 placeholder: current == nil ? "auto" : "custom") {
                set(key, .string(items[k]), host: host)
            }
            textRow(d, ui, label: "custom###" + key + "-text", shown: shown, host: host, fieldName: key + "-text")
        case .file(.font):
            let list = fonts ?? FontLocator.installedFonts()
            fonts = list
            let path = Self.string(given)
            let selected = path.flatMap { p in list.firstIndex { $0.file == p } }
            if let k = ui.choice(label, name: key, items: list.map(\.name), selected: selected,
                                 placeholder: path == nil ? "default" : "other file") {
                set(key, .string(list[k].file), host: host)
            }
            if path == nil { ui.note("default: " + d.defaultText) }
            ui.tooltip(d.help)
            textRow(d, ui, label: "file###" + key + "-file", shown: given, host: host, fieldName: key + "-file")
        case .text, .list, .file, .size, .frameOrNever:
            textRow(d, ui, label: label, shown: shown, host: host)
        }
        var tip = d.help
        if let r = d.rangeText { tip += " Range \(r)." }
        tip += " Default: \(d.defaultText)."
        ui.tooltip(tip + (given == nil ? "" : " (set: \(d.flag))"))
    }

    /// A text field: edits are kept as a draft and applied when Enter is pressed or the field is
    /// left. Lists (repeated flags) are written with " ; " between items; empty means the default.
    private func textRow(_ d: SettingDeclaration, _ ui: PanelUI, label: String, shown: SceneSettings.Value?, host: TuningHost,
                         fieldName: String? = nil) {
        let key = d.key
        var text = drafts[key] ?? Self.text(shown)
        let r = ui.textField(label, name: fieldName ?? key, value: &text)
        if r.contains(.changed) { drafts[key] = text }
        guard r.contains(.committed) else { return }
        drafts[key] = nil
        let trimmed = text.trimmingCharacters(in: " ")
        if trimmed.isEmpty { set(key, nil, host: host); return }
        if d.type == .list {
            set(key, .strings(trimmed.split(separator: ";").map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }), host: host)
            return
        }
        // Checked as the flag would be: a number typed anywhere in the hard range, or the flag's error.
        setTyped(d, .string(trimmed), host: host)
    }

    private func presets(_ ui: PanelUI, host: TuningHost) {
        if let k = ui.choice("built-in", name: "preset", items: presetNames, selected: presetIndex) { presetIndex = k }
        ui.sameLine()
        if ui.button("Load", name: "load-preset"), presetNames.indices.contains(presetIndex) {
            load(presetNames[presetIndex], host: host)
        }
        _ = ui.textField("file###preset-file", name: "preset-file", value: &presetFile)
        ui.tooltip("A preset file (.json): Save as writes the settings on screen there; Load file reads it.")
        if ui.button("Save as", name: "save-preset") { savePreset(host) }
        ui.sameLine()
        if ui.button("Load file", name: "load-preset-file") { load(presetFile, host: host) }
        ui.sameLine()
        _ = ui.toggle("overwrite", name: "overwrite", value: &overwrite)
    }

    /// Loads a preset (a built-in name or a file) as `--preset` would, the panel's changes dropped.
    func load(_ preset: String, host: TuningHost) {
        if apply(PanelState(flags: SceneSettings(), preset: preset), host: host) {
            notice = "loaded preset \(preset)"
            StandardOutput.line("panel: --preset " + SceneSetup.shellQuoted(preset))
        }
    }

    /// Writes the settings on screen to the preset file (through a temporary name).
    func savePreset(_ host: TuningHost) {
        do {
            try SceneSetup.checkPresetPath(presetFile, force: overwrite)
            let json = try host.currentSetup.presetJSON(adjusted: host.adjusted())
            do { try AtomicFile.write(Array(json.utf8), to: presetFile) } catch {
                throw ParameterError("--save-preset", "\(error)")
            }
            error = nil
            notice = "saved preset \(presetFile)"
            StandardOutput.line("saved preset \(presetFile)")
        } catch {
            self.error = "\(error)"
        }
    }

    private func copyCommand(_ host: TuningHost) {
        let line = host.commandLine()
        StandardOutput.line(line)
        notice = host.copyToClipboard(line) ? "command copied to the clipboard" : "command printed (no clipboard)"
    }

    private func exportSection(_ ui: PanelUI, host: TuningHost) {
        let formats = ExportFormat.allCases
        if let k = ui.choice("format", name: "export-format", items: formats.map(\.rawValue), selected: formats.firstIndex(of: exportFormat)) {
            exportFormat = formats[k]
            exportPath = Self.replacingExtension(exportPath, with: Self.fileExtension(exportFormat))
        }
        let lengths = ["loop", "frames", "seconds"]
        if let k = ui.choice("length", name: "export-length", items: lengths, selected: exportLength) { exportLength = k }
        ui.tooltip("loop: the shortest exact repeat (--loop); or a number of frames (--frames) or seconds (--duration).")
        if exportLength == 1 {
            _ = ui.integer("frames", name: "export-frames", value: &exportFrames, range: 1 ... 1200)
        } else if exportLength == 2 {
            _ = ui.slider("seconds", name: "export-seconds", value: &exportSeconds, range: 0.1 ... 60, decimals: 2, unit: "s", step: 0.5, fine: 0.05)
        }
        _ = ui.textField("out###export-out", name: "export-out", value: &exportPath)
        if let job = export {
            let s = job.status.withLock { $0 }
            if !s.finished {
                ui.progress(s.total > 0 ? Double(s.done) / Double(s.total) : 0,
                            overlay: s.total > 0 ? "\(s.done)/\(s.total) frames" : "starting")
            } else if !exportReported {
                exportReported = true
                if let e = s.error {
                error = e
                StandardError.line("wavefill: panel: \(e)")
            } else {
                let size = SceneExporter.byteCount(SceneExporter.fileSize(job.out))
                notice = "wrote \(job.out) (\(size))"
                StandardOutput.line("panel: exported \(job.out) (\(size))")
            }
            }
        }
        if !isExporting, ui.button("Export###export-button", name: "export") { startExport(host) }
    }

    /// Blocks until an export started here has finished (the window is closing).
    func waitForExport() {
        guard isExporting else { return }
        StandardOutput.line("waiting for the export to \(export?.out ?? "") to finish")
        while isExporting { usleep(20_000) }
    }

    /// Starts exporting what is on screen as `wavefill export` would with the same settings.
    func startExport(_ host: TuningHost) {
        guard !isExporting else { return }
        let flags = currentFlags(host)
        let setup: SceneSetup
        do { setup = try SceneSetup(flags: flags, preset: state.preset) } catch {
            self.error = "\(error)"
            StandardError.line("wavefill: panel: \(error)")
            return
        }
        var request = ExportRequest(out: exportPath)
        request.format = exportFormat
        request.force = overwrite
        switch exportLength {
        case 1: request.frames = exportFrames
        case 2: request.duration = exportSeconds
        default: request.loop = true
        }
        error = nil
        notice = "exporting \(exportPath)"
        exportReported = false
        StandardOutput.line("panel: exporting \(exportPath) (\(exportFormat.rawValue))")
        export = PanelExport.start(setup: setup, request: request)
    }

    private func compareSection(_ ui: PanelUI, host: TuningHost) {
        ui.note("A (left) is what you edit; B (right) is a pinned copy or a preset.")
        if ui.button("Pin as B", name: "pin") {
            pin(PanelState(flags: currentFlags(host), preset: state.preset), host: host)
        }
        ui.sameLine()
        if pinned != nil, ui.button("Stop", name: "unpin") {
            pinned = nil
            compareIndex = nil
            host.compare(with: nil)
        }
        if let k = ui.choice("B preset", name: "compare-preset", items: presetNames, selected: compareIndex) {
            compareIndex = k
            pin(PanelState(flags: SceneSettings(), preset: presetNames[k]), host: host)
        }
    }

    /// Shows `b` in the right half of the preview.
    func pin(_ b: PanelState, host: TuningHost) {
        do {
            let scene = try SceneSetup(flags: b.flags, preset: b.preset).makeScene()
            pinned = b
            host.compare(with: scene)
        } catch {
            self.error = "\(error)"
        }
    }

    // MARK: - Values

    /// `--key value` as typed on a command line (`--key` alone for a set switch; "(default)" when unset).
    static func flagText(_ key: String, _ value: SceneSettings.Value?) -> String {
        let flag = "--" + key
        switch value {
        case nil, .unset?: return flag + " (default)"
        case .string(let s)?: return flag + " " + SceneSetup.shellQuoted(s)
        case .number(let n)?: return flag + " " + JSONText.number(n)
        case .bool(let b)?: return b ? flag : flag + " (off)"
        case .strings(let a)?: return a.map { flag + " " + SceneSetup.shellQuoted($0) }.joined(separator: " ")
        }
    }

    static func number(_ v: SceneSettings.Value?) -> Double? {
        if case .number(let n)? = v { return n }
        return nil
    }

    static func string(_ v: SceneSettings.Value?) -> String? {
        if case .string(let s)? = v { return s }
        return nil
    }

    static func text(_ v: SceneSettings.Value?) -> String {
        switch v {
        case nil: return ""
        case .string(let s)?: return s
        case .number(let n)?: return JSONText.number(n)
        case .bool(let b)?: return b ? "true" : "false"
        case .strings(let a)?: return a.joined(separator: " ; ")
        case .unset?: return ""
        }
    }

    static func power10(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0 ..< max(0, min(n, 12)) { p *= 10 }
        return p
    }

    static func fileExtension(_ f: ExportFormat) -> String {
        switch f {
        case .lottie: return "json"
        case .spritesheet: return "png"
        default: return f.rawValue
        }
    }

    static func replacingExtension(_ path: String, with ext: String) -> String {
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true {
            return String(path[..<dot]) + "." + ext
        }
        return path + "." + ext
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
