#include "ui/widgets/hp_pad.hpp"

#include <nlohmann/json.hpp>

#include "core/campaign/actions.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::pad {

namespace {

struct HpFlags {
  bool critical = false;   // a critical hit (two death-save failures at 0 HP)
  bool knock_out = false;  // damage that takes the target to 0 knocks it out (monsters live, stable)
  bool full = false;       // the override: in full, whatever the creature's resistance / vulnerability / immunity
  bool choosing = false;   // the damage-type grid is open
};

HpFlags& hp_flags() {
  static HpFlags f;
  return f;
}

// The damage type of the last hit ("" = none): kept while the app runs, as one fight's hits tend to repeat it.
std::string& damage_type() {
  static std::string t;
  return t;
}

const std::string kDamagePrefix = "campaign.damage.";  // + a damage type: its name
const std::string kAdjustPrefix = "ui.pad.adjust.";    // + resisted / vulnerable / immune

std::string type_label(const std::string& t) { return t.empty() ? T("ui.pad.type_none") : T(kDamagePrefix + t); }

// The damage type: one button showing it, which opens a grid of "none" and the 13 types; then what the
// creature's resistances do to it ("resisted: half") and the override.
void damage_type_controls(const std::string& id) {
  HpFlags& f = hp_flags();
  const std::string label = Tf("ui.pad.type", jobj{"type", type_label(damage_type())}) + (f.choosing ? "  \xE2\x96\xB2" : "  \xE2\x96\xBC");
  ImGui::PushFont(ui().fonts.small);
  if (big_button(label.c_str(), ImVec2(0, 44))) f.choosing = !f.choosing;
  track("pad.type", type_label(damage_type()));
  if (f.choosing) {
    const auto& types = campaign::damage_types();
    const float w = split_width(4);
    for (size_t k = 0; k <= types.size(); ++k) {
      const std::string t = k == 0 ? std::string() : types[k - 1];
      if (k % 4) ImGui::SameLine();
      if (toggle_button(type_label(t).c_str(), damage_type() == t, "pad.type." + (t.empty() ? std::string("none") : t),
                        ImVec2(w, 44))) {
        damage_type() = t;
        f.choosing = false;
      }
    }
  }
  ImGui::PopFont();
  const campaign::Creature* c = creature(id);
  if (!c || damage_type().empty()) return;
  const std::string kind = campaign::actions::adjust_damage(*c, damage_type(), 2).kind;
  if (kind.empty()) return;
  const std::string text = T(kAdjustPrefix + kind);
  ImGui::PushStyleColor(ImGuiCol_Text, kind == "vulnerable" ? col_bad() : col_good());
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
  track("pad.adjust", kind);
  ImGui::PushFont(ui().fonts.small);
  if (toggle_button(T("ui.pad.full"), f.full, "pad.full")) f.full = !f.full;
  ImGui::PopFont();
}

}  // namespace

void open_hp(const std::string& creature_id) {
  const campaign::Creature* c = creature(creature_id);
  if (!c) return;
  hp_flags() = {};
  Request r;
  r.title = c->name;
  r.subtitle = Tf("ui.pad.hp_now", jobj{"hp", c->hp, "max", c->max_hp, "temp", c->temp_hp});
  r.hi = 100000;
  std::string id = creature_id;
  r.actions.push_back({T("ui.pad.damage"), "pad.damage", col_bad(), [id](int n) {
                         nlohmann::json cmd = jobj{"type", "ApplyDamage", "target", id, "amount", n};
                         if (hp_flags().critical) cmd["critical"] = true;
                         if (hp_flags().knock_out) cmd["knock_out"] = true;
                         if (!damage_type().empty()) cmd["damage_type"] = damage_type();
                         if (hp_flags().full && !damage_type().empty()) cmd["ignore_resistance"] = true;
                         dispatch_and_tell(cmd);
                       }});
  r.actions.push_back({T("ui.pad.heal"), "pad.heal", col_good(),
                       [id](int n) { dispatch_and_tell(jobj{"type", "Heal", "target", id, "amount", n}); }});
  r.actions.push_back({T("ui.pad.temp"), "pad.temp", col_temp_hp(),
                       [id](int n) { dispatch_and_tell(jobj{"type", "SetTempHp", "target", id, "amount", n}); },
                       true});
  const bool dying = c->hp == 0 && !c->death_saves.dead, up = c->hp > 0;
  r.extra = [id, dying, up] {
    damage_type_controls(id);
    if (dying) {
      if (toggle_button(T("ui.pad.critical"), hp_flags().critical, "pad.critical")) hp_flags().critical = !hp_flags().critical;
    } else if (up) {
      // 5e: a melee blow that drops a creature to 0 may knock it out instead (unconscious, stable); with the
      // injury house rule a knocked-out monster rolls its injury like anyone.
      if (toggle_button(T("ui.pad.knock_out"), hp_flags().knock_out, "pad.knock_out")) hp_flags().knock_out = !hp_flags().knock_out;
    }
  };
  open(std::move(r));
}

}  // namespace druzina::ui::pad
