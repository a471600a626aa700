// The tuning panel's immediate-mode widgets: Dear ImGui behind a small C interface, drawn through
// an SDL_Renderer. Swift calls these; nothing here knows about scenes or settings.
#ifndef WF_PANEL_UI_H
#define WF_PANEL_UI_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wf_ui wf_ui;

/// Keys the panel understands (the host maps its own key codes to these).
enum {
    WF_UI_KEY_TAB = 1, WF_UI_KEY_LEFT, WF_UI_KEY_RIGHT, WF_UI_KEY_UP, WF_UI_KEY_DOWN,
    WF_UI_KEY_PAGE_UP, WF_UI_KEY_PAGE_DOWN, WF_UI_KEY_HOME, WF_UI_KEY_END, WF_UI_KEY_INSERT,
    WF_UI_KEY_DELETE, WF_UI_KEY_BACKSPACE, WF_UI_KEY_SPACE, WF_UI_KEY_ENTER, WF_UI_KEY_ESCAPE,
    WF_UI_KEY_KEYPAD_ENTER, WF_UI_KEY_A, WF_UI_KEY_C, WF_UI_KEY_V, WF_UI_KEY_X, WF_UI_KEY_Y,
    WF_UI_KEY_Z, WF_UI_KEY_COUNT
};

/// What a widget reports: its value changed this frame, and/or an edit was finished (released,
/// Enter pressed or focus left after a change).
/// WF_UI_EDITING: a value is being typed into the slider (nothing applied yet); WF_UI_TYPED: the
/// reported value was typed (Enter, or the field left), and may lie outside the slider's range.
enum { WF_UI_CHANGED = 1, WF_UI_COMMITTED = 2, WF_UI_EDITING = 4, WF_UI_TYPED = 8 };

/// A context drawing into `renderer` (an SDL_Renderer*) with the font file `font_path` at
/// `pixel_size` px (already multiplied by the display scale), widgets scaled by `scale`.
/// NULL when the font cannot be loaded or the font texture cannot be made.
wf_ui *wf_ui_create(void *renderer, const char *font_path, float pixel_size, float scale);
void wf_ui_destroy(wf_ui *ui);

// Input, in drawable pixels.
void wf_ui_mouse_pos(wf_ui *ui, float x, float y);
void wf_ui_mouse_button(wf_ui *ui, int button, bool down);
/// A wheel turn (notches, up positive): it scrolls the panel; with Ctrl (a step) or Shift (a tenth
/// of a step) held over a slider it steps the slider.
void wf_ui_mouse_wheel(wf_ui *ui, float dy);
/// Pointer input is waiting for the next frames (two button changes arrived between frames).
bool wf_ui_has_queued_input(const wf_ui *ui);
/// A button press is waiting (keys typed right after a click belong to the field it activates).
bool wf_ui_has_queued_click(const wf_ui *ui);
void wf_ui_key(wf_ui *ui, int key, bool down);
void wf_ui_modifiers(wf_ui *ui, bool ctrl, bool shift, bool alt);
void wf_ui_text_input(wf_ui *ui, const char *utf8);
/// The panel takes the keyboard (a text field is being edited, or keyboard navigation is on it).
bool wf_ui_wants_keyboard(const wf_ui *ui);
/// A text field is being edited.
bool wf_ui_wants_text(const wf_ui *ui);
/// Some widget is being held (a slider dragged, a button pressed).
bool wf_ui_is_active(const wf_ui *ui);
/// The mouse is over the panel or a popup of it.
bool wf_ui_wants_mouse(const wf_ui *ui);

/// Starts a frame: the display is `display_w` x `display_h` pixels and the panel fills the
/// rectangle (x, y, w, h); `dt` seconds since the previous frame (> 0).
void wf_ui_begin(wf_ui *ui, float display_w, float display_h, float x, float y, float w, float h, double dt);
/// The scrolling body of the panel, above a status bar of `status_lines` lines (what comes before
/// it stays at the top, fixed).
void wf_ui_begin_body(wf_ui *ui, float status_lines);
void wf_ui_end_body(wf_ui *ui);
/// The status bar at the bottom (after the body): `text` (may be empty) as a note (0), a success
/// (1) or an error (2), in a box of `lines` lines whose size never changes.
void wf_ui_status_bar(wf_ui *ui, const char *text, int kind, float lines);
/// The body's visible top and bottom in the last frame, drawable pixels.
void wf_ui_body_visible(const wf_ui *ui, float out[2]);
/// Ends the frame and makes its draw lists (kept until the next begin).
void wf_ui_end(wf_ui *ui);
/// Draws the last frame's lists through the renderer; false when SDL refused a call.
bool wf_ui_draw(wf_ui *ui);

// Widgets (between begin and end). Labels follow ImGui: text after "##" is hidden and only
// identifies the widget. A labelled widget shows its label in a column at the left (cut with an
// ellipsis when too long, never wrapped) and fills the rest of the row.
int wf_ui_slider(wf_ui *ui, const char *label, double *value, double lo, double hi, const char *format, double step, double fine_step);
int wf_ui_slider_int(wf_ui *ui, const char *label, int *value, int lo, int hi, const char *format);
/// A hex field with a swatch, leaving `button_width` at the right for a button; with `unset`, a
/// dimmed "off" instead (nothing to edit until a colour is picked).
int wf_ui_colour(wf_ui *ui, const char *label, float rgba[4], bool unset, float button_width);
/// A hue/saturation/value picker with an alpha bar and hex entry (inside a pop-up).
int wf_ui_colour_picker(wf_ui *ui, const char *label, float rgba[4]);
void wf_ui_open_popup(wf_ui *ui, const char *id);
bool wf_ui_begin_popup(wf_ui *ui, const char *id);
void wf_ui_end_popup(wf_ui *ui);
int wf_ui_checkbox(wf_ui *ui, const char *label, bool *value);
/// A drop-down: true while open; then `wf_ui_selectable` per item and `wf_ui_end_combo`.
bool wf_ui_begin_combo(wf_ui *ui, const char *label, const char *preview);
bool wf_ui_selectable(wf_ui *ui, const char *label, bool selected);
void wf_ui_end_combo(wf_ui *ui);
/// Takes the keyboard focus away from the panel (a click on the preview).
void wf_ui_unfocus(wf_ui *ui);
int wf_ui_input(wf_ui *ui, const char *label, char *buffer, size_t capacity);
/// A button `width` pixels wide (0: its label's width; negative: up to that far from the right edge).
bool wf_ui_button(wf_ui *ui, const char *label, float width);
void wf_ui_same_line(wf_ui *ui);
void wf_ui_text(wf_ui *ui, const char *text);
/// One line of text aligned with the widgets beside it (not wrapped).
void wf_ui_line_text(wf_ui *ui, const char *text);
void wf_ui_dim_text(wf_ui *ui, const char *text);
void wf_ui_error_text(wf_ui *ui, const char *text);
void wf_ui_tooltip(wf_ui *ui, const char *text);
bool wf_ui_section(wf_ui *ui, const char *label, bool open_by_default);
void wf_ui_progress(wf_ui *ui, float fraction, const char *overlay);
/// Scrolls the panel so the last widget is in the middle.
void wf_ui_scroll_to_last(wf_ui *ui);
void wf_ui_push_id(wf_ui *ui, const char *id);
void wf_ui_pop_id(wf_ui *ui);
/// The last widget's rectangle in drawable pixels: x, y, width, height (without its label).
void wf_ui_last_rect(const wf_ui *ui, float out[4]);
/// A widget's height, the width left on the line and a text's width, drawable pixels.
float wf_ui_frame_height(const wf_ui *ui);
float wf_ui_available_width(const wf_ui *ui);
float wf_ui_text_width(const wf_ui *ui, const char *text);
/// The next widget's width (negative: up to that far from the right edge).
void wf_ui_set_next_width(wf_ui *ui, float width);

#ifdef __cplusplus
}
#endif

#endif
