// Dear ImGui (Debian's libimgui-dev), reached through pkg-config; used only by the C++ target
// CPanelUI, which wraps it in a C interface for Swift.
#include <imgui.h>
