// Class resources (class_resources.hpp): Creature::modules["class-resources"].spent = {<resource id>: n}.
//
//   SpendClassResource {target, resource, amount?: points of a pool (1), on?: whom Lay on Hands heals (target),
//     roll?: Second Wind's d10 as rolled at the table 1..10} → class_resource_spent {creature, resource, amount,
//     left, unlimited?, on?, heal?, roll?}, then hp_changed when it heals (Second Wind: the d10 + the fighter
//     level; Lay on Hands: the points spent, on the creature it is used on). Refused: rules.err.resource_unknown (she
//     has no such feature), rules.err.resource_none_left (none left: a rage with no use left is refused, as 5e
//     has it), rules.err.resource_too_few (a pool with fewer points left than asked).
//   SetClassResource {target, resource, left} → class_resource_set {creature, resource, spent} (the DM's
//     correction, or a player's on her own sheet).
// Prompt "class-resources.second_wind" (creature = the fighter): Second Wind spent with no roll — {"dice":
// "1d10+<fighter level>"}: the die as rolled at the table, or Roll for me (the injected RNG); the answer heals her.
// Hooks: rest_finished — a short rest gives back the short-rest resources (Bardic Inspiration from the 5th bard
// level) of those who rested, a long rest every resource: class_resources_restored {creature, kind, resources}.
#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/json_obj.hpp"
#include "core/rules/class_resources/class_resources.hpp"
#include "core/rules/common.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kSpent = "spent";
constexpr const char* kSecondWindPrompt = "class-resources.second_wind";

// [SECTION] data ------------------------------------------------------------------------------------------------------
void check_spent(const json& v) {
  if (!v.is_object()) jr::fail_type("object");
  const auto& ids = calc::class_resource_ids();
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (std::find(ids.begin(), ids.end(), it.key()) == ids.end()) jr::fail_value("unknown_field", jobj{"field", it.key()});
    int_in(it.value(), 1, 1000);
  }
}

// In the table link and the live table under "cu", as it is: a player's sheet shows what she has spent.
campaign::DataField spent_field() {
  campaign::DataField f{kSpent, "{resource id: int 1..1000}: uses or points spent since the rest that gives them back",
                        false, check_spent, /*player_owned*/ true};
  f.wire = {"cu", [](const json& shown) { return shown.is_object() && !shown.empty() ? shown : json(nullptr); },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_object())
                throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "object"});
              return compact;  // (its entries: the field's own check)
            }};
  return f;
}

int spent_of(const Creature& x, std::string_view id) {
  const json& s = creature_data(x, kClassResources, kSpent);
  if (!s.is_object()) return 0;
  auto it = s.find(std::string(id));
  return it != s.end() && it->is_number_integer() ? it->get<int>() : 0;
}

void write_spent(Creature& x, const std::string& id, int n) {
  json s = creature_data(x, kClassResources, kSpent);
  if (!s.is_object()) s = json::object();
  if (n > 0) s[id] = n;
  else s.erase(id);
  set_creature_data(x, kClassResources, kSpent, s.empty() ? json() : s);
}

std::string resource_name(Lang lang, const std::string& id) {
  return label(lang, "class_resources.name." + id, id);
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_spent(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  if (d.value("unlimited", false)) return;
  const std::string id = d.at("resource").get<std::string>();
  write_spent(x, id, spent_of(x, id) + d.at("amount").get<int>());
}

std::string render_spent(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "resource", resource_name(lc.lang, d.value("resource", "")), "n",
                   d.value("amount", 1), "left", d.value("left", 0)};
  if (d.value("unlimited", false)) return tr(lc.lang, "event.class_resource_spent.unlimited", args);
  if (d.contains("on")) {
    args["target"] = name_of(lc, d, "on");
    return tr(lc.lang, "event.class_resource_spent.on", args);
  }
  return tr(lc.lang, d.value("amount", 1) > 1 ? "event.class_resource_spent.points" : "event.class_resource_spent", args);
}

void apply_restored(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  for (const auto& id : d.at("resources")) write_spent(x, id.get<std::string>(), 0);
}

std::string render_restored(const json& d, const LogContext& lc) {
  std::string list;
  for (const auto& id : d.value("resources", json::array())) append(list, ", ", resource_name(lc.lang, id.get<std::string>()));
  return tr(lc.lang, d.value("kind", "") == "long" ? "event.class_resources_restored" : "event.class_resources_restored.short",
            jobj{"name", name_of(lc, d), "resources", list});
}

void apply_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  write_spent(x, d.at("resource").get<std::string>(), d.at("spent").get<int>());
}

std::string render_set(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.class_resource_set",
            jobj{"name", name_of(lc, d), "resource", resource_name(lc.lang, d.value("resource", "")), "left",
                 d.value("left", 0), "max", d.value("max", 0)});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const ClassResource& resource_param(const Creature& x, const std::vector<ClassResource>& list, const json& cmd) {
  const std::string id = param::str(cmd, "resource");
  const ClassResource* r = find_class_resource(list, id);
  if (!r) throw UserError("rules.err.resource_unknown", jobj{"name", x.name, "id", id});
  return *r;
}

struct Spend {
  std::string who, on;
  int amount = 1;
};

Spend check_spend(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const auto list = class_resources_of(x);
  const ClassResource& r = resource_param(x, list, cmd);
  Spend s{x.id, "", 1};
  s.amount = static_cast<int>(param::integer(cmd, "amount", 1, 1000, 1));
  if (s.amount > 1 && !r.pool) throw UserError("rules.err.resource_not_pool", jobj{"name", x.name, "resource", r.id});
  if (param::find(cmd, "on")) {
    if (r.heal != "target") throw UserError("rules.err.resource_no_target", jobj{"name", x.name, "resource", r.id});
    s.on = actions::require_living(c, param::str(cmd, "on")).id;
  }
  if (param::find(cmd, "roll")) {
    if (r.heal != "self") throw UserError("campaign.err.roll_not_expected");
    param::integer(cmd, "roll", 1, 10);
  }
  if (r.unlimited) return s;
  if (r.left == 0) throw UserError("rules.err.resource_none_left", jobj{"name", x.name, "resource", r.id});
  if (s.amount > r.left)
    throw UserError("rules.err.resource_too_few", jobj{"name", x.name, "resource", r.id, "left", r.left, "n", s.amount});
  return s;
}

void execute_spend(Ctx& ctx, const json& cmd) {
  const Spend s = check_spend(ctx.state(), cmd);
  const Creature& x = actions::require(ctx.state(), s.who);
  const auto list = class_resources_of(x);
  const ClassResource r = resource_param(x, list, cmd);
  json d = jobj{"creature", s.who, "resource", r.id, "amount", s.amount, "left", r.unlimited ? 0 : r.left - s.amount};
  if (r.unlimited) d["unlimited"] = true;
  int heal = -1;
  std::string healed = s.who;
  if (r.heal == "target") {
    healed = s.on.empty() ? s.who : s.on;
    if (healed != s.who) d["on"] = healed;
    heal = s.amount;
  } else if (r.heal == "self" && param::find(cmd, "roll")) {
    const int roll = static_cast<int>(param::integer(cmd, "roll", 1, 10));
    d["roll"] = roll;
    heal = roll + r.heal_bonus;
  }
  if (heal >= 0) d["heal"] = heal;
  ctx.emit("class_resource_spent", std::move(d));
  if (heal >= 0) actions::heal(ctx, healed, heal, "heal");
  else if (r.heal == "self")  // no die given: the table rolls it (or the app does) — the prompt takes it
    actions::create_prompt(ctx, kSecondWindPrompt, s.who,
                           jobj{"dice", r.heal_dice + "+" + std::to_string(r.heal_bonus), "resource", r.id});
}

int left_param(const ClassResource& r, const json& cmd) {
  return static_cast<int>(param::integer(cmd, "left", 0, r.max));
}

void validate_set(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const auto list = class_resources_of(x);
  const ClassResource& r = resource_param(x, list, cmd);
  if (r.unlimited) throw UserError("rules.err.resource_unlimited", jobj{"name", x.name, "resource", r.id});
  if (left_param(r, cmd) == r.left) throw UserError("campaign.err.nothing_to_change");
}

void execute_set(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const auto list = class_resources_of(x);
  const ClassResource r = resource_param(x, list, cmd);
  const int left = left_param(r, cmd);
  ctx.emit("class_resource_set", jobj{"creature", x.id, "resource", r.id, "spent", r.max - left, "left", left, "max", r.max});
}

// [SECTION] hooks -----------------------------------------------------------------------------------------------------
void on_rest_finished(Ctx& ctx, const Event& ev) {
  const bool long_rest = ev.data.value("kind", "") == "long";
  std::vector<std::string> ids;
  for (const auto& id : ev.data.value("creatures", json::array()))
    if (id.is_string()) ids.push_back(id.get<std::string>());
  for (const auto& id : ids) {
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead) continue;
    const json& spent = creature_data(*x, kClassResources, kSpent);
    if (!spent.is_object() || spent.empty()) continue;
    const auto list = class_resources_of(*x);
    json back = json::array();
    for (auto it = spent.begin(); it != spent.end(); ++it) {
      const ClassResource* r = find_class_resource(list, it.key());
      // a resource she no longer has (a level taken back) is cleared by any rest that would give it back
      if (long_rest || (r && r->short_rest)) back.push_back(it.key());
    }
    if (!back.empty())
      ctx.emit("class_resources_restored", jobj{"creature", id, "kind", long_rest ? "long" : "short", "resources", back});
  }
}

void on_second_wind(Ctx& ctx, const Prompt& p, const json& answer) {
  if (!answer.contains("total")) return;
  const Creature* x = campaign::find_creature(ctx.state(), p.creature);
  if (!x || x->death_saves.dead) return;
  actions::heal(ctx, p.creature, std::max(0, answer.value("total", 0)), "heal");
}

void install(Engine& e) {
  event(e, "class_resource_spent", apply_spent, render_spent);
  event(e, "class_resources_restored", apply_restored, render_restored);
  event(e, "class_resource_set", apply_set, render_set);
  command(e, "SpendClassResource", {"target", "resource", "amount", "on", "roll"},
          [](const Campaign& c, const json& cmd) { check_spend(c, cmd); }, execute_spend);
  command(e, "SetClassResource", {"target", "resource", "left"}, validate_set, execute_set);
  e.on_event("rest_finished", on_rest_finished);
  e.on_prompt(kSecondWindPrompt, on_second_wind);
}

}  // namespace

std::vector<ClassResource> class_resources_of(const Creature& x) {
  std::vector<ClassResource> out;
  for (auto& c : calc::class_resources(caster_classes(x), campaign::modifier(x, "cha"))) {
    ClassResource r;
    static_cast<calc::ResourceCount&>(r) = std::move(c);
    r.left = r.unlimited ? 0 : std::max(0, r.max - spent_of(x, r.id));
    out.push_back(std::move(r));
  }
  return out;
}

const ClassResource* find_class_resource(const std::vector<ClassResource>& list, std::string_view id) {
  for (const auto& r : list)
    if (r.id == id) return &r;
  return nullptr;
}

Module class_resources() {
  return {kClassResources, /*default_on*/ true, install,
          {.own_calculators = class_resources_calculators(),
           .creature_data = {spent_field()}}};
}

}  // namespace druzina::rules
