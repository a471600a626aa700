// wavefill: the command line: swift-argument-parser declarations and help text only.
//
// Each subcommand (`run`, the default; `render`; `export`; `bench`) hands the scene settings on its
// command line (taken off it by the scenes' declarations, `SettingArguments`; none is declared
// here) and its own options as a request to WaveFillApp
// (`WindowPlayer`, `FrameWriter`, `SceneExporter`, `BenchRequest`), which does the work. Errors come
// back as one line on stderr and an exit status: 64 for bad input, 69 without a display, 1 for
// failures. Must not: hold logic a unit test would want to reach.
