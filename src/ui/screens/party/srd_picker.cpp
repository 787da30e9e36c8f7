#include "ui/screens/party/srd_picker.hpp"

#include <imgui.h>

#include <string>

#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

constexpr int kShown = 40;  // rows drawn at once: typing narrows the list

struct Picker {
  bool open = false;
  std::string query;
  std::string picked;  // srd id
  int count = 1;
  bool join = false;   // opened from a running fight: the monsters join it (AddMonsters join)
};

Picker& pk() {
  static Picker p;
  return p;
}

std::string facts(const rules::Monster& m) {
  return Tf("ui.srd.facts", jobj{"cr", rules::cr_text(m.cr), "ac", m.ac, "hp", m.hp, "dice", dice_notation(ui().lang, m.hp_dice)});
}

void draw_picked(const rules::Monster& m) {
  Picker& p = pk();
  heading(m.name_in(ui().lang).c_str());
  const std::string f = facts(m);
  muted(f.c_str());
  track("srd.facts", f);
  for (const auto& a : m.attacks) {
    bullet(panels::srd_attack_label(a).c_str());
  }
  ImGui::Spacing();
  StepperOptions o;
  o.label = T("ui.srd.count");
  stepper("srd.count", p.count, 1, 20, o);
  // HP: the SRD's average or rolled (each monster its own roll); the choice is the campaign's, kept for next time
  int mode = rules::srd_roll_hp(model().state()) ? 1 : 0;
  small_label(T("ui.srd.hp"));
  if (segmented("srd.hp", options({"average", "roll"}, {Tf("ui.srd.hp_average", jobj{"hp", m.hp}),
                                                     Tf("ui.srd.hp_roll", jobj{"dice", dice_notation(ui().lang, m.hp_dice)})}),
                mode))
    model().dispatch(jobj{"type", "SetSettings", "srd_roll_hp", mode == 1});
  const bool join = p.join && model().state().encounter.has_value();
  const std::string add = Tf(join ? "ui.srd.add_join" : "ui.srd.add", jobj{"n", p.count, "name", m.name_in(ui().lang)});
  json cmd = jobj{"type", "AddMonsters", "monster", m.id, "count", p.count, "name", m.name_in(ui().lang)};
  if (join) cmd["join"] = true;
  if (big_button(add.c_str(), ImVec2(0, 60)) && dispatch_and_tell(cmd, 6.0))
    p = Picker{};  // closed: the list (or the fight) shows them
  track("srd.add", add);
  if (ImGui::Button(T("ui.srd.other"), ImVec2(ImGui::GetContentRegionAvail().x, 48))) p.picked.clear();
  track("srd.back", T("ui.srd.other"));
}

}  // namespace

bool srd_picker_open() { return pk().open && rule_on(rules::kSrdMonsters); }

void open_srd_picker(bool join) {
  pk() = Picker{};
  pk().open = true;
  pk().join = join;
}

bool srd_picker_joins() { return pk().join; }

void draw_srd_picker() {
  Picker& p = pk();
  if (ImGui::Button(T("ui.srd.close"), ImVec2(0, 48))) {
    p = Picker{};
    return;
  }
  track("srd.close", T("ui.srd.close"));
  if (const rules::Monster* m = p.picked.empty() ? nullptr : rules::find_srd_monster(p.picked)) {
    draw_picked(*m);
    return;
  }
  heading(T("ui.srd.title"));
  track("screen.srd", T("ui.srd.title"));
  text_field("##srdsearch", T("ui.srd.search_hint"), p.query);
  track("srd.search", p.query);
  const auto found = rules::search_srd_monsters(p.query, ui().lang);
  if (found.empty()) muted(T("ui.srd.none"));
  int shown = 0;
  for (const rules::Monster* m : found) {
    if (shown++ == kShown) break;
    const std::string id = "srd.pick." + m->id;
    if (card_button(id, m->name_in(ui().lang).c_str(), facts(*m).c_str())) {
      p.picked = m->id;
      p.count = 1;
    }
    track(id, m->name_in(ui().lang));
  }
  if (static_cast<int>(found.size()) > kShown) {
    const std::string more = Tf("ui.srd.more", jobj{"n", static_cast<int>(found.size()) - kShown});
    muted(more.c_str());
    track("srd.more", more);
  }
}

}  // namespace druzina::ui
