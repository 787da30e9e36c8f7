// The encounter's difficulty: the DMG's XP thresholds by character level and the multiplier for the number of
// monsters (adjusted for the party's size), or the 2024 rules' XP budget; and the calculator `encounter`:
//   druzina rule encounter --party-levels 3,3,3,3 --monster-xp 100,100,50
//     → {"xp": 250, "adjusted_xp": 500, "difficulty": "easy", "thresholds": {"easy": 300, "medium": 600, …}}
//   --rules 2024 → the budget: {"xp", "adjusted_xp" (= xp), "difficulty": "trivial" | "low" | "moderate" | "high",
//   "thresholds": {"low", "moderate", "high"}}.
#include <algorithm>

#include "core/calc/params.hpp"
#include "core/json_obj.hpp"
#include "core/rules/encounter_difficulty/encounter_difficulty.hpp"

namespace druzina::calc {

namespace {

// Per character level 1–20: easy, medium, hard, deadly (DMG 2014, "XP Thresholds by Character Level").
constexpr int kDmg[20][4] = {
    {25, 50, 75, 100},         {50, 100, 150, 200},       {75, 150, 225, 400},       {125, 250, 375, 500},
    {250, 500, 750, 1100},     {300, 600, 900, 1400},     {350, 750, 1100, 1700},    {450, 900, 1400, 2100},
    {550, 1100, 1600, 2400},   {600, 1200, 1900, 2800},   {800, 1600, 2400, 3600},   {1000, 2000, 3000, 4500},
    {1100, 2200, 3400, 5100},  {1250, 2500, 3800, 5700},  {1400, 2800, 4300, 6400},  {1600, 3200, 4800, 7200},
    {2000, 3900, 5900, 8800},  {2100, 4200, 6300, 9500},  {2400, 4900, 7300, 10900}, {2800, 5700, 8500, 12700}};
// Per character level 1–20: low, moderate, high (the 2024 rules' XP budget per character).
constexpr int kBudget[20][3] = {
    {50, 75, 100},       {100, 150, 200},     {150, 225, 400},      {250, 375, 500},      {500, 750, 1100},
    {600, 1000, 1400},   {750, 1300, 1700},   {1000, 1700, 2100},   {1300, 2000, 2600},   {1600, 2300, 3100},
    {1900, 2900, 4100},  {2200, 3700, 4700},  {2600, 4200, 5400},   {2900, 4900, 6200},   {3300, 5400, 7800},
    {3800, 6100, 9800},  {4500, 7200, 11700}, {5000, 8700, 14200},  {5500, 10700, 17200}, {6400, 13200, 22000}};
constexpr const char* kDmgNames[4] = {"easy", "medium", "hard", "deadly"};
constexpr const char* kBudgetNames[3] = {"low", "moderate", "high"};
// The multipliers × 2, from ×0.5 (one step below ×1) to ×5 (one step above ×4).
constexpr int kSteps[8] = {1, 2, 3, 4, 5, 6, 8, 10};

}  // namespace

int encounter_multiplier_x2(int monsters, int pcs) {
  if (monsters <= 0) return 2;
  int step = monsters == 1 ? 1 : monsters == 2 ? 2 : monsters <= 6 ? 3 : monsters <= 10 ? 4 : monsters <= 14 ? 5 : 6;
  if (pcs < 3) ++step;
  if (pcs >= 6) --step;
  return kSteps[step];
}

std::vector<int> level_thresholds(int level, EncounterRules rules) {
  const int k = std::clamp(level, 1, 20) - 1;
  if (rules == EncounterRules::budget2024) return {kBudget[k][0], kBudget[k][1], kBudget[k][2]};
  return {kDmg[k][0], kDmg[k][1], kDmg[k][2], kDmg[k][3]};
}

EncounterDifficulty encounter_difficulty(const std::vector<int>& party_levels, const std::vector<int>& monster_xp,
                                         EncounterRules rules) {
  EncounterDifficulty d;
  long long xp = 0;
  for (int x : monster_xp) xp += std::max(0, x);
  d.xp = static_cast<int>(std::min<long long>(xp, 1'000'000'000));
  const bool budget = rules == EncounterRules::budget2024;
  d.multiplier_x2 = budget ? 2 : encounter_multiplier_x2(static_cast<int>(monster_xp.size()),
                                                         static_cast<int>(party_levels.size()));
  d.adjusted_xp = static_cast<int>(std::min<long long>(xp * d.multiplier_x2 / 2, 2'000'000'000));
  const size_t n = budget ? 3 : 4;
  std::vector<int> sums(n, 0);
  for (int level : party_levels) {
    const auto t = level_thresholds(level, rules);
    for (size_t k = 0; k < n; ++k) sums[k] += t[k];
  }
  d.difficulty = "trivial";
  for (size_t k = 0; k < n; ++k) {
    const char* name = budget ? kBudgetNames[k] : kDmgNames[k];
    d.thresholds.emplace_back(name, sums[k]);
    if (!party_levels.empty() && d.adjusted_xp >= sums[k]) d.difficulty = name;
  }
  return d;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator encounter_calculator() {
  calc::Param levels = calc::int_param("party-levels", "calc.param.encounter.party_levels", 1, 20);
  levels.type = calc::ParamType::int_list;
  levels.max_items = 50;
  calc::Param xp = calc::int_param("monster-xp", "calc.param.encounter.monster_xp", 0, 155000);
  xp.type = calc::ParamType::int_list;
  xp.max_items = 200;
  calc::Param rules = calc::choice_param("rules", "calc.param.encounter.rules", {"2014", "2024"}, false);
  rules.default_value = "2014";
  return {"encounter", "calc.desc.encounter", {levels, xp, rules}, [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const auto which = p.at("rules").get<std::string>() == "2024" ? EncounterRules::budget2024
                                                                            : EncounterRules::dmg2014;
            const auto d = calc::encounter_difficulty(p.at("party-levels").get<std::vector<int>>(),
                                                      p.at("monster-xp").get<std::vector<int>>(), which);
            nlohmann::json t = nlohmann::json::object();
            for (const auto& [name, v] : d.thresholds) t[name] = v;
            return jobj{"xp", d.xp, "adjusted_xp", d.adjusted_xp, "difficulty", d.difficulty, "thresholds", t};
          }};
}

}  // namespace druzina::rules
