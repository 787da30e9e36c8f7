// House rule "Masivní zranění" + "Tabulka šoku": after ApplyDamage, if 2·damage ≥ the target's maximum HP
// (calc::massive_damage; max 17: 8 no, 9 yes), the target makes a CON save DC 15. On a failure the shock table
// (assets/data/tables/shock.json) is rolled — or its d20 taken from the table — and its effects applied:
//   1      hp_to_zero            → HP (and temp HP) 0; a PC falls unconscious, a monster dies (base rules);
//                                  a creature dropping to 0 this way gets its lingering-injury roll (injuries.cpp)
//   2–3    hp_to_zero + stable   → the same, but stable
//   4–8    paralyzed             → condition "paralyzed" (source "shock") until the end of its next turn
//   9–14   no reactions + disadvantage on attacks and ability checks → conditions "no_reactions" and
//          "disadvantage" {"rolls": […]} (source "shock") until the end of its next turn
//   15–20  no reactions          → condition "no_reactions" until the end of its next turn
// "Until the end of its next turn" is the engine's until.kind "end_of_next_turn": NextTurn ends it at the end
// of the creature's next turn that is not the turn it was set in; EndEncounter and time passing outside combat
// end it too.
//
// Prompt "massive-damage.save" (creature = the target): data {"dice": "1d20+M", "dc": 15, "ability": "con",
// "modifier": M, "damage": D, "max_hp": H}. Answer: ResolvePrompt {prompt} (the engine rolls) or {prompt,
// roll: total [, natural]} (entered), optionally "then_roll": the shock d20 the table rolled.
// The damage counted is the amount the target takes: after its resistance, vulnerability or immunity (the
// hp_changed event's amount), temporary HP included (the creature still "takes" that damage). A creature the damage kills, or one that was already at 0 HP (it fails death saves
// instead), gets no save.
#include "core/rules/common.hpp"
#include "core/rules/massive_damage/massive_damage.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

void apply_shock(Ctx& ctx, const std::string& id, std::optional<int> entered) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  const tables::Table& t = tables::table("shock");
  tables::TableRoll r = entered ? tables::roll_table_with(t, *entered, ctx.rng()) : tables::roll_table(t, ctx.rng());
  json data = tables::to_json(r);
  data["rolled"] = !entered.has_value();
  data["creature"] = id;
  ctx.emit("table_rolled", std::move(data));

  const json& fx = r.row.effects;
  if (!fx.is_object()) return;
  if (fx.value("hp_to_zero", false)) {
    x = campaign::find_creature(ctx.state(), id);
    if (x && !x->death_saves.dead && x->hp > 0) {
      if (x->temp_hp > 0) actions::set_temp_hp(ctx, id, 0);
      actions::set_hp(ctx, id, 0, "shock", fx.value("stable", false));
    }
  }
  x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  campaign::Until until;
  until.kind = fx.value("until", std::string("permanent"));
  add_lasting_conditions(ctx, id, fx, "shock", until);
}

}  // namespace

Module massive_damage() {
  return {kMassiveDamage,
          true,
          [](Engine& e) {
            e.allow_params("ResolvePrompt", {"then_roll"});
            e.after("ApplyDamage", [](Ctx& ctx, const json& cmd) {
              const std::string id = param::str(cmd, "target");
              const Creature* x = campaign::find_creature(ctx.state(), id);
              if (!x || x->death_saves.dead || x->kind == "object") return;  // an object makes no saves
              // The damage as applied (after the creature's resistance, vulnerability or immunity) and its HP
              // before are in the command's hp_changed event. A creature that was already at 0 HP gets
              // death-save failures from the damage (base rules), not a shock.
              int amount = -1;
              const auto& evs = ctx.events();
              for (auto it = evs.rbegin(); it != evs.rend(); ++it)
                if (it->type == "hp_changed" && it->data.value("creature", "") == id &&
                    it->data.value("cause", "") == "damage") {
                  if (it->data.value("old", 1) == 0) return;
                  amount = it->data.value("amount", 0);
                  break;
                }
              if (amount < 0) return;
              calc::MassiveDamage m = calc::massive_damage(x->max_hp, amount);
              if (!m.triggered) return;
              const int mod = save_bonus(ctx.state(), *x, "con");
              actions::create_prompt(ctx, "massive-damage.save", id,
                                     jobj{"dice", d20_plus(mod),
                                      "dc", *m.dc,
                                      "ability", "con",
                                      "modifier", mod,
                                      "damage", amount,
                                      "max_hp", x->max_hp});
            });
            e.on_prompt("massive-damage.save", [](Ctx& ctx, const Prompt& p, const json& answer) {
              if (answer.value("success", true)) return;
              apply_shock(ctx, p.creature, then_roll(ctx, p));
            });
          },
          {.seed = "Masivní zranění",
           .prompts = {"massive-damage.save"},
           .own_calculators = {massive_damage_calculator()},
           .tables = {"shock"},
           .reference = {"hr-massive-damage", "hr-combat-wounds"}}};
}

}  // namespace druzina::rules
