#include "ui/widgets/hp_pad.hpp"

#include <nlohmann/json.hpp>

#include "ui/model.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"

namespace druzina::ui::pad {

namespace {

struct HpFlags {
  bool critical = false;   // a critical hit (two death-save failures at 0 HP)
  bool knock_out = false;  // damage that takes the target to 0 knocks it out (monsters live, stable)
};

HpFlags& hp_flags() {
  static HpFlags f;
  return f;
}

}  // namespace

void open_hp(const std::string& creature_id) {
  const campaign::Creature* c = creature(creature_id);
  if (!c) return;
  hp_flags() = {};
  Request r;
  r.title = c->name;
  r.subtitle = Tf("ui.pad.hp_now", {{"hp", c->hp}, {"max", c->max_hp}, {"temp", c->temp_hp}});
  r.hi = 100000;
  std::string id = creature_id;
  r.actions.push_back({T("ui.pad.damage"), "pad.damage", col_bad(), [id](int n) {
                         nlohmann::json cmd = {{"type", "ApplyDamage"}, {"target", id}, {"amount", n}};
                         if (hp_flags().critical) cmd["critical"] = true;
                         if (hp_flags().knock_out) cmd["knock_out"] = true;
                         dispatch_and_tell(cmd);
                       }});
  r.actions.push_back({T("ui.pad.heal"), "pad.heal", col_good(),
                       [id](int n) { dispatch_and_tell({{"type", "Heal"}, {"target", id}, {"amount", n}}); }});
  r.actions.push_back({T("ui.pad.temp"), "pad.temp", col_temp_hp(),
                       [id](int n) { dispatch_and_tell({{"type", "SetTempHp"}, {"target", id}, {"amount", n}}); },
                       true});
  if (c->hp == 0 && !c->death_saves.dead) {
    r.extra = [] {
      if (toggle_button(T("ui.pad.critical"), hp_flags().critical, "pad.critical")) hp_flags().critical = !hp_flags().critical;
    };
  } else if (c->hp > 0) {
    // 5e: a melee blow that drops a creature to 0 may knock it out instead (unconscious, stable); with the
    // injury house rule a knocked-out monster rolls its injury like anyone.
    r.extra = [] {
      if (toggle_button(T("ui.pad.knock_out"), hp_flags().knock_out, "pad.knock_out")) hp_flags().knock_out = !hp_flags().knock_out;
    };
  }
  open(std::move(r));
}

}  // namespace druzina::ui::pad
