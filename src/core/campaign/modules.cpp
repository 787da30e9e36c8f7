// The rule modules of the app, in the order their hooks run. Each module lives in its own file (e.g.
// src/core/rules/massive_damage.cpp) and exposes a function returning its campaign::Module; add one line per
// module below. (An explicit list, not static self-registration: the core is a static library, and the
// linker would drop a module file that nothing references.)
#include "core/campaign/engine.hpp"
#include "core/rules/rules.hpp"

namespace druzina::campaign {

void register_rule_modules(Engine& e) {
  // The house rules (src/core/rules/, docs/house-rules.md), in hook order.
  e.add_module(rules::save_proficiencies());
  e.add_module(rules::massive_damage());
  e.add_module(rules::lingering_injuries());
  e.add_module(rules::exhausting_rally());
  e.add_module(rules::rage_exhaustion());
  e.add_module(rules::inspiration_luck());
  e.add_module(rules::hero_points());
  e.add_module(rules::level_up());
  e.add_module(rules::hp_roll());
  e.add_module(rules::intelligence());
  e.add_module(rules::potions());
  e.add_module(rules::variant_encumbrance());
  e.add_module(rules::attack_roll());
  e.add_module(rules::flanking());
  e.add_module(rules::resurrection_ritual());
  e.add_module(rules::crafting());
  e.add_module(rules::price_list());
}

}  // namespace druzina::campaign
