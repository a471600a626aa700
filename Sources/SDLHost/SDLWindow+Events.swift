import Animation
import CSDL2

extension SDLWindow {
    /// Events since the last call (those that arrived during `waitForEvents` first), translated;
    /// SDL events that mean nothing here are dropped.
    public func pollEvents() -> [HostEvent] {
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

    private func translate(_ e: SDL_Event) -> HostEvent? {
        let (w, h) = size
        func fraction(_ x: Int32, _ y: Int32) -> (Double, Double) {
            (Double(x) / Double(max(w, 1)), Double(y) / Double(max(h, 1)))
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

    static func hostKey(_ k: SDL_Keysym) -> HostKey? {
        let sym = Int(k.sym)
        func is_(_ code: SDL_KeyCode) -> Bool { sym == Int(code.rawValue) }
        if is_(SDLK_SPACE) { return .space }
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
    public func perform(_ action: ScriptAction) {
        switch action {
        case .key(let key):
            for type in [SDL_KEYDOWN, SDL_KEYUP] {
                var e = SDL_Event()
                e.key.type = type.rawValue
                e.key.timestamp = SDL_GetTicks()
                e.key.windowID = windowID
                e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
                e.key.keysym = Self.keysym(for: key)
                SDL_PushEvent(&e)
            }
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
        }
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
