#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>

#include "core/campaign/derived.hpp"
#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/downtime/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/preview.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

struct Summary {
  long long tx = 0;
  std::string where;  // "" the top of the screen, "project.<id>" that project's card
  std::vector<std::string> lines;
  bool all = false;   // a long one (a crafting week) shown in full
};

Summary& summary() {
  static Summary s;
  return s;
}

struct RestUi {
  std::map<std::string, int> spend;  // hit dice to spend per creature
  int days = 0, hours = 1;
};

RestUi& rest() {
  static RestUi r;
  return r;
}

}  // namespace

bool downtime_dispatch(const json& command, const std::string& where) {
  Outcome o = dispatch_and_tell(command, 8.0);
  if (!o) return false;
  Summary& s = summary();
  s.tx = o.tx;
  s.where = where;
  s.lines.clear();
  for (auto& l : o.lines)
    if (!l.empty()) s.lines.push_back(std::move(l));
  s.all = false;
  return true;
}

void draw_downtime_summary(const std::string& where) {
  Summary& s = summary();
  if (s.lines.empty() || s.tx != model().state().last_tx || s.where != where) return;  // undone, or something else since
  const std::string id = where.empty() ? std::string("downtime.summary") : where + ".summary";
  begin_card(("##summary" + where).c_str(), col_tint(hue_green(), 0.22f));
  ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
  ImGui::TextUnformatted(T("ui.downtime.changed"));
  ImGui::PopStyleColor();
  // A long stretch (a week of crafting: each day, night and rest) shows how it began and how it ended; the rest
  // behind one tap (and in the log).
  constexpr size_t kHead = 3, kTail = 6;
  const size_t n = s.lines.size();
  const bool cut = !s.all && n > kHead + kTail + 1;
  std::string all;
  for (size_t i = 0; i < n; ++i) {
    if (cut && i == kHead) {
      ImGui::PushFont(ui().fonts.small);
      const std::string more = Tf("ui.downtime.show_all", jobj{"n", static_cast<long long>(n - kHead - kTail)});
      if (big_button(more.c_str(), ImVec2(0, 44))) s.all = true;
      ImGui::PopFont();
      track(id + ".all", more);
      i = n - kTail;
    }
    ImGui::PushTextWrapPos(0);
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextUnformatted(s.lines[i].c_str());
    ImGui::PopTextWrapPos();
    all += s.lines[i] + "\n";
  }
  end_card();
  track(id, all);
}

void draw_rest_and_time() {
  const auto& st = model().state();
  RestUi& r = rest();
  const bool dm = !ui_player_mode();
  section(T("ui.downtime.rest"));
  if (st.encounter) {
    muted(T("ui.downtime.in_combat"));
    track("downtime.in_combat", T("ui.downtime.in_combat"));
  }
  // hit dice per living party member
  std::vector<const campaign::Creature*> party;
  for (const auto& c : st.creatures)
    if (campaign::in_party(c) && !c.death_saves.dead) party.push_back(&c);
  if (party.empty()) muted(T("ui.downtime.no_party"));
  json spend = json::array(), items = json::array();
  for (const auto* c : party) {
    ImGui::PushID(c->id.c_str());
    int left = campaign::hit_dice_left(*c);
    int& n = r.spend[c->id];
    n = std::clamp(n, 0, std::max(0, left));
    std::string label = c->name + "  \xC2\xB7  " + std::to_string(c->hp) + "/" + std::to_string(c->max_hp) + "\n";
    if (c->hit_die > 0)
      label += Tf("ui.downtime.hd_left", jobj{"left", left, "total", campaign::hit_dice_total(*c), "die", c->hit_die});
    else
      label += T("ui.downtime.no_hit_die");
    if (c->hit_die > 0 && left > 0 && dm) {
      stepper("rest.hd." + c->id, n, 0, left, {.label = label.c_str()});
    } else {
      ImGui::TextWrapped("%s", label.c_str());
    }
    if (n > 0) spend.push_back(jobj{"target", c->id, "dice", n});
    if (dm) {  // what rules spend the rest on (magic items: attune, end an attunement or study an item)
      SlotContext ctx;
      ctx.creature = c;
      ctx.params = &items;
      draw_slot(Slot::rest_creature, ctx);
    }
    ImGui::PopID();
  }
  if (!dm) return;
  const bool rally = rule_on(rules::kExhaustingRally);
  const float w = ImGui::GetContentRegionAvail().x;
  if (big_button(T("ui.downtime.short_rest"), ImVec2(w, 60))) {
    json cmd = jobj{"type", "ShortRest"};
    if (!spend.empty()) cmd["spend"] = spend;
    if (!items.empty()) cmd["items"] = items;
    if (downtime_dispatch(cmd)) {
      r.spend.clear();
      draw_slot(Slot::rest_done);
    }
  }
  track("rest.short", T("ui.downtime.short_rest"));
  if (rally) {
    if (big_button(T("ui.downtime.rally"), ImVec2(w, 60))) {
      json cmd = jobj{"type", "ExhaustingRally"};
      if (!spend.empty()) cmd["spend"] = spend;
      if (downtime_dispatch(cmd)) r.spend.clear();
    }
    track("rest.rally", T("ui.downtime.rally"));
    muted(rules::rally_used(st) ? T("ui.downtime.rally_used") : T("ui.downtime.rally_hint"));
  }
  ImGui::PushFont(ui().fonts.big);
  if (colored_button(T("ui.downtime.long_rest"), ImVec4(0.20f, 0.30f, 0.50f, 1), ImVec2(0, 68), "rest.long"))
    downtime_dispatch(jobj{"type", "LongRest"});
  ImGui::PopFont();

  section(T("ui.downtime.time"));
  ImGui::TextUnformatted(clock_text(st.minutes).c_str());
  track("downtime.clock", clock_text(st.minutes));
  stepper("time.days", r.days, 0, 365, {.label = T("ui.downtime.days")});
  stepper("time.hours", r.hours, 0, 23, {.label = T("ui.downtime.hours")});
  long long minutes = static_cast<long long>(r.days) * 1440 + static_cast<long long>(r.hours) * 60;
  ImGui::BeginDisabled(minutes <= 0);
  std::string label = minutes > 0 ? Tf("ui.downtime.advance_by", jobj{"duration", duration_text(minutes)}) : std::string(T("ui.downtime.advance"));
  if (big_button(label.c_str(), ImVec2(0, 60)))
    ask_before("time.advance", Tf("ui.downtime.advance_q", jobj{"duration", duration_text(minutes)}), jobj{"type", "AdvanceTime", "minutes", minutes}, T("ui.downtime.advance_yes"));
  ImGui::EndDisabled();
  track("time.advance", label);
  if (auto cmd = confirmed_command("time.advance")) downtime_dispatch(*cmd);
}

}  // namespace druzina::ui
