// DM rule "magic-items": items with an identity on a creature, attunement (three at most, never two
// copies, prerequisites, ending by choice / death / another creature / distance, a cursed item's hold), identifying
// (the identify spell, a short rest), worn slots, charges (spent, the last charge's d20, regained at dawn and after a
// long rest with the item's dice), consumables; the calculators sentient-dominate, alien-tech and sell (treasure) in
// the CLI; the v5 → v6 migration of the plain attunement list (tests/fixtures/save-v5.json).
#include <fstream>
#include <sstream>

#include "../support/cli.hpp"
#include "core/migrate/migrate.hpp"
#include "core/io/save.hpp"
#include "core/rules/magic_items/magic_items.hpp"
#include "core/rules/treasure/treasure.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::string add_item(Table& t, const std::string& who, json more) {
  more["type"] = "AddMagicItem";
  more["target"] = who;
  const auto& tx = t.run(more);
  const Event* e = find_event(tx, "magic_item_added");
  REQUIRE(e != nullptr);
  return e->data["item"]["id"].get<std::string>();
}

json cmd(const char* type, const std::string& who, const std::string& item, json more = json::object()) {
  more["type"] = type;
  more["target"] = who;
  more["item"] = item;
  return more;
}

const rules::MagicItem* item_of(const Table& t, const std::string& who, const std::string& id) {
  static std::vector<rules::MagicItem> keep;
  keep = rules::magic_items_of(t.c(who));
  for (const auto& m : keep)
    if (m.id == id) return &m;
  return nullptr;
}

std::string line(const Table& t, const Event& e, Lang lang) {
  LogContext lc{lang, [&](const std::string& id) { return t.c(id).name; }};
  return Engine::standard().render(e, lc);
}

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("magic items: two copies are two items with their own ids, kind, rarity and state", "[rules][magic-items]") {
  RulesTable t(1);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string a = add_item(t, m, {{"name", "Ring of protection"}, {"kind", "ring"}, {"rarity", "rare"}, {"attunement", true}, {"slot", "ring"}});
  const std::string b = add_item(t, m, {{"name", "Ring of protection"}, {"kind", "ring"}, {"rarity", "rare"}, {"attunement", true}, {"slot", "ring"}});
  CHECK(a != b);
  CHECK(a.rfind("i", 0) == 0);
  const auto items = rules::magic_items_of(t.c(m));
  REQUIRE(items.size() == 2);
  CHECK(items[0].kind == "ring");
  CHECK(items[0].rarity == "rare");
  CHECK(items[0].attunement);
  CHECK_FALSE(items[0].identified);
  CHECK(items[0].attuned_by.empty());
  // A potion is used up by itself; charges default to the maximum.
  const std::string p = add_item(t, m, {{"name", "Potion of healing"}, {"kind", "potion"}});
  CHECK(item_of(t, m, p)->consumable);
  const std::string w = add_item(t, m, {{"name", "Wand of magic missiles"}, {"kind", "wand"}, {"max_charges", 7}, {"recharge", "1d6+1"}});
  CHECK(item_of(t, m, w)->charges == 7);
  CHECK(item_of(t, m, w)->max_charges == 7);
  // Bad input is refused, never stored.
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"kind", "sword"}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"requires", {{"class", "wizard"}}}}),
                  "rules.err.item_requires_attunement");
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"recharge", "1d6"}}), "rules.err.item_recharge_needs_max");
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"max_charges", 3}, {"charges", 4}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run(cmd("RemoveMagicItem", m, "i999")), "rules.err.item_unknown");
  t.run(cmd("RemoveMagicItem", m, b));
  CHECK(rules::magic_items_of(t.c(m)).size() == 3);
  CHECK(item_of(t, m, b) == nullptr);
}

TEST_CASE("magic items: attunement — three at most, never two copies, the refusals say why", "[rules][magic-items]") {
  RulesTable t(2);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  auto att = [&](const char* name) { return add_item(t, m, {{"name", name}, {"attunement", true}}); };
  const std::string cloak = att("Cloak of protection"), ring = att("Ring of protection"), boots = att("Boots of speed");
  const std::string belt = att("Belt of giant strength"), cloak2 = att("Cloak of Protection");
  const std::string bag = add_item(t, m, {{"name", "Bag of holding"}});
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", m, bag)), "rules.err.item_no_attunement");
  const auto& first = t.run(cmd("AttuneItem", m, cloak));
  CHECK(line(t, *find_event(first, "item_attuned"), Lang::en) == "Mira attunes to Cloak of protection (1 of 3).");
  CHECK(line(t, *find_event(first, "item_attuned"), Lang::cs) == "Mira se sladí s předmětem Cloak of protection (1 ze 3).");
  CHECK(line(t, *find_event(first, "item_attuned"), Lang::uk) == "Mira налаштовується на Cloak of protection (1 з 3).");
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", m, cloak)), "rules.err.item_already_attuned");
  // The second copy of the cloak (names compared case-insensitively): never two copies of the same item.
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", m, cloak2)), "rules.err.attune_duplicate");
  t.run(cmd("AttuneItem", m, ring));
  t.run(cmd("AttuneItem", m, boots));
  CHECK(rules::attuned_names(t.state(), m) == std::vector<std::string>{"Cloak of protection", "Ring of protection", "Boots of speed"});
  // The fourth: refused, naming the three.
  try {
    t.run(cmd("AttuneItem", m, belt));
    FAIL("a fourth attunement was accepted");
  } catch (const UserError& e) {
    CHECK(e.key() == "rules.err.attune_full");
    CHECK(e.args()["items"] == "Cloak of protection, Ring of protection, Boots of speed");
    CHECK(e.args()["max"] == 3);
  }
  CHECK(rules::attuned_items(t.state(), m).size() == 3);
  // Ending one (a short rest spent on it: the clock moves an hour) frees a slot.
  const long long before = t.state().minutes;
  const auto& end = t.run(cmd("EndAttunement", m, ring, {{"short_rest", true}}));
  CHECK(t.state().minutes == before + 60);
  CHECK(has_event(end, "rest_finished"));
  CHECK(line(t, *find_event(end, "item_attunement_ended"), Lang::en) == "Mira ends the attunement to Ring of protection.");
  REQUIRE_REFUSED(t.run(cmd("EndAttunement", m, ring)), "rules.err.item_not_attuned");
  t.run(cmd("AttuneItem", m, belt, {{"short_rest", true}}));
  CHECK(t.state().minutes == before + 120);
  CHECK(rules::attuned_items(t.state(), m).size() == 3);
  // Undo takes the attunement back.
  t.session.undo(1);
  CHECK(rules::attuned_items(t.state(), m).size() == 2);
}

TEST_CASE("magic items: prerequisites — class, race, alignment, spellcaster", "[rules][magic-items]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string f = t.pc("Bořek", 40, {{"race", "Mountain dwarf"}});
  const std::string w = t.pc("Olena", 20, {{"race", "Elf"}});
  t.run({{"type", "SetClass"}, {"target", f}, {"class", "fighter"}});
  t.run({{"type", "SetClass"}, {"target", w}, {"class", "wizard"}});
  const std::string staff = add_item(t, f, {{"name", "Staff of power"}, {"attunement", true}, {"requires", {{"class", "wizard"}}}});
  try {
    t.run(cmd("AttuneItem", f, staff));
    FAIL("a fighter attuned to a wizard's staff");
  } catch (const UserError& e) {
    CHECK(e.key() == "rules.err.attune_prereq_class");
    CHECK(e.args()["class"] == "Wizard");
  }
  const std::string axe = add_item(t, w, {{"name", "Dwarven thrower"}, {"attunement", true}, {"requires", {{"race", "dwarf"}}}});
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", w, axe)), "rules.err.attune_prereq_race");
  const std::string holy = add_item(t, f, {{"name", "Holy avenger"}, {"attunement", true}, {"requires", {{"alignment", {"lg", "ng", "cg"}}}}});
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", f, holy)), "rules.err.attune_prereq_alignment");  // alignment not set
  t.run({{"type", "SetAlignment"}, {"target", f}, {"alignment", "ln"}});
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", f, holy)), "rules.err.attune_prereq_alignment");
  t.run({{"type", "SetAlignment"}, {"target", f}, {"alignment", "ng"}});
  CHECK_NOTHROW(t.run(cmd("AttuneItem", f, holy)));
  const std::string rod = add_item(t, f, {{"name", "Rod of absorption"}, {"attunement", true}, {"requires", {{"spellcaster", true}}}});
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", f, rod)), "rules.err.attune_prereq_spellcaster");
  // Given to the wizard, the staff and the rod work; the dwarf takes his axe.
  t.run({{"type", "GiveMagicItem"}, {"target", f}, {"item", staff}, {"to", w}});
  t.run({{"type", "GiveMagicItem"}, {"target", f}, {"item", rod}, {"to", w}});
  t.run({{"type", "GiveMagicItem"}, {"target", w}, {"item", axe}, {"to", f}});
  CHECK_NOTHROW(t.run(cmd("AttuneItem", w, staff)));
  CHECK_NOTHROW(t.run(cmd("AttuneItem", w, rod)));
  CHECK_NOTHROW(t.run(cmd("AttuneItem", f, axe)));
  REQUIRE_REFUSED(t.run({{"type", "GiveMagicItem"}, {"target", f}, {"item", axe}, {"to", f}}), "rules.err.item_give_self");
}

TEST_CASE("magic items: attunement ends on death, when another creature attunes, for distance, a curse holds", "[rules][magic-items]") {
  RulesTable t(4);
  new_campaign(t);
  const std::string m = t.pc("Mira", 10);
  const std::string o = t.pc("Ostap", 20);
  const std::string amulet = add_item(t, m, {{"name", "Amulet of health"}, {"attunement", true}});
  const std::string cloak = add_item(t, m, {{"name", "Cloak of elvenkind"}, {"attunement", true}});
  t.run(cmd("AttuneItem", m, amulet));
  t.run(cmd("AttuneItem", m, cloak));
  // Mira hands the cloak to Ostap: she stays attuned until he attunes.
  t.run({{"type", "GiveMagicItem"}, {"target", m}, {"item", cloak}, {"to", o}});
  CHECK(rules::attuned_names(t.state(), m) == std::vector<std::string>{"Amulet of health", "Cloak of elvenkind"});
  const auto& other = t.run(cmd("AttuneItem", o, cloak));
  const Event* ended = find_event(other, "item_attunement_ended");
  REQUIRE(ended != nullptr);
  CHECK(ended->data["reason"] == "another");
  CHECK(ended->data["by"] == m);
  CHECK(line(t, *ended, Lang::en) == "Mira's attunement to Cloak of elvenkind ends: another creature attunes to it.");
  CHECK(find_event(other, "item_attuned")->data["previous"] == m);
  CHECK(rules::attuned_names(t.state(), m) == std::vector<std::string>{"Amulet of health"});
  CHECK(rules::attuned_names(t.state(), o) == std::vector<std::string>{"Cloak of elvenkind"});
  // Distance: the DM ends it (24 hours more than 100 feet away).
  const auto& far = t.run(cmd("EndAttunement", o, cloak, {{"reason", "distance"}}));
  CHECK(line(t, *find_event(far, "item_attunement_ended"), Lang::cs) ==
        "Sladění postavy Ostap s předmětem Cloak of elvenkind končí: 24 hodin dál než 100 stop.");
  // Death ends every attunement of the dead.
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 20}});  // 10 HP, 20 damage: instant death
  REQUIRE(t.c(m).death_saves.dead);
  CHECK(rules::attuned_items(t.state(), m).empty());
  REQUIRE_REFUSED(t.run(cmd("AttuneItem", m, amulet)), "campaign.err.dead");
  // A cursed item: attuning works, ending it by choice does not.
  const std::string sword = add_item(t, o, {{"name", "Sword of vengeance"}, {"attunement", true}, {"cursed", true}});
  CHECK(rules::magic_items_view(t.state(), t.c(o)).cursed == std::vector<std::string>{sword});
  t.run(cmd("AttuneItem", o, sword));
  REQUIRE_REFUSED(t.run(cmd("EndAttunement", o, sword)), "rules.err.attune_cursed");
  CHECK_NOTHROW(t.run(cmd("EndAttunement", o, sword, {{"reason", "distance"}})));
}

TEST_CASE("magic items: identifying by the spell or a short rest (a curse hides from the rest)", "[rules][magic-items]") {
  RulesTable t(5);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string ring = add_item(t, m, {{"name", "Ring of warmth"}});
  const std::string sword = add_item(t, m, {{"name", "Berserker axe"}, {"cursed", true}});
  const long long before = t.state().minutes;
  const auto& rest = t.run(cmd("IdentifyItem", m, ring, {{"means", "short_rest"}}));
  CHECK(t.state().minutes == before + 60);
  CHECK(item_of(t, m, ring)->identified);
  CHECK(line(t, *find_event(rest, "item_identified"), Lang::en) == "Mira learns what Ring of warmth is after a short rest spent with it.");
  REQUIRE_REFUSED(t.run(cmd("IdentifyItem", m, ring, {{"means", "identify"}})), "rules.err.item_already_identified");
  const auto& nothing = t.run(cmd("IdentifyItem", m, sword, {{"means", "short_rest"}}));
  CHECK(find_event(nothing, "item_identified")->data["revealed"] == false);
  CHECK_FALSE(item_of(t, m, sword)->identified);
  CHECK(line(t, *find_event(nothing, "item_identified"), Lang::uk) ==
        "Mira проводить короткий відпочинок із предметом Berserker axe і нічого не дізнається.");
  t.run(cmd("IdentifyItem", m, sword, {{"means", "identify"}}));
  CHECK(item_of(t, m, sword)->identified);
  REQUIRE_REFUSED(t.run(cmd("IdentifyItem", m, sword, {{"means", "short_rest"}})), "rules.err.item_already_identified");
  const std::string x = add_item(t, m, {{"name", "X"}});
  REQUIRE_REFUSED(t.run(cmd("IdentifyItem", m, x, {{"means", "lore"}})), "campaign.err.param");
}

TEST_CASE("magic items: charges — spent, the last one refused, the last charge's d20, dawn and long rest", "[rules][magic-items]") {
  RulesTable t(6);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string wand = add_item(t, m, {{"name", "Wand of magic missiles"}, {"kind", "wand"}, {"max_charges", 7}, {"charges", 3},
                                           {"recharge", "1d6+1"}, {"last_charge_d20", true}});
  const auto& two = t.run(cmd("UseItemCharge", m, wand, {{"charges", 2}}));
  CHECK(item_of(t, m, wand)->charges == 1);
  CHECK(line(t, *find_event(two, "item_charges_spent"), Lang::en) == "Mira spends 2 charges of Wand of magic missiles: 1 left.");
  REQUIRE_REFUSED(t.run(cmd("UseItemCharge", m, wand, {{"charges", 2}})), "rules.err.item_not_enough_charges");
  // The last charge: d20 = 2, the wand holds.
  const auto& last = t.run(cmd("UseItemCharge", m, wand, {{"roll", 2}}));
  CHECK(find_event(last, "item_charges_spent")->data["d20"] == 2);
  CHECK(line(t, *find_event(last, "item_charges_spent"), Lang::en) ==
        "Mira spends 1 charge of Wand of magic missiles: 0 left. The last charge: d20 = 2 — the item holds.");
  CHECK(item_of(t, m, wand)->charges == 0);
  REQUIRE_REFUSED(t.run(cmd("UseItemCharge", m, wand)), "rules.err.item_no_charges");
  // Dawn (6:00): 1d6+1 back, rolled with the campaign's RNG and stored in the event.
  const long long to_dawn = 6 * 60 - t.state().minutes % 1440 + (t.state().minutes % 1440 >= 6 * 60 ? 1440 : 0);
  const auto& dawn = t.run({{"type", "AdvanceTime"}, {"minutes", to_dawn}});
  const Event* re = find_event(dawn, "item_recharged");
  REQUIRE(re != nullptr);
  const int rolled = re->data["rolled"].get<int>();
  CHECK(rolled >= 2);
  CHECK(rolled <= 7);
  CHECK(re->data["old"] == 0);
  CHECK(item_of(t, m, wand)->charges == rolled);
  // A minute before the next dawn nothing comes back; a full wand gains nothing.
  const auto& before_dawn = t.run({{"type", "AdvanceTime"}, {"minutes", 1439}});
  CHECK_FALSE(has_event(before_dawn, "item_recharged"));
  // The last charge with a 1 destroys it (and its attunement, if any).
  const std::string staff = add_item(t, m, {{"name", "Staff of fire"}, {"kind", "staff"}, {"max_charges", 10}, {"charges", 1}, {"recharge", "1d6+4"},
                                            {"last_charge_d20", true}, {"attunement", true}});
  t.run(cmd("AttuneItem", m, staff));
  const auto& gone = t.run(cmd("UseItemCharge", m, staff, {{"roll", 1}}));
  CHECK(find_event(gone, "item_attunement_ended")->data["reason"] == "destroyed");
  CHECK(find_event(gone, "magic_item_removed")->data["reason"] == "destroyed");
  CHECK(item_of(t, m, staff) == nullptr);
  CHECK(line(t, *find_event(gone, "item_charges_spent"), Lang::cs).find("rozpadne v prach") != std::string::npos);
  // The engine rolls the d20 when no roll is given.
  const std::string orb = add_item(t, m, {{"name", "Orb"}, {"max_charges", 1}, {"last_charge_d20", true}});
  const auto& rolled_d20 = t.run(cmd("UseItemCharge", m, orb));
  const int d20 = find_event(rolled_d20, "item_charges_spent")->data["d20"].get<int>();
  CHECK(d20 >= 1);
  CHECK(d20 <= 20);
  CHECK(find_event(rolled_d20, "item_charges_spent")->data["rolled"] == true);
  // Recharge after a long rest, "all": every charge.
  const std::string horn = add_item(t, m, {{"name", "Horn"}, {"max_charges", 3}, {"charges", 0}, {"recharge", "all"}, {"recharge_at", "long_rest"}});
  const auto& rest = t.run({{"type", "LongRest"}});
  bool horn_back = false;
  for (const auto& e : rest.events)
    if (e.type == "item_recharged" && e.data["item"] == horn) horn_back = e.data["new"] == 3;
  CHECK(horn_back);
  CHECK(item_of(t, m, horn)->charges == 3);
  const std::string none = add_item(t, m, {{"name", "Bag"}});
  REQUIRE_REFUSED(t.run(cmd("UseItemCharge", m, none)), "rules.err.item_no_charges_kept");
}

TEST_CASE("magic items: consumables are used up, worn slots — two rings, one cloak", "[rules][magic-items]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string potion = add_item(t, m, {{"name", "Potion of heroism"}, {"kind", "potion"}});
  const std::string scroll = add_item(t, m, {{"name", "Spell scroll (fireball)"}, {"kind", "scroll"}});
  const std::string rope = add_item(t, m, {{"name", "Rope of climbing"}});
  const auto& drunk = t.run(cmd("UseConsumable", m, potion));
  CHECK(line(t, *find_event(drunk, "magic_item_removed"), Lang::en) == "Mira used up Potion of heroism.");
  CHECK(item_of(t, m, potion) == nullptr);
  CHECK_NOTHROW(t.run(cmd("UseConsumable", m, scroll)));
  REQUIRE_REFUSED(t.run(cmd("UseConsumable", m, rope)), "rules.err.item_not_consumable");
  std::vector<std::string> rings;
  for (int k = 0; k < 3; ++k) rings.push_back(add_item(t, m, {{"name", "Ring " + std::to_string(k)}, {"kind", "ring"}, {"slot", "ring"}}));
  t.run(cmd("SetItemWorn", m, rings[0], {{"worn", true}}));
  t.run(cmd("SetItemWorn", m, rings[1], {{"worn", true}}));
  try {
    t.run(cmd("SetItemWorn", m, rings[2], {{"worn", true}}));
    FAIL("a third ring");
  } catch (const UserError& e) {
    CHECK(e.key() == "rules.err.item_slot_full");
    CHECK(e.args()["max"] == 2);
    CHECK(e.args()["worn"] == "Ring 0, Ring 1");
  }
  t.run(cmd("SetItemWorn", m, rings[0], {{"worn", false}}));
  CHECK_NOTHROW(t.run(cmd("SetItemWorn", m, rings[2], {{"worn", true}})));
  const std::string c1 = add_item(t, m, {{"name", "Cloak of protection"}, {"slot", "shoulders"}});
  const std::string c2 = add_item(t, m, {{"name", "Cloak of elvenkind"}, {"slot", "shoulders"}});
  t.run(cmd("SetItemWorn", m, c1, {{"worn", true}}));
  REQUIRE_REFUSED(t.run(cmd("SetItemWorn", m, c2, {{"worn", true}})), "rules.err.item_slot_full");
  REQUIRE_REFUSED(t.run(cmd("SetItemWorn", m, c1, {{"worn", true}})), "rules.err.item_already_worn");
  REQUIRE_REFUSED(t.run(cmd("SetItemWorn", m, rope, {{"worn", true}})), "rules.err.item_no_slot");
  CHECK(rules::slot_limit("ring") == 2);
  CHECK(rules::slot_limit("feet") == 1);
}

TEST_CASE("magic items: one of a kind per body slot, pairs work only as a pair", "[rules][magic-items]") {
  RulesTable t(11);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  // Boots, gloves and bracers come as a pair by themselves; a cloak does not.
  const std::string elven = add_item(t, m, {{"name", "Boots of elvenkind"}, {"slot", "feet"}});
  const std::string striding = add_item(t, m, {{"name", "Boots of striding and springing"}, {"slot", "feet"}, {"attunement", true}});
  const std::string cloak = add_item(t, m, {{"name", "Cloak of protection"}, {"slot", "shoulders"}});
  CHECK(item_of(t, m, elven)->paired);
  CHECK_FALSE(item_of(t, m, elven)->half);
  CHECK_FALSE(item_of(t, m, cloak)->paired);
  CHECK_FALSE(add_item(t, m, {{"name", "Sandals"}, {"slot", "feet"}, {"paired", false}}).empty());
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"slot", "shoulders"}, {"half", true}}), "rules.err.item_not_paired");
  // A worn pair fills the feet: the second pair is refused, naming the slot in the reader's words.
  t.run(cmd("SetItemWorn", m, elven, {{"worn", true}}));
  try {
    t.run(cmd("SetItemWorn", m, striding, {{"worn", true}}));
    FAIL("two pairs of boots");
  } catch (const UserError& e) {
    CHECK(e.key() == "rules.err.item_slot_full");
    CHECK(tr(Lang::en, e.key(), e.args()) ==
          "Mira already wears Boots of elvenkind as boots (at most 1): take one off before putting on Boots of striding and springing.");
    CHECK(tr(Lang::cs, e.key(), e.args()).find("jako boty (nejvýš 1)") != std::string::npos);
    CHECK(tr(Lang::uk, e.key(), e.args()).find("як чоботи (щонайбільше 1)") != std::string::npos);
  }
  // One boot of each pair lost: each is half a slot, both fit on the feet — and neither works.
  const auto& lost = t.run(cmd("SetItemPair", m, elven, {{"half", true}}));
  CHECK(line(t, *find_event(lost, "item_pair_changed"), Lang::en) == "Mira has only one of Boots of elvenkind: it works only as a pair.");
  CHECK(line(t, *find_event(lost, "item_pair_changed"), Lang::cs) == "Mira má jen jeden kus z páru Boots of elvenkind: funguje jen v páru.");
  CHECK(line(t, *find_event(lost, "item_pair_changed"), Lang::uk) == "Mira має лише один із пари Boots of elvenkind: предмет діє лише парою.");
  REQUIRE_REFUSED(t.run(cmd("SetItemPair", m, elven, {{"half", true}})), "rules.err.item_pair_already_half");
  t.run(cmd("SetItemPair", m, striding, {{"half", true}}));
  CHECK_NOTHROW(t.run(cmd("SetItemWorn", m, striding, {{"worn", true}})));
  CHECK(item_of(t, m, striding)->worn);
  CHECK(rules::use_refusal(t.c(m), *item_of(t, m, elven))->key == "rules.err.item_half_pair");
  t.run(cmd("AttuneItem", m, striding));
  CHECK(rules::use_refusal(t.c(m), *item_of(t, m, striding))->key == "rules.err.item_half_pair");  // attuned, still half
  // Whole again while the other odd boot is on: the feet cannot hold a pair and a half.
  REQUIRE_REFUSED(t.run(cmd("SetItemPair", m, elven, {{"half", false}})), "rules.err.item_slot_full");
  t.run(cmd("SetItemWorn", m, striding, {{"worn", false}}));
  const auto& whole = t.run(cmd("SetItemPair", m, elven, {{"half", false}}));
  CHECK(line(t, *find_event(whole, "item_pair_changed"), Lang::en) == "Mira has both of Boots of elvenkind again: the pair works.");
  CHECK_FALSE(rules::use_refusal(t.c(m), *item_of(t, m, elven)).has_value());
  REQUIRE_REFUSED(t.run(cmd("SetItemPair", m, cloak, {{"half", true}})), "rules.err.item_not_paired");
  REQUIRE_REFUSED(t.run(cmd("SetItemPair", m, elven)), "campaign.err.param");
  // A half pair spends no charge.
  const std::string gloves = add_item(t, m, {{"name", "Gloves of missile snaring"}, {"slot", "hands"}, {"max_charges", 3}, {"half", true}});
  REQUIRE_REFUSED(t.run(cmd("UseItemCharge", m, gloves)), "rules.err.item_half_pair");
  // A stored half without its pair is a broken save.
  json bad = t.c(m).modules["magic-items"]["items"];
  bad[2]["half"] = true;
  Campaign broken = t.state();
  campaign::creature_ref(broken, m).modules["magic-items"]["items"] = bad;
  REQUIRE_THROWS_AS(Engine::standard().validate(broken), UserError);
  t.session.undo(1);
  CHECK(item_of(t, m, gloves) == nullptr);
}

TEST_CASE("magic items: a command word on the card, activating it is an action in the log", "[rules][magic-items]") {
  RulesTable t(12);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string wand = add_item(t, m, {{"name", "Wand of web"}, {"kind", "wand"}, {"command_word", "Arachne"}, {"max_charges", 7},
                                           {"attunement", true}, {"identified", true}});
  CHECK(item_of(t, m, wand)->command_word == "Arachne");
  // Not attuned: it gives nothing magical.
  REQUIRE_REFUSED(t.run(cmd("ActivateItem", m, wand)), "rules.err.item_use_unattuned");
  REQUIRE_REFUSED(t.run(cmd("UseItemCharge", m, wand)), "rules.err.item_use_unattuned");
  t.run(cmd("AttuneItem", m, wand));
  const auto& said = t.run(cmd("ActivateItem", m, wand, {{"charges", 2}}));
  const Event* a = find_event(said, "item_activated");
  REQUIRE(a != nullptr);
  CHECK(a->data["word"] == "Arachne");
  CHECK(line(t, *a, Lang::en) == "Mira speaks the command word «Arachne» and activates Wand of web (an action).");
  CHECK(line(t, *a, Lang::cs) == "Mira vyslovuje povelové slovo „Arachne“ a aktivuje Wand of web (akce).");
  CHECK(line(t, *a, Lang::uk) == "Mira вимовляє командне слово «Arachne» і задіює Wand of web (дія).");
  CHECK(find_event(said, "item_charges_spent")->data["left"] == 5);
  CHECK(item_of(t, m, wand)->charges == 5);
  REQUIRE_REFUSED(t.run(cmd("ActivateItem", m, wand, {{"charges", 6}})), "rules.err.item_not_enough_charges");
  // Without a word, without charges: the activation alone.
  const std::string horn = add_item(t, m, {{"name", "Horn of blasting"}});
  const auto& blown = t.run(cmd("ActivateItem", m, horn));
  CHECK(line(t, *find_event(blown, "item_activated"), Lang::en) == "Mira activates Horn of blasting (an action).");
  CHECK_FALSE(has_event(blown, "item_charges_spent"));
  REQUIRE_REFUSED(t.run(cmd("ActivateItem", m, horn, {{"charges", 1}})), "rules.err.item_no_charges_kept");
  const std::string potion = add_item(t, m, {{"name", "Potion of flying"}, {"kind", "potion"}});
  REQUIRE_REFUSED(t.run(cmd("ActivateItem", m, potion)), "rules.err.item_activate_consumable");
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "X"}, {"command_word", std::string(61, 'a')}}), "state.err.too_long");
}

TEST_CASE("magic items: casting a spell from an item — level, DC (item's or wielder's), charges, the last charge", "[rules][magic-items]") {
  RulesTable t(13);
  new_campaign(t);
  const std::string w = t.pc("Olena", 20, {{"level", 5}, {"abilities", {{"int", 16}}}});
  const std::string f = t.pc("Bořek", 40);
  t.run({{"type", "SetClass"}, {"target", w}, {"class", "wizard"}});
  t.run({{"type", "SetClass"}, {"target", f}, {"class", "fighter"}});
  CHECK(rules::spell_save_dc(t.c(w)) == 14);  // 8 + 3 (level 5) + 3 (INT 16)
  CHECK_FALSE(rules::spell_save_dc(t.c(f)).has_value());
  const std::string wand = add_item(t, w, {{"name", "Wand of fireballs"}, {"kind", "wand"}, {"max_charges", 7}, {"recharge", "1d6+1"},
                                           {"last_charge_d20", true}, {"spells", {{{"name", "fireball"}, {"level", 3}, {"cost", 1}, {"upcast", 1}}}},
                                           {"spell_dc", 15}});
  // At level 5: 1 charge + 2 for the two levels above; the app rolls nothing for the spell.
  const auto& cast = t.run(cmd("CastFromItem", w, wand, {{"spell", 0}, {"level", 5}}));
  const Event* e = find_event(cast, "item_spell_cast");
  REQUIRE(e != nullptr);
  CHECK(e->data["level"] == 5);
  CHECK(e->data["cost"] == 3);
  CHECK(e->data["dc"] == 15);
  CHECK(e->data["dc_from"] == "item");
  CHECK(item_of(t, w, wand)->charges == 4);
  CHECK(line(t, *e, Lang::en) == "Olena casts fireball (level 5) from Wand of fireballs. Save DC 15 (the item's).");
  CHECK(line(t, *e, Lang::cs) == "Olena sesílá z předmětu Wand of fireballs kouzlo fireball (5. úroveň). SO záchranného hodu 15 (předmětu).");
  CHECK(line(t, *e, Lang::uk) == "Olena накладає з предмета Wand of fireballs заклинання fireball (5-й рівень). СК рятівного кидка 15 (предмета).");
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, wand, {{"spell", 0}, {"level", 9}})), "rules.err.item_not_enough_charges");
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, wand, {{"spell", 0}, {"level", 2}})), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, wand, {{"spell", "lightning bolt"}})), "rules.err.item_no_such_spell");
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, wand, {{"spell", 1}})), "rules.err.item_no_such_spell");
  // By name, case-insensitively, at its own level: one charge.
  t.run(cmd("CastFromItem", w, wand, {{"spell", "Fireball"}}));
  CHECK(item_of(t, w, wand)->charges == 3);
  // The wielder's DC: the wizard's 14; a fighter has none and is refused.
  const std::string staff = add_item(t, w, {{"name", "Staff of fire"}, {"kind", "staff"}, {"max_charges", 10}, {"spell_dc", "wielder"},
                                            {"spells", {{{"name", "burning hands"}, {"level", 1}, {"cost", 1}, {"upcast", 1}},
                                                        {{"name", "wall of fire"}, {"level", 4}, {"cost", 4}}}}});
  const auto& wall = t.run(cmd("CastFromItem", w, staff, {{"spell", 1}}));
  CHECK(find_event(wall, "item_spell_cast")->data["dc"] == 14);
  CHECK(find_event(wall, "item_spell_cast")->data["dc_from"] == "wielder");
  CHECK(line(t, *find_event(wall, "item_spell_cast"), Lang::en).find("Save DC 14 (the wielder's).") != std::string::npos);
  CHECK(item_of(t, w, staff)->charges == 6);
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, staff, {{"spell", 1}, {"level", 5}})), "rules.err.item_spell_no_upcast");
  t.run({{"type", "GiveMagicItem"}, {"target", w}, {"item", staff}, {"to", f}});
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", f, staff, {{"spell", 0}})), "rules.err.item_spell_no_dc");
  // A cantrip for no charge and no save: nothing spent, no DC in the line.
  const std::string ring = add_item(t, f, {{"name", "Ring of light"}, {"spells", {{{"name", "light"}, {"level", 0}, {"cost", 0}}}}});
  const auto& light = t.run(cmd("CastFromItem", f, ring, {{"spell", 0}}));
  CHECK(line(t, *find_event(light, "item_spell_cast"), Lang::en) == "Bořek casts the cantrip light from Ring of light.");
  CHECK_FALSE(has_event(light, "item_charges_spent"));
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", f, ring, {{"spell", 0}, {"level", 1}})), "rules.err.item_spell_no_upcast");
  // The last charge: the d20 rolls 1 and the wand crumbles.
  t.run(cmd("UseItemCharge", w, wand, {{"charges", 2}}));
  const auto& last = t.run(cmd("CastFromItem", w, wand, {{"spell", 0}, {"roll", 1}}));
  CHECK(find_event(last, "item_charges_spent")->data["d20"] == 1);
  CHECK(find_event(last, "magic_item_removed")->data["reason"] == "destroyed");
  CHECK(item_of(t, w, wand) == nullptr);
  // Bad spell lists are refused.
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", w}, {"name", "X"}, {"spells", {{{"name", "x"}, {"level", 10}, {"cost", 1}}}}}),
                  "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", w}, {"name", "X"}, {"spell_dc", 13}}), "rules.err.item_dc_needs_spells");
  const std::string bare = add_item(t, w, {{"name", "Bag"}});
  REQUIRE_REFUSED(t.run(cmd("CastFromItem", w, bare, {{"spell", 0}})), "rules.err.item_no_spells");
}

TEST_CASE("magic items: the short rest offers attuning, ending and studying — one item each, one rest", "[rules][magic-items]") {
  RulesTable t(14);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30);
  const std::string o = t.pc("Ostap", 20);
  auto att = [&](const std::string& who, const char* name, json more = json::object()) {
    more["name"] = name;
    more["attunement"] = true;
    more["identified"] = true;
    return add_item(t, who, more);
  };
  const std::string cloak = att(m, "Cloak"), ring = att(m, "Ring"), boots = att(m, "Boots"), belt = att(m, "Belt");
  const std::string orb = add_item(t, m, {{"name", "Orb"}});
  const std::string axe = att(o, "Axe", {{"cursed", true}});
  const std::string gem = add_item(t, o, {{"name", "Gem"}, {"cursed", true}});
  for (const auto& i : {cloak, ring, boots}) t.run(cmd("AttuneItem", m, i));
  t.run(cmd("AttuneItem", o, axe));
  // Mira's offer: end any of the three, study the orb, attune to the belt — refused, the slots are full.
  auto offers = rules::short_rest_offers(t.state(), t.c(m));
  auto find = [&](const std::string& action, const std::string& item) -> const rules::RestOffer* {
    for (const auto& x : offers)
      if (x.action == action && x.item == item) return &x;
    return nullptr;
  };
  REQUIRE(find("attune", belt) != nullptr);
  REQUIRE(find("attune", belt)->refusal.has_value());
  CHECK(find("attune", belt)->refusal->key == "rules.err.attune_full");
  REQUIRE(find("end", ring) != nullptr);
  CHECK_FALSE(find("end", ring)->refusal.has_value());
  REQUIRE(find("identify", orb) != nullptr);
  CHECK(find("attune", cloak) == nullptr);
  CHECK(offers.size() == 5);  // attune belt, study orb, end cloak / ring / boots
  offers = rules::short_rest_offers(t.state(), t.c(o));
  REQUIRE(find("end", axe) != nullptr);
  CHECK(find("end", axe)->refusal->key == "rules.err.attune_cursed");
  // A fourth attunement in the rest is refused as AttuneItem refuses it; nothing happens, not even the rest.
  const long long before = t.state().minutes;
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", belt}, {"action", "attune"}}}}}), "rules.err.attune_full");
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"items", {{{"target", o}, {"item", axe}, {"action", "end"}}}}}), "rules.err.attune_cursed");
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", ring}, {"action", "end"}}, {{"target", m}, {"item", orb}, {"action", "identify"}}}}}),
                  "rules.err.rest_item_one");
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"targets", {o}}, {"items", {{{"target", m}, {"item", ring}, {"action", "end"}}}}}),
                  "rules.err.rest_item_not_resting");
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", axe}, {"action", "attune"}}}}}), "rules.err.rest_item_unknown");
  CHECK(t.state().minutes == before);
  // With the rule off the rest's items would do nothing: refused, and the rest without them still works.
  t.run({{"type", "SetSettings"}, {"rules", {{"magic-items", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", ring}, {"action", "end"}}}}}),
                  "campaign.err.param_rule_off");
  CHECK(t.state().minutes == before);
  t.session.undo(1);
  CHECK(t.state().minutes == before);
  // The party's one short rest: Mira ends the ring, Ostap studies the cursed gem (learns nothing). One hour passes.
  const auto& rest = t.run({{"type", "ShortRest"},
                            {"items", {{{"target", m}, {"item", ring}, {"action", "end"}}, {{"target", o}, {"item", gem}, {"action", "identify"}}}}});
  CHECK(t.state().minutes == before + 60);
  CHECK(count_events(rest, "rest_finished") == 1);
  CHECK(find_event(rest, "item_attunement_ended")->data["reason"] == "ended");
  CHECK(find_event(rest, "item_identified")->data["revealed"] == false);
  CHECK(rules::attuned_names(t.state(), m) == std::vector<std::string>{"Cloak", "Boots"});
  // The next rest: the belt attunes now, the orb is studied — the order of the log: the rest, then the items.
  const auto& next = t.run({{"type", "ShortRest"}, {"spend", json::array()},
                            {"items", {{{"target", m}, {"item", belt}, {"action", "attune"}}}}});
  CHECK(t.state().minutes == before + 120);
  CHECK(line(t, *find_event(next, "item_attuned"), Lang::en) == "Mira attunes to Belt (3 of 3).");
  size_t rest_at = 0, attuned_at = 0;
  for (size_t i = 0; i < next.events.size(); ++i) {
    if (next.events[i].type == "rest_finished") rest_at = i;
    if (next.events[i].type == "item_attuned") attuned_at = i;
  }
  CHECK(rest_at < attuned_at);
  t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", orb}, {"action", "identify"}}}}});
  CHECK(item_of(t, m, orb)->identified);
  CHECK(t.state().minutes == before + 180);
  // Undo takes the whole rest back with its items.
  t.session.undo(1);
  CHECK_FALSE(item_of(t, m, orb)->identified);
  CHECK(t.state().minutes == before + 120);
  // Ending an attunement to an item another creature holds: the offer names the holder.
  t.run({{"type", "GiveMagicItem"}, {"target", m}, {"item", cloak}, {"to", o}});
  offers = rules::short_rest_offers(t.state(), t.c(m));
  REQUIRE(find("end", cloak) != nullptr);
  CHECK(find("end", cloak)->holder == o);
  t.run({{"type", "ShortRest"}, {"items", {{{"target", m}, {"item", cloak}, {"action", "end"}}}}});
  CHECK(rules::attuned_names(t.state(), m) == std::vector<std::string>{"Boots", "Belt"});
}

TEST_CASE("magic items: a cursed flag is a DM secret, the items are not", "[rules][magic-items]") {
  const Engine& e = Engine::standard();
  const auto* m = e.module(rules::kMagicItems);
  REQUIRE(m != nullptr);
  CHECK(m->default_on);
  REQUIRE(m->creature_data.size() == 2);
  CHECK_FALSE(m->creature_data[0].secret);  // items
  CHECK(m->creature_data[1].secret);        // cursed
}

TEST_CASE("cli: sentient-dominate, alien-tech and sell", "[cli][calc][magic-items]") {
  CHECK(cli_json("rule sentient-dominate --item-cha-mod 3") == json{{"dc", 15}});
  CHECK(cli_json("rule sentient-dominate --item-cha-mod -1") == json{{"dc", 11}});
  CHECK(cli_json("rule sentient-dominate --item-cha-mod 0") == json{{"dc", 12}});
  CHECK(cli_json("rule alien-tech --complexity simple") == json{{"successes_needed", 2}, {"breaks_after_failures", 4}});
  CHECK(cli_json("rule alien-tech --complexity complex") == json{{"successes_needed", 4}, {"breaks_after_failures", 4}});
  CHECK(cli_json("rule sell --category weapon --price 15") == json{{"gold", 7.5}});
  CHECK(cli_json("rule sell --category armor --price 1500") == json{{"gold", 750}});
  CHECK(cli_json("rule sell --category gear --price 1") == json{{"gold", 0.5}});
  CHECK(cli_json("rule sell --category gem --price 100") == json{{"gold", 100}});
  CHECK(cli_json("rule sell --category art --price 250") == json{{"gold", 250}});
  CHECK(cli_json("rule sell --category trade-good --price 5") == json{{"gold", 5}});
  CHECK(cli_json("rule sell --category jewelry --price 0") == json{{"gold", 0}});
  CHECK(calc::sell_gold("weapon", 25) == 12.5);
  CHECK(calc::sentient_dominate_dc(4) == 16);
  auto bad = cli("--lang cs rule sell --category sword --price 10", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("musí být jedno z") != std::string::npos);
  CHECK(bad.out.find("trade-good") != std::string::npos);
  auto neg = cli("--lang uk rule sell --category gem --price -5", Output::err);
  CHECK(neg.code == 2);
  CHECK(cli("rule alien-tech --complexity medium").code == 2);
  CHECK(cli("rule sentient-dominate").code == 2);
  CHECK(cli("rule sentient-dominate --item-cha-mod 11").code == 2);
}

// tests/fixtures/save-v5.json was written by the schema-5 app (804b4bf, before the magic-items rule) from
// tests/fixtures/save-v5.script.json: Mira (c1: cloak, ring), Ostap (c2: wand) and a goblin (c3: none) in the
// snapshot; in the tail Zora added with an amulet, Mira's list replaced (three), Ostap's emptied, damage; Zora's
// list replaced (two) to redo.
TEST_CASE("migrate: old saves with the plain attunement list load into magic items", "[save][migrate][magic-items]") {
  const json raw = json::parse(fixture("save-v5.json"));
  REQUIRE(raw["schemaVersion"] == 5);
  Session s = io::load(fixture("save-v5.json"), Engine::standard());
  const Campaign& c = s.state();
  REQUIRE(s.tail().size() == 4);
  REQUIRE(s.redo_stack().size() == 1);
  CHECK(rules::attuned_names(c, "c1") == std::vector<std::string>{"Plášť ochrany", "Prsten ochrany", "Boty rychlosti"});
  CHECK(rules::attuned_names(c, "c2").empty());
  CHECK(rules::attuned_names(c, "c3").empty());
  CHECK(rules::attuned_names(c, "c4") == std::vector<std::string>{"Amulet zdraví"});
  const auto mira = rules::magic_items_of(*find_creature(c, "c1"));
  REQUIRE(mira.size() == 3);
  CHECK(mira[0].id == "c1-a1");
  CHECK(mira[2].id == "c1-a3");
  CHECK(mira[0].attunement);
  CHECK(mira[0].identified);
  CHECK(mira[0].attuned_by == "c1");
  CHECK_FALSE(to_j(c)["creatures"][0].contains("attunement"));
  // The migrated items work like any: a fourth attunement is refused, ending one frees a slot.
  SECTION("the new rules apply to them") {
    RulesTable t(8);
    (void)t;
    const Creature& x = *find_creature(c, "c1");
    rules::MagicItem extra;
    extra.name = "Belt";
    extra.attunement = true;
    REQUIRE(rules::attune_refusal(c, x, extra).has_value());
    CHECK(rules::attune_refusal(c, x, extra)->key == "rules.err.attune_full");
  }
  SECTION("undo replays the old history back to the snapshot, redo brings Zora's belt") {
    const json now = to_j(c);
    s.undo(4);
    CHECK(rules::attuned_names(s.state(), "c1") == std::vector<std::string>{"Plášť ochrany", "Prsten ochrany"});
    CHECK(rules::attuned_names(s.state(), "c2") == std::vector<std::string>{"Hůlka kouzelných střel"});
    CHECK(find_creature(s.state(), "c4") == nullptr);
    s.redo(4);
    REQUIRE(to_j(s.state()) == now);
    s.redo(1);
    CHECK(rules::attuned_names(s.state(), "c4") == std::vector<std::string>{"Amulet zdraví", "Pás obří síly"});
  }
  SECTION("it round-trips in today's schema") {
    CHECK(io::save_json(s)["schemaVersion"] == io::kSchemaVersion);
    Session again = io::load(io::save(s), Engine::standard());
    REQUIRE(to_j(again.state()) == to_j(s.state()));
  }
  SECTION("a shape the step cannot read is refused with the path") {
    json broken = raw;
    broken["snapshot"]["creatures"][0]["attunement"] = "cloak";
    try {
      io::migrate_v5_to_v6(broken);
      FAIL("accepted");
    } catch (const UserError& e) {
      REQUIRE(e.key() == "save.err.migrate");
      REQUIRE(e.args()["path"] == "snapshot.creatures[0].attunement");
    }
  }
}

TEST_CASE("sentient items: the generator (4d6 drop lowest, the four tables) and the domination save", "[rules][magic-items]") {
  RulesTable t(9);
  new_campaign(t);
  const std::string m = t.pc("Mira", 30, {{"abilities", {{"cha", 12}}}});
  const std::string sword = add_item(t, m, {{"name", "Blackrazor"}, {"kind", "weapon"}, {"rarity", "legendary"}, {"attunement", true}});
  const auto& made = t.run(cmd("MakeItemSentient", m, sword));
  const Event* e = find_event(made, "item_sentience");
  REQUIRE(e != nullptr);
  CHECK(e->data["rolled"] == json{"int", "wis", "cha", "communication", "senses", "alignment", "purpose"});
  const auto s = item_of(t, m, sword)->sentient;
  REQUIRE(s.has_value());
  for (int score : {s->int_, s->wis, s->cha}) {
    CHECK(score >= 3);
    CHECK(score <= 18);
  }
  CHECK(s->communication >= 1);
  CHECK(s->communication <= 100);
  CHECK(s->senses >= 1);
  CHECK(s->senses <= 4);
  CHECK(s->purpose >= 1);
  CHECK(s->purpose <= 10);
  CHECK(s->alignment == rules::sentient_alignment_id(s->alignment_roll));
  REQUIRE_REFUSED(t.run(cmd("MakeItemSentient", m, sword)), "rules.err.item_already_sentient");
  // The alignment table's edges.
  CHECK(std::string(rules::sentient_alignment_id(1)) == "lg");
  CHECK(std::string(rules::sentient_alignment_id(15)) == "lg");
  CHECK(std::string(rules::sentient_alignment_id(16)) == "ng");
  CHECK(std::string(rules::sentient_alignment_id(73)) == "n");
  CHECK(std::string(rules::sentient_alignment_id(89)) == "le");
  CHECK(std::string(rules::sentient_alignment_id(97)) == "ce");
  // The DM's values: CHA 16 (+3) → DC 15; the log line shows the table rows.
  const std::string axe = add_item(t, m, {{"name", "Axe"}, {"kind", "weapon"}});
  const auto& chosen = t.run(cmd("MakeItemSentient", m, axe,
                                 {{"int", 14}, {"wis", 10}, {"cha", 16}, {"communication", 95}, {"senses", 4}, {"alignment", 90}, {"purpose", 6}}));
  CHECK(find_event(chosen, "item_sentience")->data["rolled"] == json::array());
  CHECK(line(t, *find_event(chosen, "item_sentience"), Lang::en) ==
        "Axe of Mira is sentient: INT 14, WIS 10, CHA 16; Neutral evil; Destroyer: it craves destruction and urges its wielder into needless fights.");
  CHECK(item_of(t, m, axe)->sentient->alignment == "ne");
  // Domination: 14 vs DC 15 fails → charmed for the d12's hours (here given: 5).
  const auto& lost = t.run(cmd("SentientDominate", m, axe, {{"roll", 14}, {"hours", 5}}));
  const Event* d = find_event(lost, "sentient_domination");
  CHECK(d->data["dc"] == 15);
  CHECK(d->data["success"] == false);
  CHECK(line(t, *d, Lang::en) == "Axe takes control of Mira: CHA save 14 vs DC 15 — charmed for 5 h.");
  CHECK(line(t, *d, Lang::uk) == "Axe підкорює Mira: рятівний кидок Харизми 14 проти СК 15 — зачарування на 5 год.");
  const Condition* charmed = condition_of(t.c(m), "charmed", "item:" + axe);
  REQUIRE(charmed != nullptr);
  CHECK(charmed->until.kind == "minutes");
  CHECK(charmed->until.minutes == 300);
  // 15 vs DC 15 resists.
  const auto& held = t.run(cmd("SentientDominate", m, axe, {{"roll", 15}}));
  CHECK(find_event(held, "sentient_domination")->data["success"] == true);
  CHECK_FALSE(find_event(held, "sentient_domination")->data.contains("hours"));
  // Rolled: d20 + the CHA save bonus (+1), the hours 1..12.
  const std::string orb = add_item(t, m, {{"name", "Orb"}});
  t.run(cmd("MakeItemSentient", m, orb, {{"cha", 30}}));  // +10: DC 22, a d20 + 1 cannot reach it
  const auto& rolled = t.run(cmd("SentientDominate", m, orb));
  const Event* r = find_event(rolled, "sentient_domination");
  CHECK(r->data["dc"] == 22);
  CHECK(r->data["total"] == r->data["roll"].get<int>() + 1);
  CHECK(r->data["hours"].get<int>() >= 1);
  CHECK(r->data["hours"].get<int>() <= 12);
  const std::string potion = add_item(t, m, {{"name", "Potion"}, {"kind", "potion"}});
  REQUIRE_REFUSED(t.run(cmd("MakeItemSentient", m, potion)), "rules.err.item_sentient_consumable");
  REQUIRE_REFUSED(t.run(cmd("SentientDominate", m, potion)), "rules.err.item_not_sentient");
  REQUIRE_REFUSED(t.run(cmd("MakeItemSentient", m, orb, {{"senses", 5}})), "rules.err.item_already_sentient");
  const std::string ring = add_item(t, m, {{"name", "Ring"}});
  REQUIRE_REFUSED(t.run(cmd("MakeItemSentient", m, ring, {{"senses", 5}})), "campaign.err.param_range");
}

TEST_CASE("cli run: a script gives, attunes, refuses a fourth, spends the last charge", "[cli][magic-items]") {
  const std::string path = druzina::test::temp_file("magic-items-cli.json");
  std::ofstream(path, std::ios::binary) << R"({"commands": [
    {"type": "CreateCampaign", "name": "T", "language": "en"},
    {"type": "AddCreature", "name": "Mira", "kind": "pc", "hp": 30},
    {"type": "AddMagicItem", "target": "c1", "name": "Cloak of protection", "attunement": true, "identified": true},
    {"type": "AttuneItem", "target": "c1", "item": "i2", "short_rest": true},
    {"type": "AddMagicItem", "target": "c1", "name": "Wand of magic missiles", "kind": "wand", "max_charges": 1,
     "recharge": "1d6+1", "last_charge_d20": true},
    {"type": "UseItemCharge", "target": "c1", "item": "i3", "roll": 1}]})";
  auto r = cli("run '" + path + "' --seed 3");
  CHECK(r.code == 0);
  CHECK(r.out.find("Mira has a magic item: Cloak of protection.") != std::string::npos);
  CHECK(r.out.find("Mira attunes to Cloak of protection (1 of 3).") != std::string::npos);
  CHECK(r.out.find("Mira spends 1 charge of Wand of magic missiles: 0 left. The last charge: d20 = 1 — the item crumbles to dust.") !=
        std::string::npos);
  CHECK(r.out.find("Wand of magic missiles of Mira is destroyed.") != std::string::npos);
}

TEST_CASE("druzina run: the magic-items script (the rest's offer, a pair, a command word, a staff's spells) in en, cs, uk",
          "[cli][magic-items]") {
  const std::string script = std::string(" run '") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/dm-rules-magic-items.json' --seed 7";
  CliRun en = cli("--lang en" + script);
  REQUIRE(en.code == 0);
  for (const char* line : {"#15 The short rest is over.\n#15 Olena ends the attunement to Ring of protection.\n"
                           "#15 Bořek learns what Orb of direction is after a short rest spent with it.\n#16 Time passes: 1 hour; now day 1, 02:00.",
                           "#16 Olena attunes to Staff of fire (3 of 3).",
                           "#18 Bořek has only one of Boots of elvenkind: it works only as a pair.",
                           "#20 Bořek speaks the command word «Arachne» and activates Wand of web (an action).\n"
                           "#20 Bořek spends 1 charge of Wand of web: 6 left.",
                           "#21 Olena casts fireball (level 4) from Staff of fire. Save DC 14 (the wielder's).\n"
                           "#21 Olena spends 4 charges of Staff of fire: 6 left.",
                           "#24 Olena spends 1 charge of Staff of fire: 0 left. The last charge: d20 = 1 — the item crumbles to dust.",
                           "#24 Staff of fire of Olena is destroyed.", "#25 Wand of web of Bořek regains charges (1d6+1): 6 → 7."}) {
    CAPTURE(line);
    CHECK(en.out.find(line) != std::string::npos);
  }
  CliRun cs = cli("--lang cs" + script);
  CHECK(cs.out.find("#21 Olena sesílá z předmětu Staff of fire kouzlo fireball (4. úroveň). SO záchranného hodu 14 (uživatele).") !=
        std::string::npos);
  CHECK(cs.out.find("#20 Bořek vyslovuje povelové slovo „Arachne“ a aktivuje Wand of web (akce).") != std::string::npos);
  CliRun uk = cli("--lang uk" + script);
  CHECK(uk.out.find("#21 Olena накладає з предмета Staff of fire заклинання fireball (4-й рівень). СК рятівного кидка 14 (власника).") !=
        std::string::npos);
  CHECK(uk.out.find("#18 Bořek має лише один із пари Boots of elvenkind: предмет діє лише парою.") != std::string::npos);
}
