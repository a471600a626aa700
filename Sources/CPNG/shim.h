#include <png.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
/* PNG_FORMAT_RGBA is a composite macro Swift cannot import. */
static const unsigned int WF_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

/* A row-by-row RGBA PNG writer for images too large to hold whole (sprite sheets). libpng reports
 * errors by longjmp; Swift cannot catch that, so every libpng call happens inside these C functions,
 * each with its own setjmp, and errors come back as a 0 return with the message in `message`. */
typedef struct wf_png_writer {
    png_structp png;
    png_infop info;
    FILE *file;
    char message[256];
} wf_png_writer;

static void wf_png_error_fn(png_structp png, png_const_charp msg) {
    wf_png_writer *w = (wf_png_writer *)png_get_error_ptr(png);
    if (w) snprintf(w->message, sizeof w->message, "%s", msg ? msg : "libpng error");
    png_longjmp(png, 1);
}

static void wf_png_warning_fn(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

/* Opens `path` and writes the header of a width x height 8-bit RGBA PNG. Returns 1, or 0 with
 * `message` set (the caller still calls wf_png_writer_close). */
static inline int wf_png_writer_open(wf_png_writer *w, const char *path, unsigned width, unsigned height) {
    memset(w, 0, sizeof *w);
    w->file = fopen(path, "wb");
    if (!w->file) { snprintf(w->message, sizeof w->message, "cannot create: %s", strerror(errno)); return 0; }
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, wf_png_error_fn, wf_png_warning_fn);
    if (!w->png) { snprintf(w->message, sizeof w->message, "out of memory"); return 0; }
    w->info = png_create_info_struct(w->png);
    if (!w->info) { snprintf(w->message, sizeof w->message, "out of memory"); return 0; }
    if (setjmp(png_jmpbuf(w->png))) return 0;
    png_init_io(w->png, w->file);
    png_set_IHDR(w->png, w->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(w->png, w->info);
    return 1;
}

/* Writes `count` rows of straight RGBA, `stride` bytes apart. Returns 1, or 0 with `message` set. */
static inline int wf_png_writer_rows(wf_png_writer *w, const unsigned char *rows, unsigned count, size_t stride) {
    if (setjmp(png_jmpbuf(w->png))) return 0;
    for (unsigned i = 0; i < count; i++) png_write_row(w->png, rows + (size_t)i * stride);
    return 1;
}

/* Writes the end of the image and flushes. Returns 1, or 0 with `message` set. */
static inline int wf_png_writer_finish(wf_png_writer *w) {
    if (setjmp(png_jmpbuf(w->png))) return 0;
    png_write_end(w->png, w->info);
    if (fflush(w->file) != 0) { snprintf(w->message, sizeof w->message, "write failed: %s", strerror(errno)); return 0; }
    return 1;
}

/* Frees everything and closes the file. Returns 0 when closing failed (a late write error). */
static inline int wf_png_writer_close(wf_png_writer *w) {
    if (w->png) png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
    w->png = NULL; w->info = NULL;
    int ok = 1;
    if (w->file) { ok = fclose(w->file) == 0; w->file = NULL; }
    return ok;
}
