import CPanelUI
import CSDL2

/// What a panel widget reports for this frame.
public struct PanelResult: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// The value changed this frame.
    public static let changed = PanelResult(rawValue: Int32(WF_UI_CHANGED))
    /// An edit finished: released, Enter pressed, or focus left after a change.
    public static let committed = PanelResult(rawValue: Int32(WF_UI_COMMITTED))
    /// A value is being typed into the slider; nothing is applied until Enter or the field is left.
    public static let editing = PanelResult(rawValue: Int32(WF_UI_EDITING))
    /// The value was typed (and may lie outside the slider's range).
    public static let typed = PanelResult(rawValue: Int32(WF_UI_TYPED))
}

/// What the status bar says: a note, a success or an error.
public enum PanelStatusKind: Int32, Sendable {
    case note = 0, success = 1, error = 2
}

/// A rectangle in the window's logical points.
public struct PanelRect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The tuning panel's immediate-mode widgets (Dear ImGui through `CPanelUI`), drawn into a window's
/// renderer beside the preview.
///
/// Between `begin` and `end` the caller declares the widgets of one frame; each reports whether its
/// value changed. Every widget with a `name` records its rectangle, so scripted input can aim at a
/// control by name (`--script 10:click=amplitude@0.5`). Coordinates given to and reported by this
/// type are the window's logical points; the widgets are laid out in drawable pixels (crisp at
/// HiDPI scale).
@MainActor
public final class PanelUI {
    private let ui: OpaquePointer
    /// Drawable pixels per logical point.
    public let scale: Double
    /// The rectangles of the last frame's named widgets, in logical points.
    public private(set) var rects: [String: PanelRect] = [:]
    /// The rectangles of the frame before the last.
    private var previousRects: [String: PanelRect] = [:]
    private var frameRects: [String: PanelRect] = [:]
    private var text = [CChar](repeating: 0, count: 1024)
    /// A control to scroll into view when it is next drawn (a script aims at it).
    var reveal: String?
    /// The last control scrolled into view that way.
    var revealed: String?
    /// The panel's height in logical points (this frame's).
    public private(set) var height = 0.0
    /// The visible part of the scrolling body, logical points (from the last frame).
    private(set) var visibleBody = 0.0 ... 0.0
    /// The named widgets drawn in the scrolling body (not in a pop-up, the fixed rows or the status bar).
    private(set) var scrolled: Set<String> = []
    private var frameScrolled: Set<String> = []
    private var inBody = false
    private var popupDepth = 0

    /// A panel drawing with `renderer`, its text in `fontPath` at `pointSize` points; nil when the
    /// font cannot be loaded.
    init?(renderer: OpaquePointer, fontPath: String, pointSize: Double, scale: Double) {
        guard let ui = wf_ui_create(UnsafeMutableRawPointer(renderer), fontPath, Float(pointSize * scale), Float(scale)) else { return nil }
        self.ui = ui
        self.scale = scale
    }

    isolated deinit { wf_ui_destroy(ui) }

    // MARK: - Input

    /// Hands one SDL event to the widgets (positions in logical points, `originX` the panel's left
    /// edge is not needed: the widgets use window coordinates).
    func feed(_ e: SDL_Event) {
        let s = Float(scale)
        switch e.type {
        case SDL_MOUSEMOTION.rawValue:
            wf_ui_mouse_pos(ui, Float(e.motion.x) * s, Float(e.motion.y) * s)
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            wf_ui_mouse_pos(ui, Float(e.button.x) * s, Float(e.button.y) * s)
            let b: Int32 = e.button.button == UInt8(SDL_BUTTON_LEFT) ? 0 : e.button.button == UInt8(SDL_BUTTON_RIGHT) ? 1 : 2
            wf_ui_mouse_button(ui, b, e.type == SDL_MOUSEBUTTONDOWN.rawValue)
        case SDL_MOUSEWHEEL.rawValue:
            var dy = e.wheel.preciseY != 0 ? e.wheel.preciseY : Float(e.wheel.y)
            if e.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) { dy = -dy }
            wf_ui_mouse_wheel(ui, dy)
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let mod = Int(e.key.keysym.mod)
            wf_ui_modifiers(ui, mod & Int(KMOD_CTRL.rawValue) != 0, mod & Int(KMOD_SHIFT.rawValue) != 0, mod & Int(KMOD_ALT.rawValue) != 0)
            if let k = Self.key(e.key.keysym.sym) { wf_ui_key(ui, k, e.type == SDL_KEYDOWN.rawValue) }
        case SDL_TEXTINPUT.rawValue:
            var t = e.text
            withUnsafeBytes(of: &t.text) { raw in
                let bytes = Array(raw.prefix { $0 != 0 }) + [0]
                bytes.withUnsafeBufferPointer { b in
                    b.withMemoryRebound(to: CChar.self) { wf_ui_text_input(ui, $0.baseAddress) }
                }
            }
        default:
            break
        }
    }

    static func key(_ sym: SDL_Keycode) -> Int32? {
        let table: [(SDL_KeyCode, Int)] = [
            (SDLK_TAB, WF_UI_KEY_TAB), (SDLK_LEFT, WF_UI_KEY_LEFT), (SDLK_RIGHT, WF_UI_KEY_RIGHT),
            (SDLK_UP, WF_UI_KEY_UP), (SDLK_DOWN, WF_UI_KEY_DOWN), (SDLK_PAGEUP, WF_UI_KEY_PAGE_UP),
            (SDLK_PAGEDOWN, WF_UI_KEY_PAGE_DOWN), (SDLK_HOME, WF_UI_KEY_HOME), (SDLK_END, WF_UI_KEY_END),
            (SDLK_INSERT, WF_UI_KEY_INSERT), (SDLK_DELETE, WF_UI_KEY_DELETE), (SDLK_BACKSPACE, WF_UI_KEY_BACKSPACE),
            (SDLK_SPACE, WF_UI_KEY_SPACE), (SDLK_RETURN, WF_UI_KEY_ENTER), (SDLK_ESCAPE, WF_UI_KEY_ESCAPE),
            (SDLK_KP_ENTER, WF_UI_KEY_KEYPAD_ENTER), (SDLK_a, WF_UI_KEY_A), (SDLK_c, WF_UI_KEY_C),
            (SDLK_v, WF_UI_KEY_V), (SDLK_x, WF_UI_KEY_X), (SDLK_y, WF_UI_KEY_Y), (SDLK_z, WF_UI_KEY_Z),
        ]
        for (code, k) in table where SDL_Keycode(code.rawValue) == sym { return Int32(k) }
        return nil
    }

    /// True when `name` was drawn at the same place in the last two frames (not scrolling).
    public func isSettled(_ name: String) -> Bool { rects[name] != nil && rects[name] == previousRects[name] }

    /// Pointer input waits for the next frame (it must be made even without new events).
    public var hasQueuedInput: Bool { wf_ui_has_queued_input(ui) }
    /// A click waits for the next frame: keys typed right after it are for the field it activates.
    public var hasQueuedClick: Bool { wf_ui_has_queued_click(ui) }

    /// True when the named control lies outside the visible part of the scrolling body.
    public func isOutOfView(_ name: String) -> Bool {
        guard let r = rects[name], scrolled.contains(name) else { return false }
        return r.y < visibleBody.lowerBound - 0.5 || r.y + r.height > visibleBody.upperBound + 0.5
    }

    /// A text field is being edited: every key is the panel's.
    public var wantsText: Bool { wf_ui_wants_text(ui) }
    /// The panel has the keyboard (a text field, or keyboard navigation after a click in it).
    public var wantsKeyboard: Bool { wf_ui_wants_keyboard(ui) }
    /// A widget is held (a slider being dragged, a button pressed).
    public var isActive: Bool { wf_ui_is_active(ui) }
    /// The pointer is over the panel or one of its pop-ups.
    public var wantsMouse: Bool { wf_ui_wants_mouse(ui) }

    /// Takes the keyboard away from the panel (the preview was clicked).
    public func unfocus() { wf_ui_unfocus(ui) }

    // MARK: - Frames

    /// Starts a frame: the drawable is `drawable` pixels and the panel fills `x...` in logical points.
    public func begin(drawable: (width: Int, height: Int), x: Double, width: Double, height: Double, dt: Double) {
        frameRects.removeAll(keepingCapacity: true)
        frameScrolled.removeAll(keepingCapacity: true)
        popupDepth = 0
        self.height = height
        let s = scale
        wf_ui_begin(ui, Float(drawable.width), Float(drawable.height), Float(x * s), 0, Float(width * s), Float(height * s), dt)
    }

    /// Ends the frame; its draw lists are drawn with every present until the next frame.
    public func end() {
        wf_ui_end(ui)
        previousRects = rects
        rects = frameRects
        scrolled = frameScrolled
    }

    /// The widgets declared inside `body` scroll (the wheel scrolls them, a scripted action scrolls
    /// its control into view); those declared before stay at the top. After it comes the status bar:
    /// `status` in a box of `statusLines` lines that never changes size, so a message never moves a
    /// control.
    public func body(statusLines: Double = 2, status: String, kind: PanelStatusKind, _ content: () -> Void) {
        wf_ui_begin_body(ui, Float(statusLines))
        inBody = true
        content()
        inBody = false
        var v: [Float] = [0, 0]
        wf_ui_body_visible(ui, &v)
        visibleBody = Double(v[0]) / scale ... max(Double(v[0]), Double(v[1])) / scale
        wf_ui_end_body(ui)
        wf_ui_status_bar(ui, status, kind.rawValue, Float(statusLines))
    }

    func draw() -> Bool { wf_ui_draw(ui) }

    private func record(_ name: String?) {
        guard let name else { return }
        if inBody && popupDepth == 0 { frameScrolled.insert(name) }
        if name == reveal {
            wf_ui_scroll_to_last(ui)
            reveal = nil
            revealed = name
        }
        var r: [Float] = [0, 0, 0, 0]
        wf_ui_last_rect(ui, &r)
        frameRects[name] = PanelRect(x: Double(r[0]) / scale, y: Double(r[1]) / scale, width: Double(r[2]) / scale, height: Double(r[3]) / scale)
    }

    // MARK: - Widgets

    /// A slider over `range` showing `decimals` digits (the value is rounded to them; a negative
    /// `decimals` shows "auto" instead of a value); the wheel with Ctrl held steps it by `step`
    /// (Shift: `fine`); Ctrl+click types a value, reported once on Enter (or when the field is left)
    /// with `.typed`, which may lie outside `range`.
    public func slider(_ label: String, name: String? = nil, value: inout Double, range: ClosedRange<Double>,
                       decimals: Int, unit: String, step: Double, fine: Double) -> PanelResult {
        let format = decimals < 0 ? "auto" : "%.\(max(0, min(decimals, 9)))f" + (unit.isEmpty ? "" : " " + unit.replacingOccurrences(of: "%", with: "%%"))
        let r = PanelResult(rawValue: wf_ui_slider(ui, label, &value, range.lowerBound, range.upperBound, format, step, fine))
        record(name)
        return r
    }

    /// A whole-number slider (`format`: printf's, with one %d).
    public func integer(_ label: String, name: String? = nil, value: inout Int, range: ClosedRange<Int>, format: String = "%d") -> PanelResult {
        var v = Int32(clamping: value)
        let r = PanelResult(rawValue: wf_ui_slider_int(ui, label, &v, Int32(clamping: range.lowerBound), Int32(clamping: range.upperBound), format))
        value = Int(v)
        record(name)
        return r
    }

    /// A hex field with a swatch (a dimmed "off" when `unset`), and a "pick" button opening a
    /// hue/saturation/value picker with alpha (named `name/pick` and, while open, `name/picker`).
    public func colour(_ label: String, name: String? = nil, rgba: inout (Double, Double, Double, Double), unset: Bool = false) -> PanelResult {
        var c: [Float] = [Float(rgba.0), Float(rgba.1), Float(rgba.2), Float(rgba.3)]
        // The pop-up's and button's identifiers from the label's own ("text###id" is identified by "###id").
        let id = label.range(of: "###").map { String(label[$0.upperBound...]) } ?? label
        let pick = "pick###pick-" + id
        let buttonWidth = wf_ui_text_width(ui, "pick") + Float(12 * scale)
        var r = PanelResult(rawValue: wf_ui_colour(ui, label, &c, unset, buttonWidth))
        record(name)
        wf_ui_same_line(ui)
        let popup = "picker-" + id
        if wf_ui_button(ui, pick, buttonWidth) { wf_ui_open_popup(ui, popup) }
        record(name.map { $0 + "/pick" })
        if wf_ui_begin_popup(ui, popup) {
            popupDepth += 1
            r.formUnion(PanelResult(rawValue: wf_ui_colour_picker(ui, "##picker-" + id, &c)))
            record(name.map { $0 + "/picker" })
            popupDepth -= 1
            wf_ui_end_popup(ui)
        }
        rgba = (Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        return r
    }

    /// A check box.
    public func toggle(_ label: String, name: String? = nil, value: inout Bool) -> PanelResult {
        let r = PanelResult(rawValue: wf_ui_checkbox(ui, label, &value))
        record(name)
        return r
    }

    /// A drop-down of `items` (showing `placeholder` when none is selected); returns the index chosen
    /// this frame. Each item's rectangle is
    /// recorded as `name/item` while the list is open.
    public func choice(_ label: String, name: String? = nil, items: [String], selected: Int?, placeholder: String = "") -> Int? {
        let preview = selected.flatMap { items.indices.contains($0) ? items[$0] : nil } ?? placeholder
        let open = wf_ui_begin_combo(ui, label, preview)
        var chosen: Int?
        if open {
            popupDepth += 1
            for (k, item) in items.enumerated() {
                if wf_ui_selectable(ui, item, k == selected) { chosen = k }
                if let name { record(name + "/" + item) }
            }
            popupDepth -= 1
            wf_ui_end_combo(ui)
        }
        record(name)
        return chosen
    }

    /// A one-line text field holding `value` (up to 1023 bytes).
    public func textField(_ label: String, name: String? = nil, value: inout String) -> PanelResult {
        let bytes = Array(value.utf8.prefix(text.count - 1))
        text.withUnsafeMutableBufferPointer { b in
            for (i, c) in bytes.enumerated() { b[i] = CChar(bitPattern: c) }
            b[bytes.count] = 0
        }
        let r = PanelResult(rawValue: text.withUnsafeMutableBufferPointer { wf_ui_input(ui, label, $0.baseAddress, $0.count) })
        if !r.isEmpty {
            value = text.withUnsafeBufferPointer { b in
                String(decoding: b.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        record(name)
        return r
    }

    /// A button `width` points wide (0: its label's width); true when clicked this frame.
    public func button(_ label: String, name: String? = nil, width: Double = 0) -> Bool {
        let r = wf_ui_button(ui, label, Float(width * scale))
        record(name)
        return r
    }

    /// One line of text beside the widgets (not wrapped).
    public func lineText(_ text: String) { wf_ui_line_text(ui, text) }

    /// The width left on the current line, and a text's width, in points.
    public var availableWidth: Double { Double(wf_ui_available_width(ui)) / scale }
    public func textWidth(_ text: String) -> Double { Double(wf_ui_text_width(ui, text)) / scale }
    /// The next widget's width in points (negative: up to that far from the right edge).
    public func nextWidth(_ width: Double) { wf_ui_set_next_width(ui, Float(width * scale)) }

    /// The next widget goes on the same line.
    public func sameLine() { wf_ui_same_line(ui) }
    /// Wrapped text, dimmed.
    public func note(_ text: String) { wf_ui_dim_text(ui, text) }
    /// Wrapped text in the error colour.
    public func error(_ text: String) { wf_ui_error_text(ui, text) }
    /// A tooltip for the last widget while hovered.
    public func tooltip(_ text: String) { wf_ui_tooltip(ui, text) }
    /// A collapsible section header; true when open.
    public func section(_ label: String, name: String? = nil, open: Bool = true) -> Bool {
        let r = wf_ui_section(ui, label, open)
        record(name)
        return r
    }
    /// A progress bar of `fraction` (0...1) with `overlay` text.
    public func progress(_ fraction: Double, overlay: String) { wf_ui_progress(ui, Float(fraction), overlay) }
    /// Widget identifiers pushed inside `body` are unique to `id`.
    public func group(_ id: String, _ body: () -> Void) {
        wf_ui_push_id(ui, id)
        body()
        wf_ui_pop_id(ui)
    }
}
