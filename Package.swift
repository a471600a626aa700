// swift-tools-version: 6.1
// WaveFill: a small Core-Animation-like engine and the wave-fill loading indicator, for Linux.
import PackageDescription

let package = Package(
    name: "WaveFill",
    products: [
        .executable(name: "wavefill", targets: ["wavefill"]),
        // `import WaveFill`: the engine, the scene contract, every scene and the file writers.
        .library(name: "WaveFill", targets: ["WaveFill"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Counts heap allocations for `wavefill bench` and the zero-allocation test (preloaded, not linked
        // into the tool).
        .package(url: "https://github.com/ordo-one/malloc-interposer", exact: "1.6.1"),
        // `swift package generate-documentation`: the DocC catalog in Sources/WaveFill/WaveFill.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // C libraries, reached through pkg-config; no unsafe flags.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // Unicode line breaking (UAX #14) and bidi (UAX #9) for text layout.
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // Dear ImGui, for the window's tuning panel (C++; only CPanelUI includes it).
        .systemLibrary(name: "CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),

        // Pure Swift: no C, no display.
        .target(name: "Geometry"),
        .target(name: "Raster", dependencies: ["Geometry", "CRowKernels"]),
        .target(name: "Animation", dependencies: ["Geometry"]),
        // The project's own C kernel (rounding rows to 8 bits, vectorized by the C compiler); no library.
        .target(name: "CRowKernels"),
        .target(name: "Layers", dependencies: ["Geometry", "Raster", "Animation", "CRowKernels"]),
        // The Scene contract every scene conforms to, and setting errors by key.
        .target(name: "SceneKit", dependencies: ["Raster", "Vector", "Animation"]),
        // JSON, SVG and Lottie spelling.
        .target(name: "Vector", dependencies: ["Geometry", "Raster"]),

        // Touch C.
        .target(name: "Text", dependencies: ["Geometry", "Raster", "Layers", "SceneKit", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CUnibreak"]),
        .target(name: "Export", dependencies: ["Raster", "Vector", "CPNG"]),

        // The wave fill: fast renderer, layer reference, Lottie/SVG mapping.
        .target(name: "Wave", dependencies: ["CRowKernels", "SceneKit", "Vector", "LayerVector", "Layers", "Animation", "Text", "Raster", "Geometry", "Export"]),
        // The rest of the family (marquee, stroke, spread, morph) as layers and animations.
        .target(name: "Scenes", dependencies: ["SceneKit", "Layers", "LayerVector", "Animation", "Text", "Raster", "Geometry"]),
        // Any layer tree's animation as vector documents (Lottie, animated SVG), sampled frame by frame.
        .target(name: "LayerVector", dependencies: ["Layers", "Text", "Vector", "Geometry", "Raster", "Export", "CPNG"]),
        // The umbrella: `import WaveFill`.
        .target(name: "WaveFill", dependencies: ["Geometry", "Raster", "Animation", "Layers", "Text", "SceneKit", "Vector", "LayerVector", "Wave", "Scenes", "Export"]),
        // The tuning panel's widgets: ImGui behind a C interface, drawn through the SDL renderer.
        .target(name: "CPanelUI", dependencies: ["CImGui", "CSDL2", "CFreeType"]),
        .target(name: "SDLHost", dependencies: ["CSDL2", "CPanelUI", "Animation", "Raster", "Geometry", "Text"]),
        // The application: settings and presets for every scene, the registry, the frame writer, the
        // exporter, the window player, the bench.
        .target(name: "WaveFillApp", dependencies: ["WaveFill", "SDLHost"]),
        .executableTarget(name: "wavefill", dependencies: [
            "WaveFill", "WaveFillApp",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Fuzz entry points (fonts + text, mask PNGs, presets): libFuzzer through `./run.sh fuzz`,
        // and the corpus and past crashes replayed by FuzzRegressionTests.
        .target(name: "FuzzTargets", dependencies: ["WaveFill", "WaveFillApp"]),
        // The README's "Use it as a library" example, compiled here and run by LibraryExampleTests.
        .executableTarget(name: "wavefill-example", dependencies: ["WaveFill"], path: "Examples/QuickStart"),

        .target(name: "TestSupport", dependencies: ["Raster", "Export"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "TestSupport", "CRowKernels"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "LayersTests", dependencies: ["Layers", "CRowKernels", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Layers", "Raster"]),
        .testTarget(name: "WaveTests", dependencies: ["Wave", "SceneKit", "Vector", "TestSupport", "Scenes", "LayerVector"], exclude: ["Goldens"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "SceneKit", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: [
            "TestSupport", "WaveFill", "WaveFillApp",
            // Built for the zero-allocation test, which preloads it into `wavefill bench`.
            .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        ]),
        .testTarget(name: "AppTests", dependencies: ["WaveFillApp", "WaveFill", "FuzzTargets", "TestSupport"]),
        .testTarget(name: "SDLHostTests", dependencies: ["SDLHost", "Animation", "Raster"]),
    ]
)
