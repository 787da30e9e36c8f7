#include "core/campaign/derived.hpp"

#include <algorithm>

namespace druzina::campaign {

int ability_modifier(int score) {
  int d = score - 10;
  return d >= 0 ? d / 2 : -((-d + 1) / 2);
}

int modifier(const Creature& c, std::string_view ability) { return ability_modifier(c.abilities.score(ability)); }

int proficiency_bonus(int level) { return 2 + (std::max(level, 1) - 1) / 4; }

int initiative_modifier(const Creature& c) {
  return c.initiative_bonus ? *c.initiative_bonus : ability_modifier(c.abilities.dex);
}

int hit_dice_total(const Creature& c) { return std::max(c.level, 1); }
int hit_dice_left(const Creature& c) { return std::max(0, hit_dice_total(c) - c.hit_dice_used); }

std::vector<std::string> living_party(const Campaign& c) {
  std::vector<std::string> out;
  for (const auto& x : c.creatures)
    if (in_party(x) && !x.death_saves.dead) out.push_back(x.id);
  return out;
}

bool is_dying(const Creature& c) { return c.hp == 0 && !c.death_saves.dead && !c.death_saves.stable; }

bool has_condition(const Creature& c, std::string_view id) {
  return std::any_of(c.conditions.begin(), c.conditions.end(), [&](const Condition& x) { return x.id == id; });
}

double carried_weight(const Creature& c) {
  double w = 0;
  for (const auto& it : c.inventory) w += it.weight * it.qty;
  return w;
}

std::string health_status(const Creature& c) {
  if (c.death_saves.dead) return "dead";
  if (c.hp == 0) return "down";
  if (2 * c.hp <= c.max_hp) return "bloodied";
  return "healthy";
}

ExhaustionEffects exhaustion_effects(const Creature& c, int edition) {
  ExhaustionEffects e;
  int lvl = c.exhaustion;
  e.speed = c.speed;
  e.dead = lvl >= 6;
  if (edition == 2024) {
    e.d20_penalty = -2 * lvl;
    e.speed = std::max(0, c.speed - 5 * lvl);
  } else {
    e.disadvantage_checks = lvl >= 1;
    if (lvl >= 2) e.speed = c.speed / 2;
    e.disadvantage_attacks_saves = lvl >= 3;
    e.hp_max_halved = lvl >= 4;
    if (lvl >= 5) e.speed = 0;
  }
  if (e.dead) e.speed = 0;
  return e;
}

bool rule_enabled(const Campaign& c, std::string_view key, bool default_on) {
  auto it = c.settings.rules.find(std::string(key));
  return it == c.settings.rules.end() ? default_on : it->second;
}

}  // namespace druzina::campaign
