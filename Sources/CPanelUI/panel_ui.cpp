// The tuning panel's widgets: Dear ImGui (Debian's libimgui-dev) behind a C interface, with the
// font atlas built by FreeType and the draw lists issued through SDL_RenderGeometryRaw. The input
// mapping is our own: the host feeds positions, buttons, keys and text as they come out of SDL's
// queue (scripted events included), so a frame depends only on the events, never on polling SDL's
// global mouse state.
#include "panel_ui.h"

#include <SDL.h>
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_freetype.h>
#pragma clang diagnostic pop

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

struct wf_ui {
    ImGuiContext *context = nullptr;
    SDL_Renderer *renderer = nullptr;
    SDL_Texture *font_texture = nullptr;
    // Input in arrival order. Each frame takes events until one would change a button, a key or
    // the modifiers a second time (or a press comes right after a release): a click, a chord or a
    // typed word that arrives between two frames reaches ImGui as it happened, over as many frames
    // as it needs, and text typed after a click goes to the field the click activated.
    enum Kind { Move, Button, Key, Modifiers, Text, Wheel };
    struct InputEvent {
        Kind kind;
        float x, y;
        int code;        // button or key
        bool down;
        bool ctrl, shift, alt;
        float wheel;
        char text[32];
    };
    ImVector<InputEvent> queue;
    bool down[3] = {false, false, false};
    bool ctrl = false, shift = false, alt = false;
    bool keys[WF_UI_KEY_COUNT] = {};
    int settle = 0;   // frames to wait after a release before the next press (pop-ups close)
    float slider_wheel = 0;     // this frame's turn, when it steps a slider (Ctrl or Shift held)
    bool slider_wheel_fine = false;
    // The sliders' rectangles in the last frame and this one: a wheel turned with Ctrl or Shift over
    // one steps it instead of scrolling the panel, even when the pointer arrived in the same frame.
    ImVector<ImVec4> slider_rects, slider_rects_previous;
    // A value being typed into a slider (Ctrl+click): kept here until Enter or leaving the field.
    ImGuiID typing_id = 0;
    double typed = 0;
    bool typed_edited = false;
    // The scrolling body's visible top and bottom in the last frame, drawable pixels.
    float body_top = 0, body_bottom = 0;
    float label_fraction = 0.42f;
    float panel_x = 0, panel_w = 0;   // the panel's rectangle across, drawable pixels
    char *clipboard = nullptr;
};

namespace {

struct Current {
    ImGuiContext *previous;
    explicit Current(const wf_ui *ui) : previous(ImGui::GetCurrentContext()) { ImGui::SetCurrentContext(ui->context); }
    ~Current() { ImGui::SetCurrentContext(previous); }
};

const char *get_clipboard(void *user) {
    auto *ui = static_cast<wf_ui *>(user);
    if (ui->clipboard) { SDL_free(ui->clipboard); ui->clipboard = nullptr; }
    ui->clipboard = SDL_GetClipboardText();
    return ui->clipboard ? ui->clipboard : "";
}

void set_clipboard(void *, const char *text) { SDL_SetClipboardText(text); }

int result(bool changed) {
    int r = changed ? WF_UI_CHANGED : 0;
    if (ImGui::IsItemDeactivatedAfterEdit()) r |= WF_UI_COMMITTED;
    return r;
}

}  // namespace

// A tooltip for the last item inside the panel, wrapped to its width, below the item (above it in
// the lower half of the display): it never covers the preview.
static void show_tooltip(wf_ui *ui, const char *text) {
    const ImGuiStyle &style = ImGui::GetStyle();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const bool above = b.y > ImGui::GetIO().DisplaySize.y * 0.5f;
    const float inset = style.WindowPadding.x * 0.5f;
    ImGui::SetNextWindowPos(ImVec2(ui->panel_x + inset, above ? a.y - style.ItemSpacing.y : b.y + style.ItemSpacing.y), 0,
                            ImVec2(0, above ? 1.0f : 0.0f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(ui->panel_w - 2 * inset, FLT_MAX));
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ui->panel_w - 2 * inset - 2 * style.WindowPadding.x);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

extern "C" {

wf_ui *wf_ui_create(void *renderer, const char *font_path, float pixel_size, float scale) {
    if (!renderer || !font_path || !(pixel_size > 0) || !(scale > 0)) return nullptr;
    auto *ui = new (std::nothrow) wf_ui();
    if (!ui) return nullptr;
    ui->renderer = static_cast<SDL_Renderer *>(renderer);
    ImGuiContext *previous = ImGui::GetCurrentContext();
    ui->context = ImGui::CreateContext();
    ImGui::SetCurrentContext(ui->context);
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;              // nothing written beside the user's files
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.ConfigInputTextCursorBlink = false;  // a still panel needs no frames
    io.BackendPlatformName = "wavefill-sdl-events";
    io.BackendRendererName = "wavefill-sdl-renderer";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    io.SetClipboardTextFn = set_clipboard;
    io.GetClipboardTextFn = get_clipboard;
    io.ClipboardUserData = ui;
    const int keys[][2] = {
        {ImGuiKey_Tab, WF_UI_KEY_TAB}, {ImGuiKey_LeftArrow, WF_UI_KEY_LEFT}, {ImGuiKey_RightArrow, WF_UI_KEY_RIGHT},
        {ImGuiKey_UpArrow, WF_UI_KEY_UP}, {ImGuiKey_DownArrow, WF_UI_KEY_DOWN}, {ImGuiKey_PageUp, WF_UI_KEY_PAGE_UP},
        {ImGuiKey_PageDown, WF_UI_KEY_PAGE_DOWN}, {ImGuiKey_Home, WF_UI_KEY_HOME}, {ImGuiKey_End, WF_UI_KEY_END},
        {ImGuiKey_Insert, WF_UI_KEY_INSERT}, {ImGuiKey_Delete, WF_UI_KEY_DELETE}, {ImGuiKey_Backspace, WF_UI_KEY_BACKSPACE},
        {ImGuiKey_Space, WF_UI_KEY_SPACE}, {ImGuiKey_Enter, WF_UI_KEY_ENTER}, {ImGuiKey_Escape, WF_UI_KEY_ESCAPE},
        {ImGuiKey_KeyPadEnter, WF_UI_KEY_KEYPAD_ENTER}, {ImGuiKey_A, WF_UI_KEY_A}, {ImGuiKey_C, WF_UI_KEY_C},
        {ImGuiKey_V, WF_UI_KEY_V}, {ImGuiKey_X, WF_UI_KEY_X}, {ImGuiKey_Y, WF_UI_KEY_Y}, {ImGuiKey_Z, WF_UI_KEY_Z},
    };
    for (const auto &k : keys) io.KeyMap[k[0]] = k[1];

    // A legible theme: opaque surfaces (nothing of the preview shows through a drop-down), light
    // text on a dark grey, clear frames, one accent colour; its sizes scale with the display.
    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 0;
    style.ChildRounding = 0;
    style.PopupRounding = 3;
    style.FrameRounding = 3;
    style.GrabRounding = 3;
    style.WindowBorderSize = 0;
    style.PopupBorderSize = 1;
    style.FrameBorderSize = 1;
    style.WindowPadding = ImVec2(10, 8);
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 5);
    style.ItemInnerSpacing = ImVec2(6, 4);
    style.ScrollbarSize = 12;
    style.GrabMinSize = 10;
    ImVec4 *c = style.Colors;
    const ImVec4 accent(0.33f, 0.62f, 0.95f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.93f, 0.94f, 0.95f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.65f, 0.69f, 1.0f);
    c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.17f, 0.18f, 0.21f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.30f, 0.32f, 0.36f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.22f, 0.25f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.25f, 0.28f, 0.32f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.28f, 0.32f, 0.38f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.22f, 0.25f, 0.30f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.27f, 0.31f, 0.37f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.30f, 0.35f, 0.42f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.24f, 0.27f, 0.31f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.34f, 0.40f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.26f, 0.45f, 0.70f, 1.0f);
    c[ImGuiCol_SliderGrab] = accent;
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.50f, 0.74f, 1.0f, 1.0f);
    c[ImGuiCol_CheckMark] = accent;
    c[ImGuiCol_Separator] = ImVec4(0.30f, 0.32f, 0.36f, 1.0f);
    c[ImGuiCol_ScrollbarBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
    c[ImGuiCol_NavHighlight] = accent;
    c[ImGuiCol_TextSelectedBg] = ImVec4(0.26f, 0.45f, 0.70f, 0.6f);
    style.ScaleAllSizes(scale);

    io.Fonts->FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
    ImFont *font = io.Fonts->AddFontFromFileTTF(font_path, pixel_size);
    unsigned char *pixels = nullptr;
    int w = 0, h = 0;
    if (font) io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    if (font && pixels && w > 0 && h > 0) {
        ui->font_texture = SDL_CreateTexture(ui->renderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, w, h);
        if (ui->font_texture) {
            SDL_SetTextureBlendMode(ui->font_texture, SDL_BLENDMODE_BLEND);
            if (SDL_UpdateTexture(ui->font_texture, nullptr, pixels, w * 4) != 0) {
                SDL_DestroyTexture(ui->font_texture);
                ui->font_texture = nullptr;
            }
        }
    }
    if (!ui->font_texture) {
        ImGui::DestroyContext(ui->context);
        ImGui::SetCurrentContext(previous == ui->context ? nullptr : previous);
        delete ui;
        return nullptr;
    }
    io.Fonts->SetTexID(static_cast<ImTextureID>(ui->font_texture));
    ImGui::SetCurrentContext(previous);
    return ui;
}

void wf_ui_destroy(wf_ui *ui) {
    if (!ui) return;
    ImGuiContext *previous = ImGui::GetCurrentContext();
    ImGui::DestroyContext(ui->context);
    if (previous != ui->context) ImGui::SetCurrentContext(previous);
    if (ui->font_texture) SDL_DestroyTexture(ui->font_texture);
    if (ui->clipboard) SDL_free(ui->clipboard);
    delete ui;
}

void wf_ui_mouse_pos(wf_ui *ui, float x, float y) {
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Move; e.x = x; e.y = y;
    ui->queue.push_back(e);
}

void wf_ui_mouse_button(wf_ui *ui, int button, bool down) {
    if (button < 0 || button > 2) return;
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Button; e.code = button; e.down = down; e.x = -FLT_MAX; e.y = -FLT_MAX;
    for (int i = ui->queue.Size - 1; i >= 0; i--) {
        if (ui->queue[i].kind == wf_ui::Move) { e.x = ui->queue[i].x; e.y = ui->queue[i].y; break; }
    }
    ui->queue.push_back(e);
}

bool wf_ui_has_queued_input(const wf_ui *ui) { return !ui->queue.empty(); }

void wf_ui_mouse_wheel(wf_ui *ui, float dy) {
    if (!(dy == dy) || dy == 0) return;
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Wheel; e.wheel = dy;
    ui->queue.push_back(e);
}

bool wf_ui_has_queued_click(const wf_ui *ui) {
    for (const auto &e : ui->queue) if (e.kind == wf_ui::Button && e.down) return true;
    return false;
}

void wf_ui_key(wf_ui *ui, int key, bool down) {
    if (key <= 0 || key >= WF_UI_KEY_COUNT) return;
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Key; e.code = key; e.down = down;
    ui->queue.push_back(e);
}

void wf_ui_modifiers(wf_ui *ui, bool ctrl, bool shift, bool alt) {
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Modifiers; e.ctrl = ctrl; e.shift = shift; e.alt = alt;
    ui->queue.push_back(e);
}

void wf_ui_text_input(wf_ui *ui, const char *utf8) {
    if (!utf8 || !*utf8) return;
    wf_ui::InputEvent e = {};
    e.kind = wf_ui::Text;
    std::strncpy(e.text, utf8, sizeof e.text - 1);
    ui->queue.push_back(e);
}

bool wf_ui_wants_keyboard(const wf_ui *ui) {
    Current c(ui);
    return ImGui::GetIO().WantCaptureKeyboard;
}

bool wf_ui_wants_text(const wf_ui *ui) {
    Current c(ui);
    return ImGui::GetIO().WantTextInput;
}

bool wf_ui_is_active(const wf_ui *ui) {
    Current c(ui);
    return ImGui::IsAnyItemActive();
}

bool wf_ui_wants_mouse(const wf_ui *ui) {
    Current c(ui);
    return ImGui::GetIO().WantCaptureMouse;
}

void wf_ui_begin(wf_ui *ui, float display_w, float display_h, float x, float y, float w, float h, double dt) {
    ImGui::SetCurrentContext(ui->context);
    ImGuiIO &io = ImGui::GetIO();
    io.DisplaySize = ImVec2(display_w, display_h);
    io.DeltaTime = dt > 1e-4 ? static_cast<float>(dt) : 1e-4f;
    bool button_changed = false, modifiers_changed = false;
    bool key_changed[WF_UI_KEY_COUNT] = {};
    float wheel = 0;
    bool wheel_ctrl = false, wheel_shift = false;
    int used = 0;
    for (; used < ui->queue.Size; used++) {
        const wf_ui::InputEvent &e = ui->queue[used];
        if (e.kind == wf_ui::Move) {
            io.MousePos = ImVec2(e.x, e.y);
        } else if (e.kind == wf_ui::Button) {
            if (button_changed || wheel != 0) break;
            // A pop-up closed by a release still covers what is under it for one frame: a press
            // arriving right after waits, as a hand would.
            if (e.down && ui->settle > 0) break;
            button_changed = true;
            if (!e.down) ui->settle = 2;
            ui->down[e.code] = e.down;
            if (e.x > -FLT_MAX) io.MousePos = ImVec2(e.x, e.y);
            used++;
            break;      // what follows (a move away, the next click) belongs to later frames
        } else if (e.kind == wf_ui::Wheel) {
            // One frame's turns go together; with the modifiers held when they were turned.
            if (button_changed || (wheel != 0 && (wheel_ctrl != ui->ctrl || wheel_shift != ui->shift))) break;
            wheel += e.wheel;
            wheel_ctrl = ui->ctrl; wheel_shift = ui->shift;
        } else if (e.kind == wf_ui::Key) {
            if (key_changed[e.code] || button_changed) break;
            key_changed[e.code] = true;
            ui->keys[e.code] = e.down;
        } else if (e.kind == wf_ui::Modifiers) {
            const bool same = e.ctrl == ui->ctrl && e.shift == ui->shift && e.alt == ui->alt;
            if (!same && (modifiers_changed || wheel != 0)) break;
            if (!same) modifiers_changed = true;
            ui->ctrl = e.ctrl; ui->shift = e.shift; ui->alt = e.alt;
        } else {
            if (button_changed) break;
            io.AddInputCharactersUTF8(e.text);
        }
    }
    if (ui->settle > 0) ui->settle--;
    if (used > 0) ui->queue.erase(ui->queue.begin(), ui->queue.begin() + used);
    for (int i = 0; i < 3; i++) io.MouseDown[i] = ui->down[i];
    io.KeyCtrl = ui->ctrl;
    io.KeyShift = ui->shift;
    io.KeyAlt = ui->alt;
    for (int k = 1; k < WF_UI_KEY_COUNT; k++) io.KeysDown[k] = ui->keys[k];
    ui->slider_rects_previous.swap(ui->slider_rects);
    ui->slider_rects.resize(0);
    bool over_slider = false;
    for (const ImVec4 &r : ui->slider_rects_previous) {
        if (io.MousePos.x >= r.x && io.MousePos.x < r.z && io.MousePos.y >= r.y && io.MousePos.y < r.w) over_slider = true;
    }
    // The wheel scrolls the panel; with Ctrl (a step) or Shift (a tenth of one) held over a slider
    // it steps that slider instead (ImGui would scroll the window in NewFrame, before the slider
    // under the pointer sees the wheel, so the turn is kept from it).
    const bool steps = over_slider && (wheel_ctrl || wheel_shift);
    ui->slider_wheel = steps ? wheel : 0;
    ui->slider_wheel_fine = wheel_shift && !wheel_ctrl;
    io.MouseWheel = steps ? 0 : wheel;
    if (!steps && wheel != 0) { io.KeyShift = false; io.KeyCtrl = false; }   // always a vertical scroll
    ui->panel_x = x; ui->panel_w = w;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(w, h));
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                             ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar |
                             ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::Begin("WaveFill panel", nullptr, flags);
}

void wf_ui_begin_body(wf_ui *ui, float status_lines) {
    // What is left above the status bar (a separator and `status_lines` lines of text).
    const ImGuiStyle &style = ImGui::GetStyle();
    const float bar = ImGui::GetTextLineHeightWithSpacing() * status_lines + style.ItemSpacing.y * 2 + style.WindowPadding.y;
    ImGui::BeginChild("body", ImVec2(0, -bar), false, ImGuiWindowFlags_NavFlattened);
    const ImVec2 pos = ImGui::GetWindowPos();
    ui->body_top = pos.y;
    ui->body_bottom = pos.y + ImGui::GetWindowHeight();
}

void wf_ui_end_body(wf_ui *) {
    ImGui::EndChild();
}

void wf_ui_status_bar(wf_ui *ui, const char *text, int kind, float lines) {
    ImGui::Separator();
    // A fixed box: a long message is cut, never moving what is above it.
    const float height = ImGui::GetTextLineHeightWithSpacing() * lines;
    ImGui::BeginChild("status", ImVec2(0, height), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                                            ImGuiWindowFlags_NoNav);
    if (text && *text) {
        const ImVec4 colour = kind == 2 ? ImVec4(1.0f, 0.52f, 0.47f, 1.0f)
                            : kind == 1 ? ImVec4(0.62f, 0.85f, 0.62f, 1.0f)
                                        : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
        ImGui::PushStyleColor(ImGuiCol_Text, colour);
        ImGui::TextWrapped("%s", text);
        ImGui::PopStyleColor();
    }
    ImGui::EndChild();
    if (text && *text && ImGui::IsItemHovered()) show_tooltip(ui, text);
}

void wf_ui_body_visible(const wf_ui *ui, float out[2]) { out[0] = ui->body_top; out[1] = ui->body_bottom; }

void wf_ui_end(wf_ui *ui) {
    (void)ui;
    ImGui::End();
    ImGui::Render();
}

bool wf_ui_draw(wf_ui *ui) {
    Current c(ui);
    ImDrawData *data = ImGui::GetDrawData();
    if (!data || !data->Valid) return true;
    bool ok = true;
    const ImVec2 origin = data->DisplayPos;
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        const ImDrawVert *vertices = list->VtxBuffer.Data;
        const ImDrawIdx *indices = list->IdxBuffer.Data;
        for (int k = 0; k < list->CmdBuffer.Size; k++) {
            const ImDrawCmd &cmd = list->CmdBuffer[k];
            if (cmd.UserCallback || cmd.ElemCount == 0) continue;
            const float x0 = cmd.ClipRect.x - origin.x, y0 = cmd.ClipRect.y - origin.y;
            const float x1 = cmd.ClipRect.z - origin.x, y1 = cmd.ClipRect.w - origin.y;
            if (x1 <= x0 || y1 <= y0) continue;
            SDL_Rect clip = {static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
                             static_cast<int>(std::ceil(x1 - std::floor(x0))), static_cast<int>(std::ceil(y1 - std::floor(y0)))};
            SDL_RenderSetClipRect(ui->renderer, &clip);
            const ImDrawVert *v = vertices + cmd.VtxOffset;
            const int stride = static_cast<int>(sizeof(ImDrawVert));
            const int count = list->VtxBuffer.Size - static_cast<int>(cmd.VtxOffset);
            if (SDL_RenderGeometryRaw(ui->renderer, static_cast<SDL_Texture *>(cmd.GetTexID()),
                                      &v->pos.x, stride, reinterpret_cast<const SDL_Color *>(&v->col), stride,
                                      &v->uv.x, stride, count, indices + cmd.IdxOffset,
                                      static_cast<int>(cmd.ElemCount), static_cast<int>(sizeof(ImDrawIdx))) != 0) {
                ok = false;
            }
        }
    }
    SDL_RenderSetClipRect(ui->renderer, nullptr);
    return ok;
}

// The row's label in a column at the left (cut with an ellipsis, never wrapped), the widget filling
// the rest; returns the label the widget is given: its identifier with nothing shown.
struct Row {
    char id[256];
    explicit Row(wf_ui *ui, const char *label) {
        const char *end = ImGui::FindRenderedTextEnd(label);
        std::snprintf(id, sizeof id, "##%s", label);
        if (end == label) return;   // no label: the caller's width (wf_ui_set_next_width) or the default
        const float avail = ImGui::GetContentRegionAvail().x;
        const float column = std::floor(avail * ui->label_fraction);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const ImGuiStyle &style = ImGui::GetStyle();
        const float h = ImGui::GetFrameHeight();
        const ImVec2 a(p.x, p.y + style.FramePadding.y), b(p.x + column - style.ItemInnerSpacing.x, p.y + h);
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), a, b, b.x, b.x, label, end, nullptr);
        ImGui::Dummy(ImVec2(column, h));
        if (ImGui::CalcTextSize(label, end).x > b.x - a.x && ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%.*s", static_cast<int>(end - label), label);   // short: beside the pointer
        }
        ImGui::SameLine(0, 0);
        ImGui::SetNextItemWidth(-FLT_MIN);
    }
};

// A slider's value typed after Ctrl+click stays in the field until Enter or the field is left:
// only then is it reported (changed and committed), once; Esc drops it.
static int typed_result(wf_ui *ui, bool changed, double *value, double before) {
    const ImGuiID id = ImGui::GetItemID();
    if (ImGui::TempInputIsActive(id)) {
        if (ui->typing_id != id) { ui->typing_id = id; ui->typed_edited = false; }
        if (changed) { ui->typed = *value; ui->typed_edited = true; }
        *value = before;
        return WF_UI_EDITING;
    }
    if (ui->typing_id == id) {
        ui->typing_id = 0;
        const bool cancelled = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
        if (changed) { ui->typed = *value; ui->typed_edited = true; }
        if (ui->typed_edited && !cancelled) { *value = ui->typed; return WF_UI_CHANGED | WF_UI_COMMITTED | WF_UI_TYPED; }
        *value = before;
        return 0;
    }
    return result(changed);
}

static void record_slider(wf_ui *ui) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ui->slider_rects.push_back(ImVec4(a.x, a.y, b.x, b.y));
}

int wf_ui_slider(wf_ui *ui, const char *label, double *value, double lo, double hi, const char *format, double step, double fine_step) {
    // Dragging stays inside lo...hi; a value typed after Ctrl+click may go beyond, for the settings'
    // own validation to accept or refuse with the flag's message.
    Row row(ui, label);
    const double before = *value;
    bool changed = ImGui::SliderScalar(row.id, ImGuiDataType_Double, value, &lo, &hi, format, 0);
    int r = typed_result(ui, changed, value, before);
    record_slider(ui);
    if (ImGui::IsItemHovered() && ui->slider_wheel != 0) {
        double v = *value + ui->slider_wheel * (ui->slider_wheel_fine ? fine_step : step);
        ui->slider_wheel = 0;
        *value = v < lo ? lo : (v > hi ? hi : v);
        r |= WF_UI_CHANGED | WF_UI_COMMITTED;
    }
    return r;
}

int wf_ui_slider_int(wf_ui *ui, const char *label, int *value, int lo, int hi, const char *format) {
    Row row(ui, label);
    const int before = *value;
    bool changed = ImGui::SliderInt(row.id, value, lo, hi, format && *format ? format : "%d", 0);
    double v = *value;
    int r = typed_result(ui, changed, &v, before);
    *value = static_cast<int>(v);
    record_slider(ui);
    if (ImGui::IsItemHovered() && ui->slider_wheel != 0) {
        long n = static_cast<long>(*value) + static_cast<long>(std::lround(ui->slider_wheel));
        ui->slider_wheel = 0;
        *value = static_cast<int>(n < lo ? lo : (n > hi ? hi : n));
        r |= WF_UI_CHANGED | WF_UI_COMMITTED;
    }
    return r;
}

int wf_ui_colour(wf_ui *ui, const char *label, float rgba[4], bool unset, float button_width) {
    // The hex field and swatch (or "off" for a colour nobody set); the swatch does not open ImGui's
    // own pop-up: the host opens wf_ui_colour_picker in its own, so the picker's rectangle can be named.
    Row row(ui, label);
    ImGui::SetNextItemWidth(-(button_width + ImGui::GetStyle().ItemSpacing.x));
    if (unset) {
        ImGui::BeginDisabled();
        char off[8] = "off";
        ImGui::InputText(row.id, off, sizeof off, ImGuiInputTextFlags_ReadOnly);
        ImGui::EndDisabled();
        return 0;
    }
    ImGuiColorEditFlags flags = ImGuiColorEditFlags_AlphaPreviewHalf | ImGuiColorEditFlags_DisplayHex |
                                ImGuiColorEditFlags_Uint8 | ImGuiColorEditFlags_InputRGB | ImGuiColorEditFlags_NoPicker;
    return result(ImGui::ColorEdit4(row.id, rgba, flags));
}

int wf_ui_colour_picker(wf_ui *, const char *label, float rgba[4]) {
    ImGuiColorEditFlags flags = ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf |
                                ImGuiColorEditFlags_PickerHueBar | ImGuiColorEditFlags_Uint8 |
                                ImGuiColorEditFlags_InputRGB | ImGuiColorEditFlags_DisplayHex |
                                ImGuiColorEditFlags_DisplayHSV | ImGuiColorEditFlags_NoSidePreview;
    return result(ImGui::ColorPicker4(label, rgba, flags));
}

void wf_ui_open_popup(wf_ui *, const char *id) { ImGui::OpenPopup(id); }
bool wf_ui_begin_popup(wf_ui *, const char *id) { return ImGui::BeginPopup(id); }
void wf_ui_end_popup(wf_ui *) { ImGui::EndPopup(); }

int wf_ui_checkbox(wf_ui *ui, const char *label, bool *value) {
    Row row(ui, label);
    return ImGui::Checkbox(row.id, value) ? (WF_UI_CHANGED | WF_UI_COMMITTED) : 0;
}

bool wf_ui_begin_combo(wf_ui *ui, const char *label, const char *preview) {
    Row row(ui, label);
    return ImGui::BeginCombo(row.id, preview);
}

bool wf_ui_selectable(wf_ui *, const char *label, bool selected) {
    bool chosen = ImGui::Selectable(label, selected);
    if (selected) ImGui::SetItemDefaultFocus();
    return chosen;
}

void wf_ui_end_combo(wf_ui *) { ImGui::EndCombo(); }

void wf_ui_unfocus(wf_ui *ui) {
    Current c(ui);
    ImGui::SetWindowFocus(nullptr);
}

int wf_ui_input(wf_ui *ui, const char *label, char *buffer, size_t capacity) {
    Row row(ui, label);
    return result(ImGui::InputText(row.id, buffer, capacity, ImGuiInputTextFlags_AutoSelectAll));
}

bool wf_ui_button(wf_ui *, const char *label, float width) { return ImGui::Button(label, ImVec2(width, 0)); }

void wf_ui_same_line(wf_ui *) { ImGui::SameLine(); }

void wf_ui_text(wf_ui *, const char *text) { ImGui::TextWrapped("%s", text); }

void wf_ui_line_text(wf_ui *, const char *text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
}

void wf_ui_dim_text(wf_ui *, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void wf_ui_error_text(wf_ui *, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void wf_ui_tooltip(wf_ui *ui, const char *text) {
    if (ImGui::IsItemHovered()) show_tooltip(ui, text);
}

bool wf_ui_section(wf_ui *, const char *label, bool open_by_default) {
    return ImGui::CollapsingHeader(label, open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

void wf_ui_progress(wf_ui *, float fraction, const char *overlay) {
    ImGui::ProgressBar(fraction < 0 ? 0 : (fraction > 1 ? 1 : fraction), ImVec2(-1, 0), overlay);
}

void wf_ui_scroll_to_last(wf_ui *) { ImGui::SetScrollHereY(0.5f); }

void wf_ui_push_id(wf_ui *, const char *id) { ImGui::PushID(id); }
void wf_ui_pop_id(wf_ui *) { ImGui::PopID(); }

void wf_ui_last_rect(const wf_ui *ui, float out[4]) {
    Current c(ui);
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    out[0] = a.x; out[1] = a.y; out[2] = b.x - a.x; out[3] = b.y - a.y;
}

float wf_ui_frame_height(const wf_ui *ui) {
    Current c(ui);
    return ImGui::GetFrameHeight();
}

float wf_ui_available_width(const wf_ui *ui) {
    Current c(ui);
    return ImGui::GetContentRegionAvail().x;
}

void wf_ui_set_next_width(wf_ui *, float width) { ImGui::SetNextItemWidth(width); }

float wf_ui_text_width(const wf_ui *ui, const char *text) {
    Current c(ui);
    return ImGui::CalcTextSize(text).x;
}

}  // extern "C"
