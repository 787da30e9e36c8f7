// 5e concentration: a creature concentrates on one spell at a time (Creature::modules["concentration"].spell).
//
//   StartConcentration {target, spell (1..100 characters)} → concentration_started {creature, spell, previous?}
//     (a spell it concentrated on before ends: "previous" names it)
//   EndConcentration {target} → concentration_ended {creature, spell, reason "ended"}
//
// Hooks (the module's switch on): damage (an hp_changed that lowers HP or temporary HP, as taken: after
// resistances) to a concentrating creature that stays above 0 HP asks the prompt "concentration.save"
// (creature = the target): {"dice": "1d20+M", "dc": max(10, ⌊damage / 2⌋), "ability": "con", "modifier": M (its
// CON save bonus, proficiency included), "damage": D, "spell"}. Answered like every save prompt (rolled by the
// engine, or the total entered); a failure ends the concentration (reason "failed_save") if it still holds that
// spell. Dropping to 0 HP ends it ("zero_hp"), dying ("died"), an incapacitating condition ("incapacitated":
// incapacitated, paralyzed, petrified, stunned, unconscious; the event carries the condition). A spell cast from a
// magic item marked "concentration" (item_spell_cast, the magic-items rule) starts it as StartConcentration does.
#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/rules/concentration/concentration.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kSpell = "spell";
constexpr const char* kSavePrompt = "concentration.save";
constexpr const char* kEndedPrefix = "event.concentration_ended.";  // + the reason

campaign::DataField spell_field() {
  return {kSpell, "string 1..100 characters: the spell the creature concentrates on", false, [](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            const auto n = v.get<std::string>().size();
            if (n == 0) campaign::jr::fail_value("empty");
            if (n > 100) campaign::jr::fail_value("too_long", jobj{"max", 100});
          }};
}

std::string spell_param(const json& cmd) {
  std::string spell = param::str(cmd, "spell");
  // trim spaces at both ends: a name typed on a phone keyboard often ends with one
  const auto a = spell.find_first_not_of(' '), b = spell.find_last_not_of(' ');
  spell = a == std::string::npos ? std::string() : spell.substr(a, b - a + 1);
  if (spell.empty()) throw UserError("rules.err.concentration_no_spell");
  if (spell.size() > 100) throw UserError("state.err.too_long", jobj{"path", "spell", "max", 100});
  return spell;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_started(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kConcentration, kSpell, d.at("spell").get<std::string>());
}

std::string render_started(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "spell", d.value("spell", "")};
  if (d.contains("previous")) {
    args["previous"] = d.value("previous", "");
    return tr(lc.lang, "event.concentration_started.replacing", args);
  }
  return tr(lc.lang, "event.concentration_started", args);
}

void apply_ended(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kConcentration, kSpell, nullptr);
}

std::string render_ended(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "spell", d.value("spell", "")};
  const std::string reason = d.value("reason", "ended");
  if (d.contains("condition"))
    args["condition"] = label(lc.lang, "campaign.condition." + d.value("condition", ""), d.value("condition", ""));
  const std::string key = std::string(kEndedPrefix) + reason;
  return tr(lc.lang, has_key(lc.lang, key) ? key : "event.concentration_ended.ended", args);
}

void end(Ctx& ctx, const std::string& id, const std::string& reason, const std::string& condition = {}) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x) return;
  const std::string spell = concentrating_on(*x);
  if (spell.empty()) return;
  json data = jobj{"creature", id, "spell", spell, "reason", reason};
  if (!condition.empty()) data["condition"] = condition;
  ctx.emit("concentration_ended", std::move(data));
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
void validate_start(const Campaign& c, const json& cmd) {
  actions::require_living(c, param::str(cmd, "target"));
  spell_param(cmd);
}

// x concentrates on spell from now on (a spell it held before ends: "previous").
void start(Ctx& ctx, const Creature& x, const std::string& spell) {
  json data = jobj{"creature", x.id, "spell", spell};
  if (std::string before = concentrating_on(x); !before.empty()) data["previous"] = before;
  ctx.emit("concentration_started", std::move(data));
}

void execute_start(Ctx& ctx, const json& cmd) {
  start(ctx, actions::require_living(ctx.state(), param::str(cmd, "target")), spell_param(cmd));
}

void validate_end(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  if (concentrating_on(x).empty()) throw UserError("rules.err.not_concentrating", jobj{"name", x.name});
}

void execute_end(Ctx& ctx, const json& cmd) { end(ctx, param::str(cmd, "target"), "ended"); }

// [SECTION] hooks -----------------------------------------------------------------------------------------------------
void on_hp_changed(Ctx& ctx, const Event& ev) {
  const std::string id = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || concentrating_on(*x).empty()) return;
  if (ev.data.value("cause", "") == "temp_hp") return;  // the table setting temporary HP is no damage
  const int old_hp = ev.data.value("old", 0), new_hp = ev.data.value("new", 0);
  const int temp_lost = std::max(0, ev.data.value("temp_old", 0) - ev.data.value("temp_new", 0));
  const int lost = std::max(0, old_hp - new_hp) + temp_lost;
  if (lost == 0) return;
  if (new_hp == 0 || ev.data.contains("dies")) {
    end(ctx, id, ev.data.contains("dies") ? "died" : "zero_hp");
    return;
  }
  // The damage taken: the event's amount when it has one (damage), else what HP and temp HP lost.
  const int damage = ev.data.contains("amount") && ev.data.value("cause", "") != "heal" ? ev.data.value("amount", lost) : lost;
  const int mod = save_bonus(ctx.state(), *x, "con");
  actions::create_prompt(ctx, kSavePrompt, id,
                         jobj{"dice", d20_plus(mod),
                          "dc", concentration_dc(damage),
                          "ability", "con",
                          "modifier", mod,
                          "damage", damage,
                          "spell", concentrating_on(*x)});
}

void on_died(Ctx& ctx, const Event& ev) { end(ctx, ev.data.value("creature", ""), "died"); }

// A spell cast from a magic item that needs concentration (item_spell_cast with "concentration": the magic-items
// rule) starts it, as StartConcentration does.
void on_item_spell_cast(Ctx& ctx, const Event& ev) {
  if (!ev.data.value("concentration", false)) return;
  const Creature* x = campaign::find_creature(ctx.state(), ev.data.value("creature", ""));
  const std::string spell = ev.data.value("spell", "");
  if (x && !spell.empty()) start(ctx, *x, spell);
}

void on_condition_added(Ctx& ctx, const Event& ev) {
  static const char* const kIncapacitating[] = {"incapacitated", "paralyzed", "petrified", "stunned", "unconscious"};
  const std::string cond = ev.data.contains("condition") ? ev.data["condition"].value("id", "") : "";
  if (std::none_of(std::begin(kIncapacitating), std::end(kIncapacitating), [&](const char* k) { return cond == k; })) return;
  const std::string id = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), id);
  // at 0 HP the unconscious condition follows the drop, which ended it already
  if (x && !concentrating_on(*x).empty()) end(ctx, id, x->hp == 0 ? "zero_hp" : "incapacitated", x->hp == 0 ? "" : cond);
}

void on_save(Ctx& ctx, const Prompt& p, const json& answer) {
  if (answer.value("success", true)) return;
  const Creature* x = campaign::find_creature(ctx.state(), p.creature);
  if (!x || concentrating_on(*x) != p.data.value("spell", "")) return;  // it ended or changed meanwhile
  end(ctx, p.creature, "failed_save");
}

void install(Engine& e) {
  event(e, "concentration_started", apply_started, render_started);
  event(e, "concentration_ended", apply_ended, render_ended);
  command(e, "StartConcentration", {"target", "spell"}, validate_start, execute_start);
  command(e, "EndConcentration", {"target"}, validate_end, execute_end);
  e.on_event("hp_changed", on_hp_changed);
  e.on_event("died", on_died);
  e.on_event("item_spell_cast", on_item_spell_cast);
  e.on_event("condition_added", on_condition_added);
  e.on_prompt(kSavePrompt, on_save);
}

}  // namespace

std::string concentrating_on(const Creature& x) {
  const json& s = creature_data(x, kConcentration, kSpell);
  return s.is_string() ? s.get<std::string>() : std::string();
}

int concentration_dc(int damage) { return std::max(10, damage / 2); }

Module concentration() {
  return {kConcentration, true, install,
          {.prompts = {kSavePrompt}, .creature_data = {spell_field()}}};
}

}  // namespace druzina::rules
