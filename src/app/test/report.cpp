#include "app/test/report.hpp"

#include <imgui.h>

#include "app/app.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"

namespace druzina::app::test {

using ui::ui;

nlohmann::json widgets() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : ui::tracked())
    list.push_back({{"id", t.id}, {"label", t.label}, {"x", t.x}, {"y", t.y}, {"w", t.w}, {"h", t.h},
                    {"visible", t.visible}});
  return list;
}

nlohmann::json overflows() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& o : ui::overflows()) list.push_back({{"where", o.where}, {"what", o.what}, {"by", o.by}});
  return list;
}

nlohmann::json state() {
  nlohmann::json s = {{"tab", ui::tab_id(ui().tab)},
                      {"lang", std::string(lang_code(ui().lang))},
                      {"frames", frames_rendered()},
                      {"drawn", frames_drawn()},
                      {"layout_ms", layout_ms_total()},
                      // an ImGui text field is active and takes typed keys (the keyboard bridge's text goes to it)
                      {"textInput", ImGui::GetIO().WantTextInput}};
  {  // storage: whether every change is stored, read-only, which campaign of the library is open
    using ui::SaveState;
    using ui::ReadOnly;
    const auto& m = ui::model();
    const SaveState ss = m.save_state();
    s["save"] = ss == SaveState::saved ? "saved" : ss == SaveState::pending ? "pending" : ss == SaveState::failed ? "failed" : "blocked";
    s["readOnly"] = m.read_only() == ReadOnly::no ? "no" : m.read_only() == ReadOnly::newer ? "newer" : "other_tab";
    s["campaignId"] = m.campaign_id();
    s["campaigns"] = ui::model().library().index().campaigns.size();  // in the library's list
  }
  if (const ImFont* body = ui().fonts.body) {
    const float scale = ImGui::GetIO().FontGlobalScale;
    s["font_px"] = body->FontSize * scale;
    s["font_atlas_px"] = body->FontSize;
    s["font_scale"] = scale;
  }
  return s;
}

nlohmann::json campaign() { return nlohmann::json(ui::model().state()); }

bool dispatch(const std::string& command) {
  auto cmd = nlohmann::json::parse(command, nullptr, false);
  if (cmd.is_discarded()) return false;
  return static_cast<bool>(ui::model().dispatch(cmd));
}

std::string text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);  // a label cut mid-character
}

}  // namespace druzina::app::test
