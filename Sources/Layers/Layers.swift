// Layers: a small Core Animation. Model layers hold values; animations never mutate them.
// `presentation(at:)` copies the tree with every animation applied at a time, a pure function, so
// frame n can be rendered alone, in any order, and tested exactly. `LayerRenderer` draws a tree into
// a Float32 Canvas with exact coverage: the reference path every fast path is held to.
// `FastLayerRenderer` draws the same pixels (within 1/255) into a persistent frame, only where the
// frame changed, with coverage cached per shape and one row buffer per group level.
//
// Owns: the layer tree, its geometry (position, bounds, anchor, transform), masks, opacity, and
// attaching animations. Must not: know about the wave scene, SDL, files or the clock's source.
