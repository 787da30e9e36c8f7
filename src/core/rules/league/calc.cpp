// The league's numbers and its calculators `checkpoints` and `treasure-points`.
#include "core/calc/params.hpp"
#include "core/rules/league/league.hpp"

namespace druzina::rules {

int league_tier(int level) {
  if (level <= 4) return 1;
  if (level <= 10) return 2;
  if (level <= 16) return 3;
  return 4;
}

int league_checkpoints(int hours, int adventure_tier, int level) {
  return hours + (adventure_tier > league_tier(level) ? 1 : 0);
}

int league_treasure_points(int hours, int adventure_tier, int level) {
  const int tier = league_tier(level);
  return (tier <= 2 ? hours / 2 : hours) + (adventure_tier > tier ? 1 : 0);
}

int league_checkpoints_to_next(int level) {
  if (level >= kLeagueMaxLevel) return 0;
  return level <= 4 ? 4 : 8;
}

PersonalTreasure league_personal_treasure(int level) {
  switch (league_tier(level)) {
    case 1: return {75, "modest"};
    case 2: return {150, "comfortable"};
    case 3: return {550, "wealthy"};
    default: return {5500, "aristocratic"};
  }
}

namespace {
std::vector<calc::Param> league_params(const std::string& calc) {
  return {calc::int_param("hours", "calc.param." + calc + ".hours", 1, 100),
          calc::int_param("adventure-tier", "calc.param." + calc + ".adventure_tier", 1, 4),
          calc::int_param("level", "calc.param." + calc + ".level", 1, kLeagueMaxLevel)};
}
}  // namespace

calc::Calculator checkpoints_calculator() {
  return {"checkpoints", "calc.desc.checkpoints", league_params("checkpoints"),
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            return {{"checkpoints", league_checkpoints(p.at("hours").get<int>(), p.at("adventure-tier").get<int>(),
                                                       p.at("level").get<int>())}};
          }};
}

calc::Calculator treasure_points_calculator() {
  return {"treasure-points", "calc.desc.treasure_points", league_params("treasure_points"),
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            return {{"points", league_treasure_points(p.at("hours").get<int>(), p.at("adventure-tier").get<int>(),
                                                      p.at("level").get<int>())}};
          }};
}

calc::Calculator personal_treasure_calculator() {
  return {"personal-treasure", "calc.desc.personal_treasure",
          {calc::int_param("level", "calc.param.personal_treasure.level", 1, kLeagueMaxLevel)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const int level = p.at("level").get<int>();
            const PersonalTreasure t = league_personal_treasure(level);
            return {{"gp", t.gp}, {"lifestyle", t.lifestyle}, {"tier", league_tier(level)}};
          }};
}

}  // namespace druzina::rules
