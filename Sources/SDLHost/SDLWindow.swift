import CSDL2
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A window with a vsync'd renderer and a streaming texture that frames are uploaded to.
///
/// The texture's format is `SDL_PIXELFORMAT_ABGR8888`, whose memory order on little-endian machines
/// is R, G, B, A: exactly a `Pixmap`'s bytes, so an upload is a row copy. It is drawn with blending
/// off, so the window shows the frame's premultiplied bytes as they are (over black) and a read-back
/// returns them unchanged. The texture always has the renderer's output size (the drawable's pixel
/// size on HiDPI screens), so frames are never stretched: a caller renders at `drawableSize`.
@MainActor
public final class SDLWindow {
    /// SDL's video driver (`x11`, `wayland`, `dummy`, ...).
    public let videoDriver: String
    /// The renderer's name (`opengl`, `software`, ...).
    public let rendererName: String
    /// True when the renderer was created with `SDL_RENDERER_PRESENTVSYNC`.
    public let vsyncRequested: Bool
    /// The window's SDL id (events carry it).
    public let windowID: UInt32

    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    var pointerHeld = false
    /// The tuning panel drawn beside the preview while `panelShown` (nil until made).
    public private(set) var panel: PanelUI?
    /// Whether the panel is drawn and takes the input aimed at it.
    public var panelShown = false
    /// The panel's width in logical points while it is shown, at the window's right edge (never more
    /// than the window's width): pointer events left of it are the scene's (as fractions of the
    /// preview), the rest the panel's.
    public var panelWidth = 0
    /// The pointer was last seen over the panel.
    var pointerOverPanel = false
    /// Where scripted `locate=` actions report (one line each).
    public var report: ((String) -> Void)?
    /// Scripted panel actions waiting for their control to be scrolled into view.
    var pendingPanel: [PanelPointer] = []
    var pendingAttempts = 0
    /// A scripted panel pointer action was performed since the last `pollEvents()`.
    var pointedSincePoll = false
    var events: [HostEvent] = []
    var waited: [HostEvent] = []

    #if !_endian(little)
    // ABGR8888 is R,G,B,A in memory only on little-endian machines; elsewhere it would be RGBA8888.
    #error("SDLHost assumes a little-endian machine (texture format ABGR8888 = bytes R,G,B,A)")
    #endif
    private static let pixelFormat = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)

    /// Opens a resizable, HiDPI-aware window of `width` x `height` logical points with a renderer
    /// that waits for vsync on present (unless `vsync` is false, or the driver cannot).
    public init(title: String, width: Int, height: Int, vsync: Bool = true) throws(SDLError) {
        try Self.initVideo()
        let flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        let centred = Int32(bitPattern: 0x2FFF_0000)    // SDL_WINDOWPOS_CENTERED
        guard let w = SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags) else {
            let e = SDLError.last("SDL_CreateWindow")
            Self.quitVideo()
            throw e
        }
        var r: OpaquePointer?
        var vsyncOn = false
        if vsync {
            r = SDL_CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
            vsyncOn = r != nil
        }
        if r == nil { r = SDL_CreateRenderer(w, -1, 0) }
        guard let r else {
            let e = SDLError.last("SDL_CreateRenderer")
            SDL_DestroyWindow(w)
            Self.quitVideo()
            throw e
        }
        window = w
        renderer = r
        windowID = SDL_GetWindowID(w)
        vsyncRequested = vsyncOn
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
        var info = SDL_RendererInfo()
        rendererName = SDL_GetRendererInfo(r, &info) == 0 ? info.name.map { String(cString: $0) } ?? "?" : "?"
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255)
        events.reserveCapacity(64)
        waited.reserveCapacity(64)
    }

    isolated deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        Self.quitVideo()
    }

    /// Initialises SDL's video subsystem on a real display, or throws `.noDisplay`.
    ///
    /// SDL falls back to its `offscreen` or `dummy` drivers when there is no display; those count as
    /// a display only when asked for by name in `SDL_VIDEODRIVER` (tests do). Without `SDL_VIDEODRIVER`
    /// a display needs `DISPLAY` or `WAYLAND_DISPLAY`, and with only `DISPLAY` SDL is held to X11 so
    /// that a failed connection does not also print Wayland's complaints.
    static func initVideo() throws(SDLError) {
        let requested = Self.environment("SDL_VIDEODRIVER")
        if requested == nil {
            let x11 = Self.environment("DISPLAY"), wayland = Self.environment("WAYLAND_DISPLAY")
            if x11 == nil && wayland == nil { throw .noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set") }
            if wayland == nil { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
        }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw .noDisplay("SDL: \(String(cString: SDL_GetError()))")
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if requested == nil && (driver == "offscreen" || driver == "dummy") {
            quitVideo()
            throw .noDisplay("SDL found only its \(driver) driver")
        }
    }

    static func quitVideo() {
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        SDL_Quit()
    }

    static func environment(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    /// Succeeds when a window could be opened here (the video subsystem starts on a real display).
    public static func checkDisplay() throws(SDLError) {
        try initVideo()
        quitVideo()
    }

    /// The window's size in logical points (what mouse coordinates are in).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The renderer's output size in pixels: the drawable, larger than `size` on HiDPI screens.
    public var drawableSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        if SDL_GetRendererOutputSize(renderer, &w, &h) != 0 { return size }
        return (Int(w), Int(h))
    }

    /// The display's refresh rate in Hz, or nil when SDL does not know it (Xvfb, dummy drivers).
    public var refreshRate: Double? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else {
            let index = SDL_GetWindowDisplayIndex(window)
            guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
            return Double(mode.refresh_rate)
        }
        return Double(mode.refresh_rate)
    }

    /// Asks for a new logical size (the resize arrives as a `.resized` event, as a user's would).
    public func setSize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }

    /// False while the window is hidden or minimised (`SDL_WINDOW_HIDDEN`, `SDL_WINDOW_MINIMIZED`):
    /// nothing drawn then can be seen.
    public var isVisible: Bool {
        SDL_GetWindowFlags(window) & (SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_MINIMIZED.rawValue) == 0
    }

    /// Hides the window (`SDL_HideWindow`, which unmaps it) or shows it again (`SDL_ShowWindow`);
    /// each arrives as a `.visibilityChanged` event.
    public func setShown(_ shown: Bool) {
        if shown { SDL_ShowWindow(window) } else { SDL_HideWindow(window) }
    }

    /// Asks the window manager to minimise the window (`SDL_MinimizeWindow`); where there is none
    /// (a bare Xvfb) nothing happens.
    public func minimize() {
        SDL_MinimizeWindow(window)
    }

    /// Asks the window manager to restore a minimised window (`SDL_RestoreWindow`).
    public func restore() {
        SDL_RestoreWindow(window)
    }

    /// Sets the title bar text.
    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    /// Copies rows `rows` of `pixmap` (all rows when nil) into the streaming texture, recreating the
    /// texture first when the pixmap's size changed (then every row is copied).
    ///
    /// Callers that know which rows changed since the previous frame pass just those: the other rows
    /// of the texture keep the previous frame's pixels.
    public func upload(_ pixmap: Pixmap, rows: Range<Int>? = nil) throws(SDLError) {
        var range = rows ?? 0 ..< pixmap.height
        if texture == nil || textureSize != (pixmap.width, pixmap.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = nil
            guard let t = SDL_CreateTexture(renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                            Int32(pixmap.width), Int32(pixmap.height)) else {
                throw SDLError.last("SDL_CreateTexture")
            }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            texture = t
            textureSize = (pixmap.width, pixmap.height)
            range = 0 ..< pixmap.height
        }
        range = range.clamped(to: 0 ..< pixmap.height)
        guard let texture, !range.isEmpty, pixmap.width > 0 else { return }
        var rect = SDL_Rect(x: 0, y: Int32(range.lowerBound), w: Int32(pixmap.width), h: Int32(range.count))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &rect, &pixels, &pitch) == 0, let pixels else {
            throw SDLError.last("SDL_LockTexture")
        }
        let rowBytes = pixmap.width * 4
        pixmap.bytes.withUnsafeBytes { src in
            guard let base = src.baseAddress else { return }
            for (k, j) in range.enumerated() {
                (pixels + k * Int(pitch)).copyMemory(from: base + j * rowBytes, byteCount: rowBytes)
            }
        }
        SDL_UnlockTexture(texture)
    }

    /// Draws the texture over the whole output and presents it (blocks until vsync where honoured).
    /// Presenting again without an upload shows the last frame again (after an expose).
    public func present() throws(SDLError) {
        try draw()
        SDL_RenderPresent(renderer)
    }

    private func draw() throws(SDLError) {
        guard SDL_RenderClear(renderer) == 0 else { throw SDLError.last("SDL_RenderClear") }
        if let texture {
            if panelShown {
                // The preview in the middle of the space beside the panel, scaled down to fit it.
                // (No space left beside the panel: only the panel is drawn.)
                let r = previewPixels
                var dst = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
                if r.w > 0, r.h > 0, SDL_RenderCopy(renderer, texture, nil, &dst) != 0 { throw SDLError.last("SDL_RenderCopy") }
            } else {
                guard SDL_RenderCopy(renderer, texture, nil, nil) == 0 else { throw SDLError.last("SDL_RenderCopy") }
            }
        }
        if panelShown, let panel, !panel.draw() { throw SDLError.last("SDL_RenderGeometryRaw") }
    }

    /// The panel's left edge in logical points while it is shown.
    public var panelLeft: Int { max(size.width - min(panelWidth, size.width), 0) }

    /// Where the preview is drawn while the panel is shown, in drawable pixels: the frame's own size
    /// (scaled down, keeping its aspect, when it does not fit), centred in the space beside the panel.
    var previewPixels: (x: Int, y: Int, w: Int, h: Int) {
        let logical = size, drawable = drawableSize
        let s = Double(drawable.width) / Double(max(logical.width, 1))
        let spaceW = Double(panelLeft) * s, spaceH = Double(drawable.height)
        let tw = Double(textureSize.width), th = Double(textureSize.height)
        guard tw > 0, th > 0, spaceW >= 1, spaceH >= 1 else { return (0, 0, 0, 0) }
        let f = min(1, spaceW / tw, spaceH / th)
        let w = max((tw * f).rounded(.down), 1), h = max((th * f).rounded(.down), 1)
        return (Int(((spaceW - w) / 2).rounded(.down)), Int(((spaceH - h) / 2).rounded(.down)), Int(w), Int(h))
    }

    /// Where the preview is drawn while the panel is shown, in logical points (x, y, width, height).
    public var previewRect: (x: Double, y: Double, width: Double, height: Double) {
        let s = Double(drawableSize.width) / Double(max(size.width, 1))
        let r = previewPixels
        return (Double(r.x) / s, Double(r.y) / s, Double(r.w) / s, Double(r.h) / s)
    }

    /// Makes the panel (once; again when the display scale changed) with its text in `fontPath` at
    /// `pointSize` points; nil when the font cannot be loaded.
    public func makePanel(fontPath: String, pointSize: Double) -> PanelUI? {
        let scale = Double(drawableSize.width) / Double(max(size.width, 1))
        if let panel, panel.scale == scale { return panel }
        panel = PanelUI(renderer: renderer, fontPath: fontPath, pointSize: pointSize, scale: scale)
        return panel
    }

    /// Puts `text` on the clipboard (`SDL_SetClipboardText`); false when SDL could not.
    @discardableResult
    public func setClipboard(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }

    /// The clipboard's text, if any.
    public func clipboard() -> String? {
        guard let p = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(p) }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    /// The last presented frame, read back from the renderer with `SDL_RenderReadPixels`.
    ///
    /// The back buffer's contents are undefined after a present, so the texture (which holds the
    /// presented frame) is drawn again first; nothing is presented.
    public func readBack() throws(SDLError) -> Pixmap {
        try draw()
        let (w, h) = drawableSize
        var out = Pixmap(width: w, height: h)
        let ok = out.bytes.withUnsafeMutableBytes { buf in
            SDL_RenderReadPixels(renderer, nil, Self.pixelFormat, buf.baseAddress, Int32(w * 4))
        }
        guard ok == 0 else { throw SDLError.last("SDL_RenderReadPixels") }
        return out
    }
}
