// Raster: pixels and coverage. Pixmap (premultiplied RGBA8), Coverage (exact fractional area per
// pixel, Float32), Canvas (premultiplied RGBA in Float32, the exact compositing reference), the
// exact-area Rasterizer and a slow supersampling oracle kept to check it.
//
// Owns: turning geometry into coverage and coverage into pixels. Must not: know layers, time or C.
