// House rule "Obklíčení" (flanking) and the attack helper it is offered in (attack-roll): flanking never gives
// advantage, it adds +2 to the attack roll when flanking directly, +1 from the side. Its modules (module.cpp), its
// arithmetic and its calculator `flanking` (calc.cpp). Tests in tests/unit/rules_combat.tests.cpp and calc.tests.cpp.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

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

}  // namespace druzina::rules
