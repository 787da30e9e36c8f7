// House rule "Lektvary": drinking a potion is a bonus action; pouring it down someone else's throat is an action
// (of the giver). Too many potions may have side effects: the module counts the potions each creature drank since
// its last long rest (Creature::modules["potions"].drunk_since_long_rest; it hooks the long rest to reset it) and,
// once the count is above the campaign's warning threshold (Campaign::modules["potions"].warning_threshold,
// default 3), asks the DM what happens.
//
//   DrinkPotion {target: who drinks, by?: who gives it (another creature → an action), name: the potion,
//                heal?: HP it restores, a number or dice ("2d4+2")}
//   → potion_drunk {creature, by?, name, action: "bonus_action" | "action", from?: whose inventory lost one,
//     count}, then hp_changed when it heals (the dice rolled are in potion_drunk.heal_roll).
//   CreateCampaign / SetSettings {potion_warning_threshold: 0..1000} (a parameter this module adds)
//   → potion_warning_set {old, new}.
//   The long rest (long_rest_applied of a creature that drank) → potions_reset {creature} (silent).
// One item of that name (case-insensitive) leaves the giver's inventory, else the drinker's; a potion nobody
// carries is still drunk (the DM may not track every bottle). A creature at 0 HP or unconscious cannot drink by
// itself (someone must give it).
// Prompt "potions.too_many" (creature = the drinker): {"count", "threshold", "name", "choices": ["no_effect",
// "side_effect"], "dm_only": true} — the DM decides whether there is a side effect (and describes it in a note).
#include <cmath>

#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/potions/potions.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kDrunk = "drunk_since_long_rest";
constexpr const char* kThreshold = "warning_threshold";
constexpr const char* kThresholdParam = "potion_warning_threshold";

std::string lower(const std::string& s) {
  std::string out;
  for (char ch : s) out += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
  return out;
}

int item_index(const Creature& x, const std::string& name) {
  for (size_t i = 0; i < x.inventory.size(); ++i)
    if (lower(x.inventory[i].name) == lower(name) && x.inventory[i].qty > 0) return static_cast<int>(i);
  return -1;
}

void check(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  std::string name = param::str(cmd, "name");
  if (name.size() > 200) throw UserError("state.err.too_long", jobj{"path", "name", "max", 200});
  std::string by = param::str(cmd, "by", "");
  if (!by.empty() && by != x.id) {
    const Creature& giver = actions::require_living(c, by);
    if (giver.hp == 0) throw UserError("rules.err.potion_giver_down", jobj{"name", giver.name});
  } else if (x.hp == 0 || campaign::has_condition(x, "unconscious")) {
    throw UserError("rules.err.potion_needs_help", jobj{"name", x.name});
  }
  if (const json* h = param::find(cmd, "heal")) {
    if (h->is_string())
      dice::validate(h->get<std::string>());
    else
      param::integer(cmd, "heal", 0, 1'000'000);
  }
}

// [SECTION] data ------------------------------------------------------------------------------------------------------
campaign::DataField drunk_field() {
  return {kDrunk, "int 0..100000: potions drunk since the last long rest", false,
          [](const json& v) { int_in(v, 0, 100000); }};
}

campaign::DataField threshold_field() {
  return {kThreshold, "int 0..1000: above this many potions since a long rest the DM is asked (default 3)", false,
          [](const json& v) { int_in(v, 0, 1000); }};
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_potion_drunk(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  x.modules[kPotions][kDrunk] = d.at("count").get<int>();
  if (d.contains("from")) {
    Creature& owner = campaign::creature_ref(c, d.at("from").get<std::string>());
    int i = item_index(owner, d.at("name").get<std::string>());
    if (i < 0) throw std::out_of_range("no potion to take");
    auto& it = owner.inventory[static_cast<size_t>(i)];
    if (--it.qty <= 0) owner.inventory.erase(owner.inventory.begin() + i);
  }
}

std::string render_potion_drunk(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "potion", d.value("name", ""), "n", d.value("count", 0)};
  if (d.value("action", "") == "action") {
    args["by"] = name_of(lc, d, "by");
    return tr(lc.lang, "event.potion_given", args);
  }
  return tr(lc.lang, "event.potion_drunk", args);
}

void apply_potions_reset(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  auto it = x.modules.find(kPotions);
  if (it == x.modules.end()) return;
  it->erase(kDrunk);
  if (it->empty()) x.modules.erase(it);
}

void apply_potion_warning_set(Campaign& c, const json& d) {
  const int n = d.at("new").get<int>();
  json& m = data_ref(c, kPotions);
  if (n == kDefaultPotionWarning)
    m.erase(kThreshold);
  else
    m[kThreshold] = n;
  if (m.empty()) c.modules.erase(kPotions);
}

// [SECTION] commands and hooks ----------------------------------------------------------------------------------------
void execute_drink_potion(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  const std::string id = x.id, name = param::str(cmd, "name");
  std::string by = param::str(cmd, "by", "");
  if (by == id) by.clear();
  json data = jobj{"creature", id, "name", name, "action", by.empty() ? "bonus_action" : "action",
               "count", potions_drunk(x) + 1};
  if (!by.empty()) data["by"] = by;
  if (!by.empty() && item_index(actions::require(ctx.state(), by), name) >= 0)
    data["from"] = by;
  else if (item_index(x, name) >= 0)
    data["from"] = id;
  int heal = -1;
  if (const json* h = param::find(cmd, "heal")) {
    if (h->is_string()) {
      dice::Roll r = dice::roll(h->get<std::string>(), ctx.rng());
      heal = std::max(0, static_cast<int>(std::floor(r.total)));
      data["heal_roll"] = jobj{"expr", r.expr, "total", heal, "text", r.text};
    } else {
      heal = static_cast<int>(param::integer(cmd, "heal", 0, 1'000'000));
    }
  }
  const int count = data["count"].get<int>();
  ctx.emit("potion_drunk", std::move(data));
  if (heal >= 0) actions::heal(ctx, id, heal, "heal");
  const int threshold = potion_warning_threshold(ctx.state());
  if (count > threshold)
    actions::create_prompt(ctx, "potions.too_many", id,
                           {{"count", count}, {"threshold", threshold}, {"name", name},
                            {"choices", {"no_effect", "side_effect"}}, {"dm_only", true}});
}

// The threshold parameter of CreateCampaign / SetSettings: checked before, set after the base command.
void check_threshold_param(Ctx&, const json& cmd) {
  if (param::find(cmd, kThresholdParam)) param::integer(cmd, kThresholdParam, 0, 1000);
}

void set_threshold_param(Ctx& ctx, const json& cmd) {
  if (!param::find(cmd, kThresholdParam)) return;
  const int now = potion_warning_threshold(ctx.state());
  const int wanted = static_cast<int>(param::integer(cmd, kThresholdParam, 0, 1000));
  if (wanted != now) ctx.emit("potion_warning_set", jobj{"old", now, "new", wanted});
}

void reset_after_long_rest(Ctx& ctx, const campaign::Event& ev) {
  const std::string who = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (x && potions_drunk(*x) > 0) ctx.emit("potions_reset", jobj{"creature", who});
}

void install(Engine& e) {
  event(e, "potion_drunk", apply_potion_drunk, render_potion_drunk);
  event(e, "potions_reset", apply_potions_reset, {}, true);
  event(e, "potion_warning_set", apply_potion_warning_set);
  command(e, "DrinkPotion", {"target", "by", "name", "heal"}, check, execute_drink_potion);
  for (const char* base : {"CreateCampaign", "SetSettings"}) {
    e.allow_params(base, {kThresholdParam});
    e.before(base, check_threshold_param);
    e.after(base, set_threshold_param);
  }
  e.on_event("long_rest_applied", reset_after_long_rest);
}

}  // namespace

int potions_drunk(const Creature& x) {
  auto m = x.modules.find(kPotions);
  if (m == x.modules.end()) return 0;
  auto n = m->find(kDrunk);
  return n != m->end() && n->is_number_integer() ? n->get<int>() : 0;
}

int potion_warning_threshold(const Campaign& c) {
  const json& n = data_at(c, kPotions, kThreshold);
  return n.is_number_integer() ? n.get<int>() : kDefaultPotionWarning;
}

PotionsView potions_view(const Campaign& c, const Creature& x) {
  PotionsView v;
  v.drunk = potions_drunk(x);
  v.threshold = potion_warning_threshold(c);
  v.over = v.drunk > v.threshold;
  return v;
}

Module potions() {
  return {kPotions, true, install,
          {.seed = "Lektvary",
           .prompts = {"potions.too_many"},
           .reference = {"hr-potions"},
           .creature_data = {drunk_field()},
           .campaign_data = {threshold_field()}}};
}

}  // namespace druzina::rules
