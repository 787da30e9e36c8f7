// DM rule "planes" (section 3; seed "Ефекти планів"): the plane the campaign is on (and a creature's own
// plane when the party splits) switches that plane's effects on. The planes and their effects are data
// (assets/data/rules/planes.json: names and effect texts in cs/uk/en, the alignments of the outer planes, the saves
// asked at the end of a long rest); the tables feywild-time-warp, shadowfell-despair and abyssal-corruption are roll
// tables (assets/data/tables). Mechanus: every damage roll the engine makes deals the expression's mean, rounded down
// (roll_damage below). Calculator `limbo`. Texts in assets/i18n/<lang>/planes.json, tests in
// tests/unit/rules_planes.tests.cpp; docs/dm-rules.md section 15.3.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kPlanes = "planes";
inline constexpr const char* kMaterialPlane = "material";

campaign::Module planes();
calc::Calculator limbo_calculator();  // limbo --action move|alter|stabilize (--size S | --radius-ft R) → {"dc"}

// A save a plane asks at the end of a long rest (planes.json "long_rest").
struct PlaneRestSave {
  std::string prompt;   // "planes.hades"
  std::string save;     // "wis" | "con" | "cha"
  int dc = 10;
  std::string who;      // "all" | "not_evil" | "not_ln" | "not_lg_ng"
  nlohmann::json failure;  // {"exhaustion": 1} | {"alignment": "le"} | {"alignment_closest": [...]} | {"table": id} | {"note": id}
};

struct Plane {
  std::string id;        // "mechanus"
  std::string kind;      // material | echo | transitive | inner | outer
  Text name;             // "Mechanus"
  std::vector<std::string> alignments;  // outer planes: "ln" …
  std::string reference; // dm-planar-… ("" = none)
  Text effect;           // what the plane does, for the Campaign place (empty = nothing to track)
  std::vector<PlaneRestSave> long_rest;
  // Outer planes: +1 upper (some good in its alignment), −1 lower (some evil), 0 neither (Limbo, Mechanus).
  int side = 0;
};
const std::vector<Plane>& plane_list();
const Plane* find_plane(std::string_view id);

// The campaign's plane (Campaign::modules.planes.plane; absent = the Material Plane) and a creature's: its own
// (Creature::modules.planes.plane) or else the campaign's.
std::string campaign_plane(const campaign::Campaign& c);
std::optional<std::string> own_plane(const campaign::Creature& x);
std::string plane_of(const campaign::Campaign& c, const campaign::Creature& x);

// The planar dissonance test: does a creature of this alignment feel the plane's dissonance (good on a lower plane,
// evil on an upper one)? Unknown / unaligned: no.
bool dissonant(const Plane& p, const std::optional<std::string>& alignment);
// Bytopia: of the targets, the one closest to the creature's alignment (law and good axes, city-block distance).
std::string closest_alignment(const std::string& from, const std::vector<std::string>& targets);

// Mechanus: the mean of a dice expression, rounded down (the SRD's "1d10 + 5 always deals 10": 10.5 → 10). Every
// form the dice engine knows (NdM, ± modifiers, keep / drop, several terms) through dice::stats(expr).mean.
long long mean_damage(std::string_view expr);

// A damage roll the engine makes for `creature` (the attacker, or the creature the poison / disease hurts): rolled
// with ctx.rng(), or — while the planes rule is on and that creature is on Mechanus — the mean (no die rolled).
struct DamageRoll {
  int total = 0;
  std::string text;      // the dice engine's text, or "1d10+5 = 10 (Mechanus)"
  bool average = false;  // true: the law of averages gave the total
};
DamageRoll roll_damage(campaign::Ctx& ctx, std::string_view expr, const std::string& creature);
// Whether the law of averages holds for that creature now (the rule on, the creature on Mechanus).
bool averages_damage(const campaign::Ctx& ctx, const std::string& creature);

// A planar affliction a table roll left on a creature (despair, abyssal corruption): Creature::modules.planes.affliction.
struct PlanarAffliction {
  std::string table;  // "shadowfell-despair" | "abyssal-corruption"
  int roll = 0;
};
std::optional<PlanarAffliction> affliction_of(const campaign::Creature& x);
// Its table row's text in that language ("Apathy. …"); the table's id if the row is gone.
std::string affliction_text(Lang lang, const PlanarAffliction& a);

// Limbo's DCs (the DMG's table): move an object by size (tiny 5 … huge 25), alter it (tiny 10 … large and huge 25),
// stabilize a sphere of radius R feet around you (5 up to 10 feet, +5 per further 10 feet or part of them).
int limbo_move_dc(std::string_view size);    // −1 for an unknown size
int limbo_alter_dc(std::string_view size);
int limbo_stabilize_dc(int radius_ft);

struct PlanesView {
  bool on = false;
  const Plane* plane = nullptr;       // the creature's (or, without a creature, the campaign's)
  bool own = false;                   // the creature has its own plane
  bool dissonance = false;            // it feels the plane's dissonance
  std::optional<PlanarAffliction> affliction;
};
PlanesView planes_view(const campaign::Campaign& c, const campaign::Creature* x = nullptr);

}  // namespace druzina::rules
