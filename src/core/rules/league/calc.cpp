// The league's numbers and its calculators `checkpoints` and `treasure-points`.
#include "core/calc/params.hpp"
#include "core/rules/league/league.hpp"
#include "core/json_obj.hpp"

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

const std::vector<LeagueItemTable>& league_item_tables() {
  // Magic items by tier: tables A–C and F from tier 1, D and G from tier 2, E, H and I from tier 3; 4 points an
  // item on A–C, 8 on D–F, 10 on G–H, 12 on I.
  static const std::vector<LeagueItemTable> tables = {{'A', 1, 4}, {'B', 1, 4}, {'C', 1, 4}, {'D', 2, 8}, {'E', 3, 8},
                                                       {'F', 1, 8}, {'G', 2, 10}, {'H', 3, 10}, {'I', 3, 12}};
  return tables;
}

const LeagueItemTable* league_item_table(std::string_view table) {
  if (table.size() != 1) return nullptr;
  const char letter = static_cast<char>(table[0] >= 'a' && table[0] <= 'z' ? table[0] - 'a' + 'A' : table[0]);
  for (const auto& t : league_item_tables())
    if (t.table == letter) return &t;
  return nullptr;
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
            return jobj{"checkpoints", league_checkpoints(p.at("hours").get<int>(), p.at("adventure-tier").get<int>(),
                                                       p.at("level").get<int>())};
          }};
}

calc::Calculator treasure_points_calculator() {
  return {"treasure-points", "calc.desc.treasure_points", league_params("treasure_points"),
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            return jobj{"points", league_treasure_points(p.at("hours").get<int>(), p.at("adventure-tier").get<int>(),
                                                      p.at("level").get<int>())};
          }};
}

calc::Calculator personal_treasure_calculator() {
  return {"personal-treasure", "calc.desc.personal_treasure",
          {calc::int_param("level", "calc.param.personal_treasure.level", 1, kLeagueMaxLevel)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const int level = p.at("level").get<int>();
            const PersonalTreasure t = league_personal_treasure(level);
            return jobj{"gp", t.gp, "lifestyle", t.lifestyle, "tier", league_tier(level)};
          }};
}

calc::Calculator league_item_calculator() {
  std::vector<std::string> letters;
  for (const auto& t : league_item_tables()) letters.emplace_back(1, t.table);
  return {"league-item", "calc.desc.league_item",
          {calc::choice_param("table", "calc.param.league_item.table", letters),
           calc::int_param("level", "calc.param.league_item.level", 1, kLeagueMaxLevel)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const LeagueItemTable& t = *league_item_table(p.at("table").get<std::string>());
            const int tier = league_tier(p.at("level").get<int>());
            return jobj{"cost", t.cost, "available", tier >= t.min_tier, "min_tier", t.min_tier, "tier", tier};
          }};
}

}  // namespace druzina::rules
