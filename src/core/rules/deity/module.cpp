// DM rule "deity": a character's deity.
//
//   SetDeity {target, deity?: an id of the list ("norse-thor") | name?: a typed name (1–100 characters)} — neither:
//   no deity → deity_set {creature, old?: {deity | name}, new?: {deity | name}}. Refused: both (rules.err.deity_or_name),
//   an unknown id (rules.err.deity_unknown), no change (rules.err.deity_same).
// Data: Creature::modules["deity"].deity (an id) or .name (typed), absent = none; not a secret.
#include "core/rules/deity/deity.hpp"

#include "core/assets.hpp"
#include "core/reference/reference.hpp"
#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kId = "deity";
constexpr const char* kName = "name";
constexpr size_t kMaxName = 100;

campaign::DataField deity_field() {
  return {kId, "text: a deity of assets/data/rules/deities.json (absent = none)", false, [](const json& v) {
            if (!v.is_string()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "text"});
            if (!find_deity(v.get<std::string>())) throw UserError("rules.err.deity_unknown", jobj{"deity", v.get<std::string>()});
          }};
}

campaign::DataField name_field() {
  return {kName, "text 1..100 characters: a deity the DM typed (absent = none)", false, [](const json& v) {
            if (!v.is_string()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "text"});
            const auto n = v.get<std::string>().size();
            if (n == 0 || n > kMaxName) throw UserError("state.err.too_long", jobj{"path", "", "max", kMaxName});
          }};
}

// What the command asks for: {"deity": id} | {"name": text} | {} (none).
json wanted(const json& cmd) {
  const json* id = param::find(cmd, "deity");
  const json* name = param::find(cmd, "name");
  if (id && name) throw UserError("rules.err.deity_or_name");
  if (id) {
    if (!id->is_string()) throw UserError("campaign.err.param", jobj{"param", "deity", "expected", "text"});
    if (!find_deity(id->get<std::string>())) throw UserError("rules.err.deity_unknown", jobj{"deity", id->get<std::string>()});
    return {{kId, *id}};
  }
  if (name) {
    if (!name->is_string() || name->get<std::string>().empty())
      throw UserError("campaign.err.param", jobj{"param", "name", "expected", "text"});
    if (name->get<std::string>().size() > kMaxName) throw UserError("state.err.too_long", jobj{"path", "name", "max", kMaxName});
    return {{kName, *name}};
  }
  return json::object();
}

json current(const Creature& x) {
  json out = json::object();
  const json& id = creature_data(x, kDeity, kId);
  const json& name = creature_data(x, kDeity, kName);
  if (id.is_string()) out[kId] = id;
  if (name.is_string()) out[kName] = name;
  return out;
}

void validate_set_deity(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  if (wanted(cmd) == current(x)) throw UserError("rules.err.deity_same", jobj{"name", x.name});
}

void execute_set_deity(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  json data = jobj{"creature", x.id};
  json old = current(x), now = wanted(cmd);
  if (!old.empty()) data["old"] = old;
  if (!now.empty()) data["new"] = now;
  ctx.emit("deity_set", std::move(data));
}

void apply_deity_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json now = d.contains("new") ? d.at("new") : json::object();
  set_creature_data(x, kDeity, kId, now.contains(kId) ? now.at(kId) : json(nullptr));
  set_creature_data(x, kDeity, kName, now.contains(kName) ? now.at(kName) : json(nullptr));
}

std::string deity_text(const json& v, Lang lang) {
  if (!v.is_object()) return tr(lang, "rules.deity.none");
  if (v.contains(kId) && v[kId].is_string())
    if (const Deity* d = find_deity(v[kId].get<std::string>())) return d->name.in(lang);
  if (v.contains(kName) && v[kName].is_string()) return v[kName].get<std::string>();
  return tr(lang, "rules.deity.none");
}

std::string render_deity_set(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.deity_set",
            jobj{"name", name_of(lc, d), "old", deity_text(d.value("old", json()), lc.lang),
             "new", deity_text(d.value("new", json()), lc.lang)});
}

void install(Engine& e) {
  event(e, "deity_set", apply_deity_set, render_deity_set);
  command(e, "SetDeity", {"target", "deity", "name"}, validate_set_deity, execute_set_deity);
}

}  // namespace

const std::vector<Deity>& deities() {
  static const std::vector<Deity> list = [] {
    std::vector<Deity> out;
    for (const auto& j : assets::json("data/rules/deities.json")) {
      Deity d;
      d.id = j.at("id").get<std::string>();
      d.pantheon = j.at("pantheon").get<std::string>();
      d.alignment = j.at("alignment").get<std::string>();
      d.name = catalogue_text(j.at("name"));
      d.title = catalogue_text(j.at("title"));
      d.symbol = catalogue_text(j.at("symbol"));
      d.domains = j.at("domains").get<std::vector<std::string>>();
      out.push_back(std::move(d));
    }
    return out;
  }();
  return list;
}

const Deity* find_deity(std::string_view id) {
  for (const auto& d : deities())
    if (d.id == id) return &d;
  return nullptr;
}

const char* pantheon_key(const std::string& p) {
  if (p == "celtic") return "rules.pantheon.celtic";
  if (p == "greek") return "rules.pantheon.greek";
  if (p == "egyptian") return "rules.pantheon.egyptian";
  return "rules.pantheon.norse";
}

const char* domain_key(const std::string& d) {
  if (d == "knowledge") return "rules.domain.knowledge";
  if (d == "life") return "rules.domain.life";
  if (d == "light") return "rules.domain.light";
  if (d == "nature") return "rules.domain.nature";
  if (d == "tempest") return "rules.domain.tempest";
  if (d == "trickery") return "rules.domain.trickery";
  if (d == "war") return "rules.domain.war";
  return "rules.domain.death";
}

std::vector<const Deity*> search_deities(std::string_view query, Lang lang) {
  const auto words = reference::terms(query);
  std::vector<const Deity*> out;
  for (const auto& d : deities()) {
    std::string hay = d.name.in(lang) + " " + d.name.en + " " + d.title.in(lang) + " " + d.symbol.in(lang) + " " +
                      tr(lang, pantheon_key(d.pantheon));
    for (const auto& dom : d.domains) hay += " " + tr(lang, domain_key(dom));
    hay = " " + reference::fold(hay);
    // every word of the query starts a word of the deity's texts ("thor" finds Thor, not Hathor)
    bool all = true;
    for (const auto& w : words) all = all && (hay.find(" " + w) != std::string::npos || hay.find("(" + w) != std::string::npos);
    if (all) out.push_back(&d);
  }
  return out;
}

DeityView deity_view(const Campaign& c, const Creature& x) {
  DeityView v;
  v.on = campaign::rule_enabled(c, kDeity, true);
  const json& id = creature_data(x, kDeity, kId);
  if (id.is_string()) v.deity = find_deity(id.get<std::string>());
  const json& name = creature_data(x, kDeity, kName);
  if (!v.deity && name.is_string()) v.name = name.get<std::string>();
  return v;
}

Module deity() {
  return {kDeity, true, install,
          {.seed = "Пантеони",
           .reference = {"dm-pantheons", "dm-pantheon-celtic", "dm-pantheon-greek", "dm-pantheon-egyptian", "dm-pantheon-norse"},
           .creature_data = {deity_field(), name_field()}}};
}

}  // namespace druzina::rules
