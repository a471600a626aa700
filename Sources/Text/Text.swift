// Text: text + font file + pixel size -> shaped glyph outlines and their exact ink box; text layers.
//
// HarfBuzz shapes (kerning, ligatures, marks) with its own OpenType functions at a 26.6 scale;
// FreeType loads the unhinted outlines at the same 26.6 size; fontconfig finds installed fonts
// (`FontLocator`). `TextLayer` (styled runs, like a CATextLayer) lives here so that Layers links no C.
// Owns every FreeType, HarfBuzz and fontconfig handle (one final class each, freed in deinit).
// Must not: rasterize except through Raster, or parse fonts itself.
