import Animation
import CSDL2

extension SDLWindow {
    /// Events since the last call (those that arrived during `waitForEvents` first), translated;
    /// SDL events that mean nothing here are dropped.
    public func pollEvents() -> [HostEvent] {
        pointedSincePoll = false
        events.removeAll(keepingCapacity: true)
        events.append(contentsOf: waited)
        waited.removeAll(keepingCapacity: true)
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let h = translate(e) { events.append(h) }
        }
        return events
    }

    /// Blocks in `SDL_WaitEventTimeout` until `deadline` (seconds on `MonotonicTime`), instead of
    /// spinning, and keeps the events that arrive, translated and in order, for the next
    /// `pollEvents()`; true when one did. With `returningEarly` it returns at the first such event
    /// (a hidden window wakes for the event that shows it); otherwise it waits out the deadline, so
    /// that a display link's tick keeps its time. SDL's timeout is in whole milliseconds: it is
    /// rounded up (one wake-up, at most a millisecond late), and less than a millisecond left is
    /// slept. Allocates nothing once the event buffer has grown.
    @discardableResult
    public func waitForEvents(until deadline: Double, returningEarly: Bool = false) -> Bool {
        var arrived = false
        var e = SDL_Event()
        while true {
            let left = deadline - MonotonicTime.seconds()
            guard left > 0 else { return arrived }
            if left < 0.001 {
                VSyncClock.sleep(until: deadline)
                return arrived
            }
            let ms = min(left * 1000, 60_000).rounded(.up)
            if SDL_WaitEventTimeout(&e, Int32(ms)) != 0, let h = translate(e) {
                waited.append(h)
                arrived = true
                if returningEarly { return true }
            }
        }
    }

    /// Gives `e` to the panel when it is aimed there (the pointer over the panel or held by one of its
    /// widgets; keys while a field is typed in, or, with the pointer over the panel, the navigation
    /// keys while it has the keyboard); true when it was. Tab (outside text fields), Ctrl+Z / Ctrl+Y and
    /// every other key are the window's, so no key is swallowed.
    private func routeToPanel(_ e: SDL_Event) -> Bool {
        guard panelShown, let panel else { return false }
        let left = panelLeft
        switch e.type {
        case SDL_MOUSEMOTION.rawValue:
            panel.feed(e)                   // hover follows the pointer everywhere
            pointerOverPanel = Int(e.motion.x) >= left
            let over = pointerOverPanel || panel.isActive
            return over && !pointerHeld
        case SDL_MOUSEBUTTONDOWN.rawValue:
            pointerOverPanel = Int(e.button.x) >= left
            guard pointerOverPanel || panel.wantsMouse else {
                panel.unfocus()
                return false
            }
            panel.feed(e)
            return true
        case SDL_MOUSEBUTTONUP.rawValue:
            if pointerHeld { return false }  // a press on the preview ends there
            panel.feed(e)
            return true
        case SDL_MOUSEWHEEL.rawValue:
            guard pointerOverPanel || panel.wantsMouse else { return false }
            panel.feed(e)
            return true
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let sym = Int(e.key.keysym.sym)
            let modifier = [SDLK_LCTRL, SDLK_RCTRL, SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LALT, SDLK_RALT].contains { Int($0.rawValue) == sym }
            if modifier { panel.feed(e); return true }
            if sym == Int(SDLK_TAB.rawValue) && !panel.wantsText { return false }
            let ctrl = Int(e.key.keysym.mod) & Int(KMOD_CTRL.rawValue) != 0
            let undo = ctrl && (sym == Int(SDLK_z.rawValue) || sym == Int(SDLK_y.rawValue))
            // Undo / redo outside a text field are the window's, however quickly the keys come.
            if undo && !panel.wantsText { return false }
            // Keys right after a click in the panel wait behind it (they are for the field it activates).
            if panel.wantsText || panel.hasQueuedClick {
                panel.feed(e)
                return true
            }
            // With the panel focused and the pointer over it, navigation keys move between its
            // controls and Space / Enter activate one; Esc gives the keyboard back to the scene;
            // other keys (and every key with the pointer over the preview) stay the scene's.
            guard panel.wantsKeyboard, pointerOverPanel else { return false }
            if sym == Int(SDLK_ESCAPE.rawValue) {
                if e.type == SDL_KEYDOWN.rawValue { panel.unfocus() }
                return true
            }
            let navigation = [SDLK_UP, SDLK_DOWN, SDLK_LEFT, SDLK_RIGHT, SDLK_SPACE, SDLK_RETURN, SDLK_KP_ENTER,
                              SDLK_PAGEUP, SDLK_PAGEDOWN, SDLK_HOME, SDLK_END].contains { Int($0.rawValue) == sym }
            guard navigation else { return false }
            panel.feed(e)
            return true
        case SDL_TEXTINPUT.rawValue:
            guard panel.wantsText || panel.hasQueuedClick else { return true }
            panel.feed(e)
            return true
        default:
            return false
        }
    }

    private func translate(_ e: SDL_Event) -> HostEvent? {
        if routeToPanel(e) { return .panelInput }
        // Pointer positions as fractions of the preview (where it is drawn beside the panel).
        let p: (x: Double, y: Double, width: Double, height: Double) = panelShown
            ? previewRect : (0, 0, Double(size.width), Double(size.height))
        func fraction(_ x: Int32, _ y: Int32) -> (Double, Double) {
            (min(max((Double(x) - p.x) / max(p.width, 1), 0), 1), min(max((Double(y) - p.y) / max(p.height, 1), 0), 1))
        }
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            guard e.window.windowID == windowID else { return nil }
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .quit
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return .resized(width: Int(e.window.data1), height: Int(e.window.data2))
            case SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue:
                return .visibilityChanged(visible: true)
            case SDL_WINDOWEVENT_HIDDEN.rawValue, SDL_WINDOWEVENT_MINIMIZED.rawValue:
                return .visibilityChanged(visible: false)
            case SDL_WINDOWEVENT_EXPOSED.rawValue:
                return .exposed
            default: return nil
            }
        case SDL_KEYDOWN.rawValue:
            let ctrl = Int(e.key.keysym.mod) & Int(KMOD_CTRL.rawValue) != 0
            if ctrl, Int(e.key.keysym.sym) == Int(SDLK_z.rawValue) { return .undo(redo: Int(e.key.keysym.mod) & Int(KMOD_SHIFT.rawValue) != 0) }
            if ctrl, Int(e.key.keysym.sym) == Int(SDLK_y.rawValue) { return .undo(redo: true) }
            return Self.hostKey(e.key.keysym).map(HostEvent.key)
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard e.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            pointerHeld = true
            let (x, y) = fraction(e.button.x, e.button.y)
            return .pointerDown(x: x, y: y)
        case SDL_MOUSEMOTION.rawValue:
            guard pointerHeld, e.motion.state & 1 != 0 else { return nil }   // SDL_BUTTON_LMASK
            let (x, y) = fraction(e.motion.x, e.motion.y)
            return .pointerDrag(x: x, y: y)
        case SDL_MOUSEBUTTONUP.rawValue:
            guard e.button.button == UInt8(SDL_BUTTON_LEFT), pointerHeld else { return nil }
            pointerHeld = false
            let (x, y) = fraction(e.button.x, e.button.y)
            return .pointerUp(x: x, y: y)
        default:
            return nil
        }
    }

    /// A coordinate to a tenth of a point.
    static func points(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func hostKey(_ k: SDL_Keysym) -> HostKey? {
        let sym = Int(k.sym)
        func is_(_ code: SDL_KeyCode) -> Bool { sym == Int(code.rawValue) }
        if is_(SDLK_SPACE) { return .space }
        if is_(SDLK_TAB) { return .tab }
        if is_(SDLK_RETURN) || is_(SDLK_KP_ENTER) { return .enter }
        if is_(SDLK_BACKSPACE) { return .backspace }
        if is_(SDLK_UP) { return .up }
        if is_(SDLK_DOWN) { return .down }
        if is_(SDLK_LEFT) { return .left }
        if is_(SDLK_RIGHT) { return .right }
        if is_(SDLK_LEFTBRACKET) { return .leftBracket }
        if is_(SDLK_RIGHTBRACKET) { return .rightBracket }
        if is_(SDLK_ESCAPE) { return .escape }
        if is_(SDLK_QUESTION) { return .character("?") }
        if is_(SDLK_SLASH) { return k.mod & UInt16(KMOD_SHIFT.rawValue) != 0 ? .character("?") : nil }
        if (Int(SDLK_0.rawValue) ... Int(SDLK_9.rawValue)).contains(sym) { return .digit(sym - Int(SDLK_0.rawValue)) }
        if is_(SDLK_KP_0) { return .digit(0) }
        if (Int(SDLK_KP_1.rawValue) ... Int(SDLK_KP_9.rawValue)).contains(sym) { return .digit(sym - Int(SDLK_KP_1.rawValue) + 1) }
        if (Int(SDLK_a.rawValue) ... Int(SDLK_z.rawValue)).contains(sym), let s = Unicode.Scalar(UInt32(sym)) {
            return .character(Character(s))
        }
        return nil
    }

    static func keysym(for key: HostKey) -> SDL_Keysym {
        var k = SDL_Keysym()
        func code(_ c: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(c.rawValue) }
        switch key {
        case .space: k.sym = code(SDLK_SPACE)
        case .tab: k.sym = code(SDLK_TAB)
        case .enter: k.sym = code(SDLK_RETURN)
        case .backspace: k.sym = code(SDLK_BACKSPACE)
        case .up: k.sym = code(SDLK_UP)
        case .down: k.sym = code(SDLK_DOWN)
        case .left: k.sym = code(SDLK_LEFT)
        case .right: k.sym = code(SDLK_RIGHT)
        case .leftBracket: k.sym = code(SDLK_LEFTBRACKET)
        case .rightBracket: k.sym = code(SDLK_RIGHTBRACKET)
        case .escape: k.sym = code(SDLK_ESCAPE)
        case .digit(let d): k.sym = code(SDLK_0) + SDL_Keycode(max(0, min(9, d)))
        case .character("?"):
            k.sym = code(SDLK_SLASH)
            k.mod = UInt16(KMOD_LSHIFT.rawValue)
        case .character(let c):
            k.sym = SDL_Keycode(c.unicodeScalars.first.map { $0.value } ?? 0)
        }
        return k
    }

    /// Performs a scripted action through SDL's own queue (`SDL_PushEvent`, or `SDL_SetWindowSize`,
    /// `SDL_HideWindow` ... whose events come back from the window system), so it takes the same
    /// path as a person's.
    /// False when the action names a panel control that is not on screen.
    @discardableResult
    public func perform(_ action: ScriptAction) -> Bool {
        switch action {
        case .key(let key):
            pushPressAndRelease(Self.keysym(for: key))
        case .drag(let fromBottom):
            let (w, h) = size
            let x = Int32(w / 2)
            let y = Int32(((1 - min(max(fromBottom, 0), 1)) * Double(h)).rounded())
            pushButton(SDL_MOUSEBUTTONDOWN, x: x, y: y)
            var m = SDL_Event()
            m.motion.type = SDL_MOUSEMOTION.rawValue
            m.motion.timestamp = SDL_GetTicks()
            m.motion.windowID = windowID
            m.motion.state = 1                              // SDL_BUTTON_LMASK
            m.motion.x = x; m.motion.y = y
            SDL_PushEvent(&m)
            pushButton(SDL_MOUSEBUTTONUP, x: x, y: y)
        case .resize(let w, let h):
            setSize(width: w, height: h)
        case .hide:
            setShown(false)
        case .show:
            setShown(true)
        case .minimize:
            minimize()
        case .restore:
            restore()
        case .expose:
            var e = SDL_Event()
            e.window.type = SDL_WINDOWEVENT.rawValue
            e.window.timestamp = SDL_GetTicks()
            e.window.windowID = windowID
            e.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
            SDL_PushEvent(&e)
        case .quit:
            var e = SDL_Event()
            e.quit.type = SDL_QUIT.rawValue
            e.quit.timestamp = SDL_GetTicks()
            SDL_PushEvent(&e)
        case .chord(let key, let ctrl, let shift):
            var mod: UInt16 = 0
            if ctrl { mod |= UInt16(KMOD_LCTRL.rawValue) }
            if shift { mod |= UInt16(KMOD_LSHIFT.rawValue) }
            pushKey(SDLK_LCTRL, mod: mod, down: true, when: ctrl)
            var k = Self.keysym(for: key)
            k.mod |= mod
            pushPressAndRelease(k)
            pushKey(SDLK_LCTRL, mod: 0, down: false, when: ctrl)
        case .text(let text):
            // SDL_TEXTINPUT carries at most 31 bytes: longer text goes in pieces, whole characters each.
            var piece: [UInt8] = []
            func flush() {
                guard !piece.isEmpty else { return }
                var e = SDL_Event()
                e.text.type = SDL_TEXTINPUT.rawValue
                e.text.timestamp = SDL_GetTicks()
                e.text.windowID = windowID
                withUnsafeMutableBytes(of: &e.text.text) { raw in
                    for (i, b) in piece.enumerated() { raw[i] = b }
                    raw[piece.count] = 0
                }
                SDL_PushEvent(&e)
                piece.removeAll()
            }
            for c in text {
                let bytes = Array(String(c).utf8)
                if piece.count + bytes.count > 31 { flush() }
                piece.append(contentsOf: bytes.prefix(31))
            }
            flush()
        case .locate(let name):
            guard let panel, panelShown, let r = panel.rects[name] else {
                report?("panel: control \(name) not drawn")
                return true
            }
            report?("panel: control \(name) at \(Self.points(r.x)),\(Self.points(r.y)) \(Self.points(r.width))x\(Self.points(r.height))")
        case .panel(let p):
            guard let panel, panelShown else { return false }
            // Not drawn yet (a drop-down opening, the panel just shown): tried again next tick.
            guard let rect = panel.rects[p.target] else { return postpone(p) }
            let outOfView = panel.isOutOfView(p.target)
            // The panel still digesting earlier input, or the control moving: wait, so the pointer
            // goes where the control will be when the event is handled.
            // One pointer action per tick, as a hand would: the next waits for the panel to see this one.
            if outOfView || !panel.isSettled(p.target) || panel.hasQueuedInput || pointedSincePoll {
                // Out of view (or still moving there): scrolled into view by the next panel frames,
                // then performed.
                if outOfView && panel.revealed != p.target { panel.reveal = p.target }
                return postpone(p)
            }
            pendingAttempts = 0
            pointedSincePoll = true
            let x = Int32((rect.x + min(max(p.fraction, 0), 1) * max(rect.width - 1, 0)).rounded())
            let y = Int32((rect.y + rect.height / 2).rounded())
            switch p.phase {
            case .click, .ctrlClick:
                let ctrl = p.phase == .ctrlClick
                pushKey(SDLK_LCTRL, mod: UInt16(KMOD_LCTRL.rawValue), down: true, when: ctrl)
                pushMotion(x: x, y: y, held: false)
                pushButton(SDL_MOUSEBUTTONDOWN, x: x, y: y)
                pushButton(SDL_MOUSEBUTTONUP, x: x, y: y)
                pushKey(SDLK_LCTRL, mod: 0, down: false, when: ctrl)
            case .press:
                pushMotion(x: x, y: y, held: false)
                pushButton(SDL_MOUSEBUTTONDOWN, x: x, y: y)
            case .move:
                pushMotion(x: x, y: y, held: true)
            case .release:
                pushMotion(x: x, y: y, held: true)
                pushButton(SDL_MOUSEBUTTONUP, x: x, y: y)
            case .wheel(let n, let modifier):
                let held: (SDL_KeyCode, SDL_Keymod)? = switch modifier {
                case .none: nil
                case .ctrl: (SDLK_LCTRL, KMOD_LCTRL)
                case .shift: (SDLK_LSHIFT, KMOD_LSHIFT)
                }
                if let held { pushKey(held.0, mod: UInt16(held.1.rawValue), down: true, when: true) }
                pushMotion(x: x, y: y, held: false)
                var e = SDL_Event()
                e.wheel.type = SDL_MOUSEWHEEL.rawValue
                e.wheel.timestamp = SDL_GetTicks()
                e.wheel.windowID = windowID
                e.wheel.y = Int32(n.rounded())
                e.wheel.preciseY = Float(n)
                e.wheel.direction = UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
                SDL_PushEvent(&e)
                if let held { pushKey(held.0, mod: 0, down: false, when: true) }
            }
        }
        return true
    }

    /// Keeps a scripted panel action for the next tick and asks for a panel frame meanwhile; false
    /// once it has waited 60 ticks.
    private func postpone(_ p: PanelPointer) -> Bool {
        pendingAttempts += 1
        guard pendingAttempts < 60 else { pendingAttempts = 0; return false }
        pendingPanel.append(p)
        waited.append(.panelInput)
        return true
    }

    /// Scripted panel actions are waiting for their controls.
    public var hasPendingInput: Bool { !pendingPanel.isEmpty }

    /// Performs the scripted panel actions that waited for their control to come into view or be
    /// drawn; returns the name of one that never was.
    public func performPending() -> String? {
        guard !pendingPanel.isEmpty else { return nil }
        let actions = pendingPanel
        pendingPanel.removeAll()
        var failed: String?
        for p in actions where !perform(.panel(p)) { failed = p.target }
        return failed
    }

    /// A key pressed and released.
    private func pushPressAndRelease(_ keysym: SDL_Keysym) {
        for type in [SDL_KEYDOWN, SDL_KEYUP] {
            var e = SDL_Event()
            e.key.type = type.rawValue
            e.key.timestamp = SDL_GetTicks()
            e.key.windowID = windowID
            e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.key.keysym = keysym
            SDL_PushEvent(&e)
        }
    }

    private func pushKey(_ code: SDL_KeyCode, mod: UInt16, down: Bool, when: Bool) {
        guard when else { return }
        var e = SDL_Event()
        e.key.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        e.key.timestamp = SDL_GetTicks()
        e.key.windowID = windowID
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.keysym.sym = SDL_Keycode(code.rawValue)
        e.key.keysym.mod = mod
        SDL_PushEvent(&e)
    }

    private func pushMotion(x: Int32, y: Int32, held: Bool) {
        var m = SDL_Event()
        m.motion.type = SDL_MOUSEMOTION.rawValue
        m.motion.timestamp = SDL_GetTicks()
        m.motion.windowID = windowID
        m.motion.state = held ? 1 : 0
        m.motion.x = x; m.motion.y = y
        SDL_PushEvent(&m)
    }

    private func pushButton(_ type: SDL_EventType, x: Int32, y: Int32) {
        var e = SDL_Event()
        e.button.type = type.rawValue
        e.button.timestamp = SDL_GetTicks()
        e.button.windowID = windowID
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = x; e.button.y = y
        SDL_PushEvent(&e)
    }
}
