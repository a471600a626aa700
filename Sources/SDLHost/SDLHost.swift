// SDLHost: the desktop window of the simulator.
//
// Owns: SDL's video subsystem, one window with its renderer and streaming texture (SDLWindow),
// turning SDL events into HostEvents (and pushing scripted ones through the same queue), waiting
// for them in SDL_WaitEventTimeout instead of spinning, the VSyncClock that paces ticks by the
// renderer's vsync or by itself where vsync is not honoured or nothing was presented (and skips
// ticks while the window is hidden), and TextOverlay, which draws help and stats with our own Text
// module and Raster's rasterizer.
// Must not: know any scene or its settings (WaveFillApp's WindowPlayer wires them), render frames,
// or write files. All SDL state lives in the @MainActor `SDLWindow`: SDL's video calls must be made
// on the thread that initialised it.
