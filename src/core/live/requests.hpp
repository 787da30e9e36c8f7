// What a live player may ask the DM's phone to do, for her own character only, and the ordinary command each
// becomes once the DM accepts it (logged and undoable like any other).
//
//   kind          arguments                                   command
//   initiative    value (-20…60)                              JoinEncounter {target, initiative} (a running
//                                                             fight she is not in yet)
//   death_save    roll (1…20)                                 DeathSave {target, roll}
//   roll          expr (the dice grammar, ≤ 100 chars),       AddNote {creature, text: "expr = total (dice)"}
//                 total (within the expression's range),
//                 dice? (the dice as rolled, ≤ 60 chars)
//   damage        amount (1…1000), type? (a damage type)      ApplyDamage {target, amount, damage_type?}
//   heal          amount (1…1000)                             Heal {target, amount}
//   inspiration   first_roll? (1…20), modifier?, dc?          UseInspiration (rule "inspiration luck" on, with
//                                                             first_roll), else SetInspiration {value: false}
//   hero_point    total?, dc?                                 UseHeroPoint {target, total?, dc?}
//   spell_slot    level (1…9), pact? (true: a warlock's pact     SpendSpellSlot {target, level, pact?} (the
//                 slot)                                       spell-slots rule: a slot she has, one left)
//   class_resource  resource (an id, ≤ 40 chars), amount?     SpendClassResource {target, resource, amount?,
//                 (1…1000), on? (a party member: Lay on       on?, roll?} (the class-resources rule: a feature
//                 Hands), roll? (1…20: Second Wind's d10)      she has, uses left)
//   cast          spell (an id or name, ≤ 100 chars),         CastSpell {caster, spell, level?, targets?,
//                 level? (0…9: the slot level, 0 a cantrip;   ritual?, total?, advantage?, disadvantage?,
//                 no pact flag: the rule spends the slot      attack_rolls?, totals?} (the spells rule: a spell
//                 it finds), targets? ([ids], 1…50:           she can cast at that level, a slot left; no
//                 creatures the players see: a hidden one     total: the DM's phone rolls when it runs it)
//                 is refused as an unknown id,
//                 live.err.no_target), ritual?, total?
//                 (0…10000: rolled at the table),
//                 advantage?, disadvantage?, attack_rolls?
//                 ([1…20], ≤ 100), totals? ([0…10000],
//                 ≤ 100: each hit's damage), disease? (≤ 64
//                 chars: Contagion's)
//
// to_command() refuses (UserError) a request for another creature than the player's own (live.err.not_yours), a
// creature that is not a visible party member, an unknown kind, arguments of the wrong type or range, and what the
// rules refuse (the command is run on a copy of the state: its own UserError).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/campaign/state.hpp"

namespace druzina::live {

const std::vector<std::string>& request_kinds();

// `own`: the character bound to the player's connection (her "hello"). `request`: a decoded "req" message.
nlohmann::json to_command(const campaign::Campaign& state, std::string_view own, const nlohmann::json& request,
                          const campaign::Engine& engine = campaign::Engine::standard());

// The request as the DM's queue shows it: "Eva: initiative 17" (text key live.req.<kind> with the arguments).
std::string describe(const campaign::Campaign& state, const nlohmann::json& request, Lang lang);

// Who may be claimed in a "hello": a visible PC or sidekick. Throws UserError live.err.not_party {who}.
void check_claim(const campaign::Campaign& state, std::string_view who);

}  // namespace druzina::live
