// A live player's requests and the commands they become. See requests.hpp.
#include "core/live/requests.hpp"

#include <algorithm>

#include "core/campaign/derived.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"
#include "core/rng.hpp"
#include "core/rules/rules.hpp"
#include "core/rules/spells/spells.hpp"

namespace druzina::live {

using json = nlohmann::json;
using campaign::Campaign;
using campaign::Creature;

namespace {

[[noreturn]] void bad_arg(const std::string& name) { throw UserError("live.err.argument", jobj{"argument", name}); }

std::optional<long long> arg_int(const json& a, const char* key, long long lo, long long hi, bool required) {
  auto it = a.find(key);
  if (it == a.end()) {
    if (required) bad_arg(key);
    return std::nullopt;
  }
  if (!it->is_number_integer()) bad_arg(key);
  long long v = it->get<long long>();
  if (v < lo || v > hi) bad_arg(key);
  return v;
}

std::optional<std::string> arg_str(const json& a, const char* key, size_t max, bool required) {
  auto it = a.find(key);
  if (it == a.end()) {
    if (required) bad_arg(key);
    return std::nullopt;
  }
  if (!it->is_string() || it->get_ref<const std::string&>().empty() || it->get_ref<const std::string&>().size() > max)
    bad_arg(key);
  return it->get<std::string>();
}

std::optional<bool> arg_bool(const json& a, const char* key) {
  auto it = a.find(key);
  if (it == a.end()) return std::nullopt;
  if (!it->is_boolean()) bad_arg(key);
  return it->get<bool>();
}

constexpr size_t kMaxTargets = 50;  // as many as a cast takes

const Creature& party_member(const Campaign& c, std::string_view who) {
  const Creature* x = campaign::find_creature(c, who);
  if (!x || x->hidden || (x->kind != "pc" && x->kind != "sidekick"))
    throw UserError("live.err.not_party", jobj{"who", std::string(who).substr(0, 64)});
  return *x;
}

// A spell she casts: CastSpell exactly as the spells rule takes it (its own refusals: a spell she cannot cast at that
// level, no slot of it left …). The targets are creatures the players see: a hidden one is refused as one that does
// not exist (live.err.no_target, naming neither), so the refusal never tells her it is there.
json build_cast(const Campaign& c, const std::string& id, const json& a) {
  json cmd = jobj{"type", "CastSpell", "caster", id, "spell", *arg_str(a, "spell", 100, true)};
  if (auto lv = arg_int(a, "level", 0, 9, false)) cmd["level"] = *lv;
  if (auto it = a.find("targets"); it != a.end()) {
    if (!it->is_array() || it->empty() || it->size() > kMaxTargets) bad_arg("targets");
    for (const auto& t : *it)
      if (!t.is_string() || t.get_ref<const std::string&>().empty() || t.get_ref<const std::string&>().size() > 64)
        bad_arg("targets");
    json ids = json::array();
    for (const auto& t : *it) {
      const Creature* y = campaign::find_creature(c, t.get<std::string>());
      if (!y || y->hidden) throw UserError("live.err.no_target");
      ids.push_back(y->id);
    }
    cmd["targets"] = std::move(ids);
  }
  if (arg_bool(a, "ritual").value_or(false)) cmd["ritual"] = true;
  if (auto dz = arg_str(a, "disease", 64, false)) cmd["disease"] = *dz;  // Contagion's, of her choice
  if (auto t = arg_int(a, "total", 0, 10000, false)) cmd["total"] = *t;
  if (arg_bool(a, "advantage").value_or(false)) cmd["advantage"] = true;
  if (arg_bool(a, "disadvantage").value_or(false)) cmd["disadvantage"] = true;
  if (auto it = a.find("attack_rolls"); it != a.end()) {
    if (!it->is_array() || it->empty() || it->size() > 2 * kMaxTargets) bad_arg("attack_rolls");
    for (const auto& d : *it)
      if (!d.is_number_integer() || d.get<long long>() < 1 || d.get<long long>() > 20) bad_arg("attack_rolls");
    cmd["attack_rolls"] = *it;
  }
  if (auto it = a.find("totals"); it != a.end()) {  // one damage total per hit (the rule bounds each by its dice)
    if (!it->is_array() || it->empty() || it->size() > 2 * kMaxTargets) bad_arg("totals");
    for (const auto& d : *it)
      if (!d.is_number_integer() || d.get<long long>() < 0 || d.get<long long>() > 10000) bad_arg("totals");
    cmd["totals"] = *it;
  }
  return cmd;
}

json build(const Campaign& c, const Creature& x, const std::string& kind, const json& a) {
  const std::string& id = x.id;
  if (kind == "initiative") {
    long long v = *arg_int(a, "value", -20, 60, true);
    if (!c.encounter) throw UserError("live.err.no_fight");
    for (const auto& e : c.encounter->order)
      if (e.creature == id) throw UserError("live.err.in_fight", jobj{"name", x.name});
    return jobj{"type", "JoinEncounter", "target", id, "initiative", v};
  }
  if (kind == "death_save") return jobj{"type", "DeathSave", "target", id, "roll", *arg_int(a, "roll", 1, 20, true)};
  if (kind == "roll") {
    std::string expr = *arg_str(a, "expr", 100, true);
    long long total = *arg_int(a, "total", -dice::kMaxValue, dice::kMaxValue, true);
    dice::Stats st = dice::stats(expr);  // throws the grammar's UserError for a bad expression
    if (static_cast<double>(total) < st.min || static_cast<double>(total) > st.max) bad_arg("total");
    std::string text = expr + " = " + std::to_string(total);
    if (auto d = arg_str(a, "dice", 60, false)) text += " (" + *d + ")";
    return jobj{"type", "AddNote", "creature", id, "text", text};
  }
  if (kind == "damage") {
    json cmd = jobj{"type", "ApplyDamage", "target", id, "amount", *arg_int(a, "amount", 1, 1000, true)};
    if (auto t = arg_str(a, "type", 32, false)) cmd["damage_type"] = *t;
    return cmd;
  }
  if (kind == "heal") return jobj{"type", "Heal", "target", id, "amount", *arg_int(a, "amount", 1, 1000, true)};
  if (kind == "inspiration") {
    auto first = arg_int(a, "first_roll", 1, 20, false);
    auto mod = arg_int(a, "modifier", -50, 50, false);
    auto dc = arg_int(a, "dc", -50, 100, false);
    if (!x.inspiration) throw UserError("rules.err.no_inspiration", jobj{"name", x.name});
    if (first && campaign::rule_enabled(c, rules::kInspirationLuck, true)) {
      json cmd = jobj{"type", "UseInspiration", "target", id, "first_roll", *first};
      if (mod) cmd["modifier"] = *mod;
      if (dc) cmd["dc"] = *dc;
      return cmd;
    }
    return jobj{"type", "SetInspiration", "target", id, "value", false};
  }
  if (kind == "hero_point") {
    json cmd = jobj{"type", "UseHeroPoint", "target", id};
    if (auto t = arg_int(a, "total", -100, 1000, false)) cmd["total"] = *t;
    if (auto dc = arg_int(a, "dc", -50, 100, false)) cmd["dc"] = *dc;
    return cmd;
  }
  if (kind == "spell_slot") {
    // a slot she has, of a level she has left: the spell-slots rule's own command refuses any other
    json cmd = jobj{"type", "SpendSpellSlot", "target", id, "level", *arg_int(a, "level", 1, 9, true)};
    if (arg_bool(a, "pact").value_or(false)) cmd["pact"] = true;
    return cmd;
  }
  if (kind == "class_resource") {
    // a use of her class feature (Rage, ki, Lay on Hands on a party member …): the class-resources rule's own
    // command refuses what she does not have or has spent
    json cmd = jobj{"type", "SpendClassResource", "target", id, "resource", *arg_str(a, "resource", 40, true)};
    if (auto n = arg_int(a, "amount", 1, 1000, false)) cmd["amount"] = *n;
    if (auto on = arg_str(a, "on", 40, false)) cmd["on"] = party_member(c, *on).id;
    if (auto roll = arg_int(a, "roll", 1, 20, false)) cmd["roll"] = *roll;
    return cmd;
  }
  if (kind == "cast") return build_cast(c, id, a);
  throw UserError("live.err.unknown_request", jobj{"kind", kind.substr(0, 32)});
}

// "Mira: casts Fireball (3rd level) at 3 targets": the spell by its name in the reader's language, the slot level
// asked (else the spell's own), how many targets, the total she rolled at the table if she typed one.
std::string describe_cast(json args, const json& a, Lang lang) {
  const json given = a.is_object() ? a : json::object();
  const json& sp = given.contains("spell") ? given["spell"] : json();
  const std::string sid = sp.is_string() ? sp.get<std::string>().substr(0, 100) : std::string();
  const rules::Spell* s = rules::find_spell(sid);
  args["spell"] = s ? s->name_in(lang) : sid;
  int level = s ? s->level : 0;
  if (given.contains("level") && given["level"].is_number_integer()) level = static_cast<int>(std::clamp(given["level"].get<long long>(), 0LL, 9LL));
  args["level"] = rules::spell_level_text(level, lang);
  std::string more;
  if (given.contains("targets") && given["targets"].is_array() && !given["targets"].empty())
    more += tr(lang, "live.req.cast.targets", jobj{"n", given["targets"].size()});
  if (given.contains("total") && given["total"].is_number_integer())
    more += tr(lang, "live.req.cast.total", jobj{"total", given["total"].get<long long>()});
  if (given.contains("totals") && given["totals"].is_array() && !given["totals"].empty()) {
    std::string each;  // "9, 14": each hit's damage as she rolled it
    for (const auto& t : given["totals"]) {
      if (!t.is_number_integer()) continue;
      if (!each.empty()) each += ", ";
      each += std::to_string(t.get<long long>());
      if (each.size() > 60) break;
    }
    if (!each.empty()) more += tr(lang, "live.req.cast.total", jobj{"total", each});
  }
  args["more"] = more;
  const bool ritual = given.value("ritual", json(false)) == json(true);
  return tr(lang, ritual ? "live.req.cast.ritual" : "live.req.cast", args);
}

}  // namespace

const std::vector<std::string>& request_kinds() {
  static const std::vector<std::string> kinds = {"initiative", "death_save", "roll",      "damage",
                                                 "heal",       "inspiration", "hero_point", "spell_slot",
                                                 "class_resource", "cast"};
  return kinds;
}

void check_claim(const Campaign& state, std::string_view who) { party_member(state, who); }

json to_command(const Campaign& state, std::string_view own, const json& request, const campaign::Engine& engine) {
  const std::string kind = request.value("r", std::string());
  const std::string who = request.value("c", std::string());
  const json args = request.contains("a") ? request["a"] : json::object();
  if (!args.is_object()) bad_arg("a");
  if (own.empty() || who != own) throw UserError("live.err.not_yours");
  const Creature& x = party_member(state, who);
  json cmd = build(state, x, kind, args);
  Rng scratch(1);
  engine.run(state, cmd, scratch);  // what the rules refuse, refused now (the state is not touched)
  return cmd;
}

std::string describe(const Campaign& state, const json& request, Lang lang) {
  const std::string who = request.value("c", std::string());
  const Creature* x = campaign::find_creature(state, who);
  json args = request.contains("a") && request["a"].is_object() ? request["a"] : json::object();
  args["name"] = x ? x->name : who;
  for (const char* k : {"value", "roll", "amount", "total", "level"})
    if (!args.contains(k)) args[k] = "";
  if (!args.contains("expr")) args["expr"] = "";
  std::string kind = request.value("r", std::string());
  if (kind == "spell_slot" && args.value("pact", json(false)) == json(true)) kind = "pact_slot";  // its own line
  else if (std::find(request_kinds().begin(), request_kinds().end(), kind) == request_kinds().end()) kind = "unknown";
  if (kind == "class_resource") {  // the feature by its name in the reader's language
    const json& r = args["resource"];
    const std::string id = r.is_string() ? r.get<std::string>().substr(0, 40) : std::string();
    const std::string name_key = "class_resources.name." + id;
    args["resource"] = has_key(lang, name_key) ? tr(lang, name_key) : id;
    if (!args["amount"].is_number_integer()) args["amount"] = 1;
  }
  if (kind == "cast") return describe_cast(args, request.contains("a") ? request["a"] : json(), lang);
  const std::string text_key = "live.req." + kind;
  return tr(lang, text_key, args);
}

}  // namespace druzina::live
