// Calculator `sidekick-level --party-levels 3,4,5,4` → {"level": 4}: the party's average level, rounded down.
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/sidekicks/sidekicks.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

int sidekick_level(const std::vector<int>& levels) {
  if (levels.empty()) return 0;
  long long sum = 0;
  for (int l : levels) sum += l;
  return static_cast<int>(sum / static_cast<long long>(levels.size()));
}

int sidekick_proficiency(int level) { return level < 1 ? 2 : 2 + (level - 1) / 4; }

// The class tables (Tasha's Cauldron of Everything, sidekick classes): the features each level gives.
std::vector<std::string> sidekick_features(const std::string& cls, int level) {
  struct Row {
    int level;
    const char* feature;
  };
  static const Row expert[] = {{1, "bonus_proficiencies"}, {1, "helpful"}, {2, "cunning_action"}, {3, "expertise"},
                               {4, "asi"}, {6, "coordinated_strike"}, {7, "evasion"}, {8, "asi"}, {10, "asi"},
                               {11, "inspiring_help"}, {12, "asi"}, {14, "reliable_talent"}, {15, "expertise_more"},
                               {16, "asi"}, {18, "sharp_mind"}, {19, "asi"}, {20, "inspiring_help_better"}};
  static const Row spellcaster[] = {{1, "bonus_proficiencies"}, {1, "spellcasting"}, {4, "asi"}, {6, "potent_cantrips"},
                                    {8, "asi"}, {12, "asi"}, {14, "empowered_spells"}, {16, "asi"}, {18, "asi"},
                                    {20, "focused_casting"}};
  static const Row warrior[] = {{1, "bonus_proficiencies"}, {1, "martial_role"}, {2, "second_wind"}, {3, "improved_critical"},
                                {4, "asi"}, {6, "extra_attack"}, {7, "battle_readiness"}, {8, "asi"}, {10, "improved_defense"},
                                {11, "indomitable"}, {12, "asi"}, {14, "asi"}, {15, "extra_attack_3"}, {16, "asi"},
                                {18, "indomitable_2"}, {19, "asi"}, {20, "second_wind_2"}};
  std::vector<std::string> out;
  auto pick = [&](const auto& rows) {
    for (const Row& r : rows)
      if (r.level == level) out.emplace_back(r.feature);
  };
  if (cls == "expert") pick(expert);
  else if (cls == "spellcaster") pick(spellcaster);
  else if (cls == "warrior") pick(warrior);
  return out;
}

calc::Calculator sidekick_level_calculator() {
  calc::Param p;
  p.name = "party-levels";
  p.type = calc::ParamType::int_list;
  p.min = 1;
  p.max = kSidekickMaxLevel;
  p.max_items = 20;
  p.description_key = "calc.param.sidekick_level.party_levels";
  return {"sidekick-level", "calc.desc.sidekick_level", {p}, [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const auto levels = params.at("party-levels").get<std::vector<int>>();
            if (levels.empty()) throw UserError("calc.err.missing_param", jobj{"calculator", "sidekick-level", "param", "party-levels"});
            return jobj{"level", sidekick_level(levels)};
          }};
}

}  // namespace druzina::rules
