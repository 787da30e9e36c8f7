// House rule "Obklíčení" (flanking) and the attack helper it is offered in (attack-roll): flanking never gives
// advantage, it adds +2 to the attack roll when flanking directly, +1 from the side. Its modules (module.cpp), its
// arithmetic and its calculator `flanking` (calc.cpp). Tests in tests/unit/rules_combat.tests.cpp and calc.tests.cpp.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/rng.hpp"

namespace druzina::calc {

enum class Flank { direct, side, none };
std::optional<Flank> parse_flank(std::string_view text);
int flanking_bonus(Flank position);  // +2 / +1 / 0 to the attack roll; flanking never gives advantage

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kAttackRoll = "attack-roll";
inline constexpr const char* kFlanking = "flanking";

campaign::Module attack_roll();          // AttackRoll
campaign::Module flanking();             // the +2/+1 switch AttackRoll consults
calc::Calculator flanking_calculator();  // flanking --position direct|side|none → {"attack_bonus"}

// The attack_rolled data of AttackRoll {attacker, target?, bonus?, flanking?, advantage?, disadvantage?, rolls?}:
// the d20s (from "rolls", else rolled with rng), the kept one, the flanking bonus, the total, hit and critical
// against the target's AC. Refuses (UserError) what the command refuses; stores nothing (the combat screen's roll
// when the attack-roll rule is off).
nlohmann::json attack_roll(const campaign::Campaign& c, const nlohmann::json& cmd, Rng& rng);

// An attack as rolled (attack_rolled's data, or attack_roll()'s): what the attack helper draws.
struct AttackResult {
  std::string attacker, target;  // target: empty when the roll had none (then no AC, hit or critical)
  std::vector<int> rolls;        // the d20s (two with advantage or disadvantage)
  int kept = 0, bonus = 0, flank_bonus = 0, total = 0, ac = 0;
  bool hit = false, critical = false;
  bool inspiration = false;  // the attacker may spend inspiration as luck on it (UseInspiration)
};
AttackResult attack_result(const nlohmann::json& attack_rolled);
// The last attack a transaction rolled, if any.
std::optional<AttackResult> attack_result(const std::vector<campaign::Event>& events);

}  // namespace druzina::rules
