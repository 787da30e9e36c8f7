// House rule "Lektvary": drinking a potion is a bonus action; pouring it down someone else's throat is an action
// (of the giver). Too many potions may have side effects: the app counts the potions each creature drank since
// its last long rest (Creature::potions_drunk_since_long_rest; the base long rest resets it) and, once the count
// is above Settings::potion_warning_threshold, asks the DM what happens.
//
//   DrinkPotion {target: who drinks, by?: who gives it (another creature → an action), name: the potion,
//                heal?: HP it restores, a number or dice ("2d4+2")}
//   → potion_drunk {creature, by?, name, action: "bonus_action" | "action", from?: whose inventory lost one,
//     count}, then hp_changed when it heals (the dice rolled are in potion_drunk.heal_roll).
// One item of that name (case-insensitive) leaves the giver's inventory, else the drinker's; a potion nobody
// carries is still drunk (the DM may not track every bottle). A creature at 0 HP or unconscious cannot drink by
// itself (someone must give it).
// Prompt "potions.too_many" (creature = the drinker): {"count", "threshold", "name", "choices": ["no_effect",
// "side_effect"], "dm_only": true} — the DM decides whether there is a side effect (and describes it in a note).
#include <cmath>

#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"

namespace druzina::rules {

using namespace detail;
namespace actions = campaign::actions;
namespace param = campaign::param;

namespace {

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
  if (name.size() > 200) throw UserError("state.err.too_long", {{"path", "name"}, {"max", 200}});
  std::string by = param::str(cmd, "by", "");
  if (!by.empty() && by != x.id) {
    const Creature& giver = actions::require_living(c, by);
    if (giver.hp == 0) throw UserError("rules.err.potion_giver_down", {{"name", giver.name}});
  } else if (x.hp == 0 || campaign::has_condition(x, "unconscious")) {
    throw UserError("rules.err.potion_needs_help", {{"name", x.name}});
  }
  if (const json* h = param::find(cmd, "heal")) {
    if (h->is_string())
      dice::validate(h->get<std::string>());
    else
      param::integer(cmd, "heal", 0, 1'000'000);
  }
}

}  // namespace

Module potions() {
  return {kPotions, "", true, [](Engine& e) {
            event(
                e, "potion_drunk",
                [](Campaign& c, const json& d) {
                  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
                  x.potions_drunk_since_long_rest = d.at("count").get<int>();
                  if (d.contains("from")) {
                    Creature& owner = campaign::creature_ref(c, d.at("from").get<std::string>());
                    int i = item_index(owner, d.at("name").get<std::string>());
                    if (i < 0) throw std::out_of_range("no potion to take");
                    auto& it = owner.inventory[static_cast<size_t>(i)];
                    if (--it.qty <= 0) owner.inventory.erase(owner.inventory.begin() + i);
                  }
                },
                [](const json& d, const LogContext& lc) {
                  json args = {{"name", name_of(lc, d)}, {"potion", d.value("name", "")}, {"n", d.value("count", 0)}};
                  if (d.value("action", "") == "action") {
                    args["by"] = name_of(lc, d, "by");
                    return tr(lc.lang, "event.potion_given", args);
                  }
                  return tr(lc.lang, "event.potion_drunk", args);
                });
            command(
                e, "DrinkPotion", {"target", "by", "name", "heal"}, check, [](Ctx& ctx, const json& cmd) {
                  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
                  const std::string id = x.id, name = param::str(cmd, "name");
                  std::string by = param::str(cmd, "by", "");
                  if (by == id) by.clear();
                  json data = {{"creature", id}, {"name", name}, {"action", by.empty() ? "bonus_action" : "action"},
                               {"count", x.potions_drunk_since_long_rest + 1}};
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
                      data["heal_roll"] = {{"expr", r.expr}, {"total", heal}, {"text", r.text}};
                    } else {
                      heal = static_cast<int>(param::integer(cmd, "heal", 0, 1'000'000));
                    }
                  }
                  const int count = data["count"].get<int>();
                  ctx.emit("potion_drunk", std::move(data));
                  if (heal >= 0) actions::heal(ctx, id, heal, "heal");
                  const int threshold = ctx.state().settings.potion_warning_threshold;
                  if (count > threshold)
                    actions::create_prompt(ctx, "potions.too_many", id,
                                           {{"count", count}, {"threshold", threshold}, {"name", name},
                                            {"choices", {"no_effect", "side_effect"}}, {"dm_only", true}});
                });
          }};
}

}  // namespace druzina::rules
