// DM rule "explosives" (seed section 6, "Вибухівка й вогнепальна зброя"; the DMG's Firearms and Explosives tables):
// the firearms of the Renaissance, modern and futuristic eras and the explosives (bomb, gunpowder horn and keg,
// dynamite, fragmentation and smoke grenades, the grenade launcher) as data (assets/data/rules/explosives.json),
// ammunition tracked per weapon on a creature (FireFirearm, ReloadFirearm), burst fire (a 10-ft cube, DEX save DC 15,
// ten rounds) and an explosion that damages creatures in its area (Detonate). Off by default: only if the DM allows
// guns. Calculators `dynamite` and `firearm` (calc.cpp). Texts in assets/i18n/<lang>/explosives.json, tests in
// tests/unit/rules_explosives.tests.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kExplosives = "explosives";

campaign::Module explosives();

inline const std::vector<std::string> kFirearmEras = {"renaissance", "modern", "futuristic"};

struct Firearm {
  std::string id;  // the English name in kebab case: "pistol", "automatic-rifle", "laser-pistol"
  std::string era;  // renaissance | modern | futuristic
  Text name;
  std::optional<int> price_gp;  // none: priceless (modern and futuristic)
  std::string damage, damage_type;  // "2d8", "piercing"
  double weight_lb = 0;
  std::pair<int, int> range;  // normal / long, feet
  std::vector<std::string> properties;  // ammunition, loading, reload, burst-fire, two-handed
  int shots = 1;  // shots before it must be reloaded (a loading weapon: 1)
  std::string ammunition;  // bullets | energy-cell
  bool burst_fire() const;
};
const std::vector<Firearm>& firearm_list();  // in the table's order (Renaissance, modern, futuristic)
const Firearm* find_firearm(std::string_view id);
std::vector<std::string> firearm_ids();

struct Explosive {
  std::string id;  // bomb, gunpowder-horn, gunpowder-keg, dynamite, fragmentation-grenade, smoke-grenade, grenade-launcher
  std::string era;
  Text name;
  std::optional<int> price_gp;
  double weight_lb = 0;
  int throw_ft = 0;       // how far it is thrown (the grenade launcher: how far it shoots a grenade); 0 = not thrown
  std::string damage, damage_type;  // "" = no damage (smoke grenade, grenade launcher)
  int radius_ft = 0;
  int save_dc = 0;  // DEX save; 0 = none
  bool half_on_success = false;
};
const std::vector<Explosive>& explosive_list();
const Explosive* find_explosive(std::string_view id);
std::vector<std::string> explosive_ids();

// Dynamite: one stick 3d6 in a 5-ft radius; each extra stick in the bundle +1d6 and +5 ft, at most 10d6 and 20 ft
// (the damage cap is reached at 8 sticks, the radius cap at 4). sticks < 1: nullopt.
struct DynamiteBlast {
  int dice = 3;  // d6s
  int radius_ft = 5;
};
std::optional<DynamiteBlast> dynamite_blast(int sticks);

// Burst fire (a weapon with the property): a 10-ft cube, DEX save DC 15, ten rounds of ammunition.
inline constexpr int kBurstRounds = 10, kBurstDc = 15, kBurstCubeFt = 10;

// Rounds left in a creature's firearm (absent = loaded: all its shots).
int rounds_left(const campaign::Creature& x, const Firearm& f);

struct FirearmState {
  const Firearm* firearm = nullptr;
  int left = 0;
};
struct ExplosivesView {
  bool on = false;
  std::vector<FirearmState> fired;  // the firearms of this creature that are not fully loaded
};
ExplosivesView explosives_view(const campaign::Campaign& c, const campaign::Creature& x);

// Lit dynamite in the initiative order (LightFuse): the bundle's combatant, its sticks and the rounds left.
struct LitFuse {
  std::string creature;
  int sticks = 1, left = 0;
  std::vector<std::string> targets;
};
std::vector<LitFuse> lit_fuses(const campaign::Campaign& c);

calc::Calculator dynamite_calculator();  // `druzina rule dynamite --sticks N` → {"damage": "3d6", "radius_ft": 5}
calc::Calculator firearm_calculator();   // `druzina rule firearm --id revolver` → its table row

}  // namespace druzina::rules
