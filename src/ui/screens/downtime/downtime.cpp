// The downtime screen: rests and time (short rest with hit dice, the exhausting rally, long rest, advancing the
// clock) with a "what changed" summary, then the rules' panels (ui/rule_panels.hpp: where the party is — rule planes
// —, the Campaign place — plot points, league play: campaign.cpp —, then crafting projects and the art value
// calculator in the side slot). At ≥ 700 px: rests | projects side by side (pending prompts and the summary at the top of the rests column).
#include <imgui.h>

#include "ui/rule_panels.hpp"
#include "ui/screens/downtime/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/prompts.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

void draw_downtime() {
  heading(T("ui.tab.downtime"));
  track("screen.downtime", T("ui.tab.downtime"));
  if (wide_layout()) {
    // prompts and the summary scroll with the left column: above both columns they left a landscape phone
    // (412 px tall) a strip of ~80 px for the columns themselves
    ImVec2 avail = ImGui::GetContentRegionAvail();
    const float left = avail.x * 0.5f - gap() * 0.5f;
    ImGui::BeginChild("##rest", ImVec2(left, avail.y));
    draw_prompts();
    draw_downtime_summary();
    draw_rest_and_time();
    draw_slot(Slot::downtime);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##projects", ImVec2(0, avail.y));
    draw_slot(Slot::downtime_side);
    ImGui::EndChild();
  } else {
    draw_prompts();
    draw_downtime_summary();
    draw_rest_and_time();
    draw_slot(Slot::downtime);
    draw_slot(Slot::downtime_side);
    ImGui::Spacing();
  }
}

}  // namespace druzina::ui
