// DM rule "renown": renown per organization and piety.
//
//   ChangeRenown {target, organization? (1–60 characters) | piety?: true, reason: mission (+1) | great_deed (+2) |
//     loss (−amount, never below 0) | set (amount) | add (a new organization at 0), amount?: 0..1000}
//     → renown_changed {creature, organization? | piety, old?, new, reason, rank?: the title reached {cs, uk, en}}.
//     Refused: rules.err.renown_which (neither or both), renown_amount (loss / set without an amount),
//     renown_exists (add twice), renown_unknown (a change to an organization it has no renown with: add it first).
//   SetRenownRanks {organization, ranks?: [{at: 1..1000, title: 1–60 characters}] rising} — the DM's ranks for an
//     organization (absent: back to the default) → renown_ranks_set.
// Data: Creature::modules.renown.organizations {name → 0..1000}, .piety (absent = 0); Campaign::modules.renown.ranks
// {organization → [{at, title}]}. Shown to players.
#include <algorithm>

#include "core/assets.hpp"
#include "core/rules/common.hpp"
#include "core/rules/renown/renown.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kOrgs = "organizations";
constexpr const char* kPiety = "piety";
constexpr const char* kRanks = "ranks";
constexpr const char* kReasonPrefix = "rules.renown.reason.";  // + mission | great_deed | loss | set | add

void check_name(const std::string& s) {
  if (s.empty() || s.size() > 120) throw UserError("campaign.err.param", jobj{"param", "organization", "expected", "1–60 characters"});
}

void ranks_valid(const json& list) {
  if (!list.is_array() || list.empty() || list.size() > 20) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "1–20 ranks"});
  int last = 0;
  for (const auto& r : list) {
    if (!r.is_object() || !r.contains("at") || !r.contains("title") || !r["title"].is_string())
      throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "{at, title}"});
    int_in(r["at"], 1, kRenownMax);
    const int at = r["at"].get<int>();
    const std::string t = r["title"].get<std::string>();
    if (t.empty() || t.size() > 120) throw UserError("rules.err.renown_title", jobj{"title", t});
    if (at <= last) throw UserError("rules.err.renown_ranks_order", jobj{"at", at});
    last = at;
  }
}

campaign::DataField orgs_field() {
  return {kOrgs, "object {organization → renown 0..1000}", false, [](const json& v) {
            if (!v.is_object()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "object"});
            for (const auto& [k, n] : v.items()) {
              check_name(k);
              int_in(n, 0, kRenownMax);
            }
          }};
}
campaign::DataField piety_field() {
  return {kPiety, "int 1..1000: piety toward its deity (absent = 0)", false, [](const json& v) { int_in(v, 0, kRenownMax); }};
}
campaign::DataField ranks_field() {
  return {kRanks, "object {organization → [{at, title}]}: the DM's ranks", false, [](const json& v) {
            if (!v.is_object()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "object"});
            for (const auto& [k, list] : v.items()) {
              check_name(k);
              ranks_valid(list);
            }
          }};
}

std::vector<RenownRank> ranks_of(const json& list) {
  std::vector<RenownRank> out;
  for (const auto& r : list) out.push_back({r.value("at", 0), catalogue_text(r.value("title", json()))});
  return out;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_changed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const int n = d.at("new").get<int>();
  if (n < 0 || n > kRenownMax) throw std::out_of_range("renown out of range");
  if (d.value("piety", false)) {
    set_creature_data(x, kRenown, kPiety, n == 0 ? json(nullptr) : json(n));
    return;
  }
  json orgs = creature_data(x, kRenown, kOrgs);
  if (!orgs.is_object()) orgs = json::object();
  orgs[d.at("organization").get<std::string>()] = n;
  set_creature_data(x, kRenown, kOrgs, orgs);
}

std::string render_changed(const json& d, const LogContext& lc) {
  const bool piety = d.value("piety", false);
  json args = jobj{"name", name_of(lc, d), "organization", d.value("organization", ""), "old", d.value("old", 0),
               "new", d.value("new", 0), "reason", tr(lc.lang, kReasonPrefix + d.value("reason", std::string("set")))};
  std::string key = piety ? "event.piety_changed" : "event.renown_changed";
  if (d.contains("rank")) {
    args["rank"] = catalogue_text(d["rank"]).in(lc.lang);
    key += "_rank";
  }
  return tr(lc.lang, key, args);
}

void apply_ranks_set(Campaign& c, const json& d) {
  json& m = data_ref(c, kRenown);
  const std::string org = d.at("organization").get<std::string>();
  if (d.contains("ranks")) m[kRanks][org] = d.at("ranks");
  else if (m.contains(kRanks)) m[kRanks].erase(org);
  if (m.contains(kRanks) && m[kRanks].empty()) m.erase(kRanks);
  if (m.empty()) c.modules.erase(kRenown);
}

std::string render_ranks_set(const json& d, const LogContext& lc) {
  std::string list;
  for (const auto& r : d.value("ranks", json::array())) append(list, ", ", std::to_string(r.value("at", 0)) + " " + r.value("title", ""));
  return d.contains("ranks") ? tr(lc.lang, "event.renown_ranks_set", jobj{"organization", d.value("organization", ""), "ranks", list})
                             : tr(lc.lang, "event.renown_ranks_default", jobj{"organization", d.value("organization", "")});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
struct Plan {
  std::string who, organization, reason;
  bool piety = false;
  std::optional<int> old;
  int now = 0;
};

Plan plan(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  Plan p;
  p.who = x.id;
  p.piety = param::boolean(cmd, "piety", false);
  const bool org = param::find(cmd, "organization") != nullptr;
  if (org == p.piety) throw UserError("rules.err.renown_which");
  p.reason = param::str(cmd, "reason");
  static const std::vector<std::string> reasons = {"mission", "great_deed", "loss", "set", "add"};
  if (std::find(reasons.begin(), reasons.end(), p.reason) == reasons.end())
    throw UserError("campaign.err.bad_choice", jobj{"choice", p.reason, "choices", "mission, great_deed, loss, set, add"});
  const bool needs_amount = p.reason == "loss" || p.reason == "set";
  const json* amount = param::find(cmd, "amount");
  if (needs_amount && !amount) throw UserError("rules.err.renown_amount", jobj{"reason", p.reason});
  const int a = amount ? static_cast<int>(param::integer(cmd, "amount", p.reason == "loss" ? 1 : 0, kRenownMax)) : 0;
  if (p.piety) {
    if (p.reason == "add") throw UserError("rules.err.renown_which");
    p.old = piety_of(x);
  } else {
    p.organization = param::str(cmd, "organization");
    check_name(p.organization);
    const auto all = renown_of(x);
    auto it = all.find(p.organization);
    if (it != all.end()) p.old = it->second;
    if (p.reason == "add" && p.old) throw UserError("rules.err.renown_exists", jobj{"name", x.name, "organization", p.organization});
    if (p.reason != "add" && p.reason != "set" && !p.old)
      throw UserError("rules.err.renown_unknown", jobj{"name", x.name, "organization", p.organization});
  }
  const int base = p.old.value_or(0);
  if (p.reason == "mission") p.now = base + 1;
  else if (p.reason == "great_deed") p.now = base + 2;
  else if (p.reason == "loss") p.now = std::max(0, base - a);
  else if (p.reason == "set") p.now = a;
  else p.now = 0;
  p.now = std::min(p.now, kRenownMax);
  return p;
}

void execute_change(Ctx& ctx, const json& cmd) {
  const Plan p = plan(ctx.state(), cmd);
  json d = jobj{"creature", p.who, "new", p.now, "reason", p.reason};
  if (p.piety) d["piety"] = true;
  else d["organization"] = p.organization;
  if (p.old) d["old"] = *p.old;
  const auto ranks = p.piety ? piety_ranks() : ranks_for(ctx.state(), p.organization);
  const RankAt r = rank_at(ranks, p.now);
  if (r.rank) d["rank"] = jobj{"cs", r.rank->title.cs, "uk", r.rank->title.uk, "en", r.rank->title.en};
  ctx.emit("renown_changed", std::move(d));
}

void validate_ranks(const Campaign&, const json& cmd) {
  check_name(param::str(cmd, "organization"));
  if (const json* r = param::find(cmd, "ranks")) ranks_valid(*r);
}

void execute_ranks(Ctx& ctx, const json& cmd) {
  json d = jobj{"organization", param::str(cmd, "organization")};
  if (const json* r = param::find(cmd, "ranks")) {
    json list = json::array();
    for (const auto& x : *r) list.push_back(jobj{"at", x["at"], "title", x["title"]});
    d["ranks"] = list;
  }
  ctx.emit("renown_ranks_set", std::move(d));
}

void install(Engine& e) {
  event(e, "renown_changed", apply_changed, render_changed);
  event(e, "renown_ranks_set", apply_ranks_set, render_ranks_set);
  command(e, "ChangeRenown", {"target", "organization", "piety", "reason", "amount"},
          [](const Campaign& c, const json& cmd) { plan(c, cmd); }, execute_change);
  command(e, "SetRenownRanks", {"organization", "ranks"}, validate_ranks, execute_ranks);
}

}  // namespace

const std::vector<RenownOrganization>& renown_organizations() {
  static const std::vector<RenownOrganization> list = [] {
    const json data = assets::json("data/rules/renown.json");
    std::vector<RenownOrganization> out;
    for (const auto& j : data.at("organizations")) {
      RenownOrganization o;
      o.id = j.at("id").get<std::string>();
      o.name = catalogue_text(j.at("name"));
      o.ranks = ranks_of(j.at("ranks"));
      if (!o.name.complete() || o.ranks.empty()) throw std::runtime_error("renown.json: " + o.id);
      out.push_back(std::move(o));
    }
    return out;
  }();
  return list;
}

const std::vector<RenownRank>& piety_ranks() {
  static const std::vector<RenownRank> list = ranks_of(assets::json("data/rules/renown.json").at("piety"));
  return list;
}

const RenownOrganization* find_renown_organization(std::string_view name) {
  for (const auto& o : renown_organizations())
    if (name == o.id || name == o.name.cs || name == o.name.uk || name == o.name.en) return &o;
  return nullptr;
}

std::map<std::string, int> renown_of(const Creature& x) {
  std::map<std::string, int> out;
  const json& v = creature_data(x, kRenown, kOrgs);
  if (!v.is_object()) return out;
  for (const auto& [k, n] : v.items())
    if (n.is_number_integer()) out[k] = n.get<int>();
  return out;
}

int piety_of(const Creature& x) {
  const json& v = creature_data(x, kRenown, kPiety);
  return v.is_number_integer() ? v.get<int>() : 0;
}

std::vector<RenownRank> ranks_for(const Campaign& c, const std::string& organization) {
  const json& custom = data_at(c, kRenown, kRanks);
  if (custom.is_object() && custom.contains(organization)) return ranks_of(custom[organization]);
  if (const RenownOrganization* o = find_renown_organization(organization)) return o->ranks;
  return {};
}

RankAt rank_at(const std::vector<RenownRank>& ranks, int value) {
  RankAt r;
  for (const auto& k : ranks) {
    if (value >= k.at) r.rank = k;
    else if (!r.next) r.next = k.at;
  }
  return r;
}

RenownView renown_view(const Campaign& c, const Creature& x) {
  RenownView v;
  v.on = campaign::rule_enabled(c, kRenown, true);
  const json& custom = data_at(c, kRenown, kRanks);
  for (const auto& [org, n] : renown_of(x))
    v.organizations.push_back({org, n, rank_at(ranks_for(c, org), n), custom.is_object() && custom.contains(org)});
  v.piety = piety_of(x);
  v.piety_rank = rank_at(piety_ranks(), v.piety);
  return v;
}

Module renown() {
  return {kRenown, true, install,
          {.seed = "Слава",
           .reference = {"dm-renown", "dm-renown-ranks", "dm-renown-benefits", "dm-piety"},
           .creature_data = {orgs_field(), piety_field()},
           .campaign_data = {ranks_field()}}};
}

}  // namespace druzina::rules
