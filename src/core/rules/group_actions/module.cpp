// Rule "group-actions": one command for a crowd (group_actions.hpp).
//
//   GroupDamage {targets, amount: 0..1000000, damage_type?, critical?, save?: str|dex|con|int|wis|cha, dc?: 1..40,
//                on_save?: half (default) | none}
//     → group_damage {targets (the living ones), amount, damage_type?, critical?, save?, dc?, on_save?}, a
//     group_skipped for each dead one, then for each living target, in the order given:
//       without a save: ApplyDamage {target, amount, damage_type?, critical?} (nested);
//       with a save: the prompt group.save_for_damage {dice: d20 + the save bonus, dc, ability, modifier, amount,
//       damage_type?, critical?, on_save, save_text, damage_text}; its answer applies the amount on a failure, half
//       (rounded down) or nothing on a success — through the nested ApplyDamage, nothing when that comes to 0. A
//       target dead by the time its answer comes takes nothing.
//   GroupHeal {targets, amount: 0..1000000} → group_heal {targets, amount}, group_skipped for the dead, then Heal
//     for each living one.
//   GroupCondition {targets, condition, remove?} → group_condition {targets, condition, remove?}, group_skipped for
//     those left out, then SetCondition (the dead and the immune are left out: the immune as SetCondition would
//     refuse them, campaign.err.condition_immune) or RemoveCondition (those without it are left out; the dead too
//     lose it).
//
// targets: a JSON array of 1..200 distinct ids of existing creatures (campaign.err.param, rules.err.group_no_targets,
// rules.err.group_too_many, campaign.err.duplicate, campaign.err.no_creature). A target the command cannot act on
// is not a refusal: it is left out with an event group_skipped {creature, reason: dead | immune | no_condition,
// condition?} (its own log line, hidden from a player's log with the creature). Only a group nobody is left in is
// refused, as the single command would be (rules.err.group_all_dead,
// rules.err.group_condition_nobody, rules.err.group_condition_none_has). save and dc come together
// (rules.err.group_save_dc); on_save only with them (rules.err.group_on_save).
// The group events change nothing themselves (the nested commands do); they are the log line of the whole step.
// The prompt carries its question's words in the three languages (save_text, damage_text: {cs, uk, en}), as the
// ability and the outcome on a success vary; the log and the card read them in the reader's language.
#include <algorithm>
#include <set>
#include <utility>

#include "core/rules/common.hpp"
#include "core/rules/group_actions/group_actions.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kSavePrompt = "group.save_for_damage";
constexpr size_t kMaxConditionLength = 64;
// Key prefix of computed texts (every variant is in the catalogs: event.group_skipped_<dead|immune|no_condition>).
constexpr const char* kSkippedPrefix = "event.group_skipped_";  // as a creature's condition id (validate_creature)

// [SECTION] parameters ------------------------------------------------------------------------------------------------
[[noreturn]] void bad_param(const char* name, const char* expected) {
  throw UserError("campaign.err.param", jobj{"param", name, "expected", expected});
}

// The "targets" list: checked for its size before its items are read (a hostile list of a million ids is refused
// at once), then each a non-empty text, listed once, naming a creature of the campaign.
std::vector<std::string> targets_of(const Campaign& c, const json& cmd) {
  const json* v = param::find(cmd, "targets");
  if (!v || !v->is_array()) bad_param("targets", "a list of creature ids");
  if (v->empty()) throw UserError("rules.err.group_no_targets");
  if (v->size() > kMaxGroupTargets) throw UserError("rules.err.group_too_many", jobj{"n", v->size(), "max", kMaxGroupTargets});
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& x : *v) {
    if (!x.is_string() || x.get_ref<const std::string&>().empty()) bad_param("targets", "a list of creature ids");
    const std::string& id = x.get_ref<const std::string&>();
    if (!seen.insert(id).second) throw UserError("campaign.err.duplicate", jobj{"id", id});
    actions::require(c, id);
    out.push_back(id);
  }
  return out;
}

bool alive(const Campaign& c, const std::string& id) {
  const Creature* x = campaign::find_creature(c, id);
  return x && !x->death_saves.dead;
}

struct DamageParams {
  int amount = 0;
  std::string type;  // "" = none
  bool critical = false;
  std::string save;  // "" = no save
  int dc = 0;
  std::string on_save = "half";
};

std::string one_of(const json& cmd, const char* name, std::initializer_list<const char*> allowed, const char* expected) {
  const std::string v = param::str(cmd, name, "");
  for (const char* a : allowed)
    if (v == a) return v;
  bad_param(name, expected);
}

DamageParams damage_params(const json& cmd) {
  DamageParams p;
  p.amount = static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000));
  p.type = param::str(cmd, "damage_type", "");
  const auto& types = campaign::damage_types();
  if (!p.type.empty() && std::find(types.begin(), types.end(), p.type) == types.end()) {
    std::string all;
    for (const auto& t : types) append(all, ", ", t);
    throw UserError("campaign.err.param", jobj{"param", "damage_type", "expected", all});
  }
  p.critical = param::boolean(cmd, "critical", false);
  const bool has_save = param::find(cmd, "save") != nullptr, has_dc = param::find(cmd, "dc") != nullptr;
  if (has_save != has_dc) throw UserError("rules.err.group_save_dc");
  if (!has_save) {
    if (param::find(cmd, "on_save")) throw UserError("rules.err.group_on_save");
    return p;
  }
  p.save = one_of(cmd, "save", {"str", "dex", "con", "int", "wis", "cha"}, "str, dex, con, int, wis, cha");
  p.dc = static_cast<int>(param::integer(cmd, "dc", 1, 40));
  if (param::find(cmd, "on_save")) p.on_save = one_of(cmd, "on_save", {"half", "none"}, "half, none");
  return p;
}

// The condition's name in the three languages (for a refusal, read in the reader's language).
json condition_names(const std::string& id) {
  json names = json::object();
  for (Lang l : kLangs) names[std::string(lang_code(l))] = label(l, "campaign.condition." + id, id);
  return names;
}

std::string condition_param(const json& cmd) {
  const std::string id = param::str(cmd, "condition");
  if (id.size() > kMaxConditionLength) bad_param("condition", "a condition id (at most 64 characters)");
  return id;
}

// [SECTION] who the command acts on -----------------------------------------------------------------------------------
struct Split {
  std::vector<std::string> act;
  std::vector<std::pair<std::string, const char*>> skipped;  // creature, reason: dead | immune | no_condition
  void skip(const std::string& id, const char* reason) { skipped.emplace_back(id, reason); }
};

Split living_split(const Campaign& c, const std::vector<std::string>& targets) {
  Split s;
  for (const auto& id : targets) {
    if (alive(c, id)) s.act.push_back(id);
    else s.skip(id, "dead");
  }
  if (s.act.empty()) throw UserError("rules.err.group_all_dead");
  return s;
}

bool has_condition(const Creature& x, const std::string& id) {
  return std::any_of(x.conditions.begin(), x.conditions.end(), [&](const Condition& k) { return k.id == id; });
}

bool immune_to(const Creature& x, const std::string& id) {
  return std::find(x.condition_immunities.begin(), x.condition_immunities.end(), id) != x.condition_immunities.end();
}

Split condition_split(const Campaign& c, const json& cmd) {
  const auto targets = targets_of(c, cmd);
  const std::string id = condition_param(cmd);
  const bool remove = param::boolean(cmd, "remove", false);
  Split s;
  for (const auto& t : targets) {
    const Creature& x = actions::require(c, t);
    if (remove) {
      if (has_condition(x, id)) s.act.push_back(t);
      else s.skip(t, "no_condition");
    } else if (x.death_saves.dead) {
      s.skip(t, "dead");
    } else if (immune_to(x, id)) {
      s.skip(t, "immune");
    } else {
      s.act.push_back(t);
    }
  }
  if (s.act.empty())
    throw UserError(remove ? "rules.err.group_condition_none_has" : "rules.err.group_condition_nobody",
                    jobj{"condition", condition_names(id)});
  return s;
}

// The group's event, then a line for each target left out (an event of its own, about that creature: the log a
// player reads leaves out a hidden creature's, as it does every event about it).
void emit_group(Ctx& ctx, const char* type, json d, const Split& s, const std::string& condition = {}) {
  d["targets"] = s.act;
  ctx.emit(type, std::move(d));
  for (const auto& [id, reason] : s.skipped) {
    json k = jobj{"creature", id, "reason", reason};
    if (!condition.empty()) k["condition"] = condition;
    ctx.emit("group_skipped", std::move(k));
  }
}

// [SECTION] texts -----------------------------------------------------------------------------------------------------
// " (fire)", " (fire, critical hit)", " (critical hit)" or "".
std::string type_text(Lang lang, const std::string& type, bool critical) {
  std::string inner;
  if (!type.empty()) inner = label(lang, "campaign.damage." + type, type);
  if (critical) append(inner, ", ", tr(lang, "rules.group.critical"));
  return inner.empty() ? inner : " (" + inner + ")";
}

std::string save_name(Lang lang, const std::string& ability) { return label(lang, "rules.group.save." + ability, ability); }

json prompt_texts(const DamageParams& p) {
  json type = json::object(), save = json::object();
  for (Lang l : kLangs) {
    const std::string code(lang_code(l));
    type[code] = type_text(l, p.type, p.critical);
    save[code] = save_name(l, p.save);
  }
  const char* key = p.on_save == "none" ? "rules.group.prompt_none" : "rules.group.prompt_half";
  return jobj{"save_text", save, "damage_text", text_all(key, {{"amount", p.amount}, {"half", p.amount / 2}, {"type", type}})};
}

json save_data(const Campaign& c, const Creature& x, const DamageParams& p) {
  const int mod = save_bonus(c, x, p.save);
  json d = jobj{"dice", d20_plus(mod), "dc", p.dc, "ability", p.save, "modifier", mod, "amount", p.amount, "on_save", p.on_save};
  if (!p.type.empty()) d["damage_type"] = p.type;
  if (p.critical) d["critical"] = true;
  d.update(prompt_texts(p));
  return d;
}

size_t target_count(const json& d) {
  const json t = d.value("targets", json::array());
  return t.is_array() ? t.size() : 0;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
// The group events only record the step for the log: each target's change is the nested command's own event. A
// history naming a creature the state does not have is corrupt.
void apply_group(Campaign& c, const json& d) {
  for (const auto& id : d.at("targets")) campaign::creature_ref(c, id.get<std::string>());
}

void apply_skipped(Campaign& c, const json& d) { campaign::creature_ref(c, d.at("creature").get<std::string>()); }

std::string render_group_damage(const json& d, const LogContext& lc) {
  std::string save;
  if (d.contains("save")) {
    const char* key = d.value("on_save", std::string("half")) == "none" ? "rules.group.save_none" : "rules.group.save_half";
    save = tr(lc.lang, key, jobj{"save", save_name(lc.lang, d.value("save", "")), "dc", d.value("dc", 0)});
  }
  const json args = jobj{"n", target_count(d),
                     "amount", d.value("amount", 0),
                     "type", type_text(lc.lang, d.value("damage_type", ""), d.value("critical", false)),
                     "save", save};
  return tr(lc.lang, "event.group_damage", args);
}

std::string render_group_heal(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.group_heal", jobj{"n", target_count(d), "amount", d.value("amount", 0)});
}

std::string render_group_condition(const json& d, const LogContext& lc) {
  const std::string id = d.value("condition", "");
  const std::string name = label(lc.lang, "campaign.condition." + id, id);
  const char* key = d.value("remove", false) ? "event.group_condition_removed" : "event.group_condition";
  return tr(lc.lang, key, jobj{"n", target_count(d), "condition", name});
}

std::string render_group_skipped(const json& d, const LogContext& lc) {
  std::string reason = d.value("reason", std::string("dead"));
  if (reason != "immune" && reason != "no_condition") reason = "dead";
  const std::string id = d.value("condition", "");
  return tr(lc.lang, kSkippedPrefix + reason, jobj{"name", name_of(lc, d), "condition", label(lc.lang, "campaign.condition." + id, id)});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
json damage_command(const std::string& target, int amount, const std::string& type, bool critical) {
  json cmd = jobj{"type", "ApplyDamage", "target", target, "amount", amount};
  if (!type.empty()) cmd["damage_type"] = type;
  if (critical) cmd["critical"] = true;
  return cmd;
}

void validate_group_damage(const Campaign& c, const json& cmd) {
  const auto targets = targets_of(c, cmd);
  damage_params(cmd);
  living_split(c, targets);
}

void execute_group_damage(Ctx& ctx, const json& cmd) {
  const DamageParams p = damage_params(cmd);
  const Split s = living_split(ctx.state(), targets_of(ctx.state(), cmd));
  json d = jobj{"amount", p.amount};
  if (!p.type.empty()) d["damage_type"] = p.type;
  if (p.critical) d["critical"] = true;
  if (!p.save.empty()) d["save"] = p.save, d["dc"] = p.dc, d["on_save"] = p.on_save;
  emit_group(ctx, "group_damage", std::move(d), s);
  for (const auto& id : s.act) {
    if (!alive(ctx.state(), id)) continue;  // killed meanwhile by what an earlier target's damage set off
    if (p.save.empty()) ctx.run(damage_command(id, p.amount, p.type, p.critical));
    else actions::create_prompt(ctx, kSavePrompt, id, save_data(ctx.state(), *campaign::find_creature(ctx.state(), id), p));
  }
}

// The answer to a group.save_for_damage: the amount on a failure, half or nothing on a success.
void on_save_for_damage(Ctx& ctx, const Prompt& p, const json& answer) {
  if (!alive(ctx.state(), p.creature)) return;
  // The prompt's own data (a save file's, so read without trusting its types; ApplyDamage checks the values).
  auto field = [&](const char* key) { return p.data.is_object() && p.data.contains(key) ? p.data[key] : json(); };
  const json amount = field("amount"), type = field("damage_type"), critical = field("critical");
  const int full = amount.is_number_integer() ? amount.get<int>() : 0;
  int taken = full;
  if (answer.value("success", false)) taken = field("on_save") == "none" ? 0 : full / 2;
  if (taken <= 0) return;
  ctx.run(damage_command(p.creature, taken, type.is_string() ? type.get<std::string>() : "", critical == true));
}

void validate_group_heal(const Campaign& c, const json& cmd) {
  const auto targets = targets_of(c, cmd);
  param::integer(cmd, "amount", 0, 1'000'000);
  living_split(c, targets);
}

void execute_group_heal(Ctx& ctx, const json& cmd) {
  const int amount = static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000));
  const Split s = living_split(ctx.state(), targets_of(ctx.state(), cmd));
  emit_group(ctx, "group_heal", jobj{"amount", amount}, s);
  for (const auto& id : s.act)
    if (alive(ctx.state(), id)) ctx.run(jobj{"type", "Heal", "target", id, "amount", amount});
}

void validate_group_condition(const Campaign& c, const json& cmd) { condition_split(c, cmd); }

void execute_group_condition(Ctx& ctx, const json& cmd) {
  const Split s = condition_split(ctx.state(), cmd);
  const std::string id = condition_param(cmd);
  const bool remove = param::boolean(cmd, "remove", false);
  json d = jobj{"condition", id};
  if (remove) d["remove"] = true;
  emit_group(ctx, "group_condition", std::move(d), s, id);
  for (const auto& t : s.act) {
    const Creature* x = campaign::find_creature(ctx.state(), t);
    if (!x) continue;
    if (remove && has_condition(*x, id)) ctx.run(jobj{"type", "RemoveCondition", "target", t, "condition", id});
    if (!remove && !x->death_saves.dead) ctx.run(jobj{"type", "SetCondition", "target", t, "condition", id});
  }
}

void install(Engine& e) {
  event(e, "group_damage", apply_group, render_group_damage);
  event(e, "group_heal", apply_group, render_group_heal);
  event(e, "group_condition", apply_group, render_group_condition);
  event(e, "group_skipped", apply_skipped, render_group_skipped);
  command(e, "GroupDamage", {"targets", "amount", "damage_type", "critical", "save", "dc", "on_save"}, validate_group_damage,
          execute_group_damage);
  command(e, "GroupHeal", {"targets", "amount"}, validate_group_heal, execute_group_heal);
  command(e, "GroupCondition", {"targets", "condition", "remove"}, validate_group_condition, execute_group_condition);
  e.on_prompt(kSavePrompt, on_save_for_damage);
}

}  // namespace

Module group_actions() { return {kGroupActions, /*default_on*/ true, install, {.prompts = {kSavePrompt}}}; }

}  // namespace druzina::rules
