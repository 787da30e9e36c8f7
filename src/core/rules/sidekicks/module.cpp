// DM rule "sidekicks".
//
//   MakeSidekick {target, class: expert | spellcaster | warrior, hit_die?: 4..12 (when its stat block's hit die is
//     not set)} — a creature that is not a PC, whose challenge rating (the challenge-rating rule's data) is 1/2 or
//     lower → sidekick_made {creature, class, kind_old, level_old, hit_die?}: it becomes kind "sidekick" at level 1
//     (its stat block's hit points), then LevelUp (nested, the level-up rule: hit die + CON modifier, at least 1)
//     up to the party's average level, rounded down. The class is for good (rules.err.sidekick_already).
//   A PC's level-up (leveled_up of a PC) raises every sidekick below the new average the same way.
// Refusals: rules.err.sidekick_pc, sidekick_no_cr, sidekick_cr, sidekick_already, sidekick_no_hit_die.
// Data: Creature::modules.sidekicks.class, shown to players. Proficiency bonus: sidekick_proficiency(level).
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/common.hpp"
#include "core/rules/sidekicks/sidekicks.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kClass = "class";
constexpr const char* kClassPrefix = "rules.sidekicks.class.";  // + expert | spellcaster | warrior

campaign::DataField class_field() {
  return {kClass, "text: expert | spellcaster | warrior (absent = not a sidekick of this rule)", false, [](const json& v) {
            if (!v.is_string() || !sidekick_class_known(v.get<std::string>()))
              throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "expert, spellcaster, warrior"});
          }};
}

std::string class_param(const json& cmd) {
  const std::string cls = param::str(cmd, "class");
  if (!sidekick_class_known(cls)) throw UserError("campaign.err.bad_choice", jobj{"choice", cls, "choices", "expert, spellcaster, warrior"});
  return cls;
}

void validate_make(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  class_param(cmd);
  if (x.kind == "pc") throw UserError("rules.err.sidekick_pc", jobj{"name", x.name});
  if (sidekick_class(x)) throw UserError("rules.err.sidekick_already", jobj{"name", x.name});
  const auto cr = challenge_rating_of(x);
  if (!cr) throw UserError("rules.err.sidekick_no_cr", jobj{"name", x.name});
  const auto row = cr_row(*cr);
  if (!row || row->value > 0.5) throw UserError("rules.err.sidekick_cr", jobj{"name", x.name, "cr", *cr});
  const int die = static_cast<int>(param::integer(cmd, "hit_die", 4, 12, x.hit_die));
  if (die <= 0) throw UserError("rules.err.sidekick_no_hit_die", jobj{"name", x.name});
}

// LevelUp (nested) until the sidekick reaches the party's average level.
void catch_up(Ctx& ctx, const std::string& id) {
  if (!ctx.module_enabled("level-up")) return;
  const int target = std::min(kSidekickMaxLevel, sidekick_level(party_levels(ctx.state())));
  for (int guard = 0; guard < kSidekickMaxLevel; ++guard) {
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead || x->hit_die <= 0 || x->level >= target) return;
    ctx.run(jobj{"type", "LevelUp", "target", id});
  }
}

void execute_make(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  json d = jobj{"creature", x.id, "class", class_param(cmd), "kind_old", x.kind, "level_old", x.level};
  if (param::find(cmd, "hit_die")) d["hit_die"] = param::integer(cmd, "hit_die", 4, 12);
  const std::string id = x.id;
  ctx.emit("sidekick_made", std::move(d));
  catch_up(ctx, id);
}

void apply_made(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  x.kind = "sidekick";
  x.level = 1;
  if (d.contains("hit_die")) x.hit_die = d.at("hit_die").get<int>();
  x.hit_dice_used = std::min(x.hit_dice_used, 1);
  set_creature_data(x, kSidekicks, kClass, d.at("class"));
}

std::string render_made(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.sidekick_made",
            jobj{"name", name_of(lc, d), "class", tr(lc.lang, kClassPrefix + d.value("class", std::string("warrior")))});
}

void on_leveled_up(Ctx& ctx, const Event& ev) {
  const Creature* x = campaign::find_creature(ctx.state(), ev.data.value("creature", ""));
  if (!x || x->kind != "pc") return;
  std::vector<std::string> ids;
  for (const auto& y : ctx.state().creatures)
    if (sidekick_class(y) && !y.death_saves.dead) ids.push_back(y.id);
  for (const auto& id : ids) catch_up(ctx, id);
}

void install(Engine& e) {
  event(e, "sidekick_made", apply_made, render_made);
  command(e, "MakeSidekick", {"target", "class", "hit_die"}, validate_make, execute_make);
  e.on_event("leveled_up", on_leveled_up);
}

}  // namespace

bool sidekick_class_known(const std::string& cls) { return cls == "expert" || cls == "spellcaster" || cls == "warrior"; }

std::vector<int> party_levels(const Campaign& c) {
  std::vector<int> out;
  for (const auto& x : c.creatures)
    if (x.kind == "pc" && !x.death_saves.dead) out.push_back(std::max(1, x.level));
  return out;
}

std::optional<std::string> sidekick_class(const Creature& x) {
  const json& v = creature_data(x, kSidekicks, kClass);
  if (!v.is_string()) return std::nullopt;
  return v.get<std::string>();
}

SidekickView sidekick_view(const Campaign& c, const Creature& x) {
  SidekickView v;
  v.on = campaign::rule_enabled(c, kSidekicks, true);
  v.cls = sidekick_class(x);
  v.level = x.level;
  v.proficiency = sidekick_proficiency(x.level);
  v.party_level = sidekick_level(party_levels(c));
  return v;
}

Module sidekicks() {
  return {kSidekicks, true, install,
          {.seed = "Помічники",
           .own_calculators = {sidekick_level_calculator()},
           .reference = {"dm-sidekicks"},
           .creature_data = {class_field()}}};
}

}  // namespace druzina::rules
