// Rule "spell-slots" (src/core/rules/spell_slots/): a caster's slots by class and level, the multiclass table, pact
// slots, spell DC and attack, spending and rests, Arcane Recovery, refusals, the calculators and old saves.
#include <fstream>
#include <sstream>

#include "../support/cli.hpp"
#include "core/io/save.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

using Nine = std::array<int, 9>;

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(line) != std::string::npos; });
}

Nine slots(const std::string& cls, int level) { return calc::spell_slots({{cls, level}}).slots; }

std::string caster(RulesTable& t, const std::string& name, const std::string& cls, int level, json abilities = json::object()) {
  json more = {{"level", level}, {"class", cls}};
  if (!abilities.empty()) more["abilities"] = abilities;
  return t.pc(name, 30, more);
}

}  // namespace

TEST_CASE("spell-slots: every class's slots at levels 1, 5, 11 and 20", "[rules][spell-slots]") {
  for (const char* full : {"bard", "cleric", "druid", "sorcerer", "wizard"}) {
    INFO(full);
    CHECK(slots(full, 1) == Nine{2, 0, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(full, 5) == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});
    CHECK(slots(full, 11) == Nine{4, 3, 3, 3, 2, 1, 0, 0, 0});
    CHECK(slots(full, 20) == Nine{4, 3, 3, 3, 3, 2, 2, 1, 1});
  }
  for (const char* half : {"paladin", "ranger"}) {
    INFO(half);
    CHECK(slots(half, 1) == Nine{});
    CHECK(slots(half, 2) == Nine{2, 0, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(half, 5) == Nine{4, 2, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(half, 11) == Nine{4, 3, 3, 0, 0, 0, 0, 0, 0});
    CHECK(slots(half, 20) == Nine{4, 3, 3, 3, 2, 0, 0, 0, 0});
  }
  for (const char* third : {"eldritch-knight", "arcane-trickster"}) {
    INFO(third);
    CHECK(slots(third, 1) == Nine{});
    CHECK(slots(third, 3) == Nine{2, 0, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(third, 5) == Nine{3, 0, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(third, 11) == Nine{4, 3, 0, 0, 0, 0, 0, 0, 0});
    CHECK(slots(third, 20) == Nine{4, 3, 3, 1, 0, 0, 0, 0, 0});
  }
  for (const char* none : {"barbarian", "fighter", "monk", "rogue"}) {
    INFO(none);
    for (int lv : {1, 5, 11, 20}) CHECK(slots(none, lv) == Nine{});
  }
  // the warlock: no ordinary slots, pact slots of one level
  const std::pair<int, std::pair<int, int>> pact[] = {{1, {1, 1}}, {5, {2, 3}}, {11, {3, 5}}, {20, {4, 5}}};
  for (const auto& [lv, want] : pact) {
    INFO("warlock " << lv);
    const calc::Slots s = calc::spell_slots({{"warlock", lv}});
    CHECK(s.slots == Nine{});
    CHECK(s.pact_slots == want.first);
    CHECK(s.pact_level == want.second);
  }
}

TEST_CASE("spell-slots: the multiclass spellcaster table", "[rules][spell-slots]") {
  using calc::spell_slots;
  CHECK(spell_slots({{"wizard", 3}, {"cleric", 2}}).slots == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});   // caster level 5
  CHECK(spell_slots({{"paladin", 5}, {"sorcerer", 3}}).slots == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});  // 2 + 3
  CHECK(spell_slots({{"ranger", 3}, {"paladin", 3}}).slots == Nine{4, 2, 0, 0, 0, 0, 0, 0, 0});  // (3 + 3) / 2
  CHECK(spell_slots({{"eldritch-knight", 7}, {"wizard", 1}}).slots == Nine{4, 2, 0, 0, 0, 0, 0, 0, 0});  // 2 + 1
  CHECK(spell_slots({{"fighter", 10}, {"wizard", 1}}).slots == Nine{2, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(spell_slots({{"bard", 10}, {"cleric", 10}}).slots == Nine{4, 3, 3, 3, 3, 2, 2, 1, 1});
  const calc::Slots w = spell_slots({{"warlock", 5}, {"wizard", 3}});
  CHECK(w.slots == Nine{4, 2, 0, 0, 0, 0, 0, 0, 0});
  CHECK(w.pact_slots == 2);
  CHECK(w.pact_level == 3);
  CHECK(calc::parse_class_levels("wizard:3,cleric:2").size() == 2);
  for (const char* bad : {"", "wizard", "wizard:0", "wizard:21", ":3", "wizard:3,", "wizard:x"}) {
    INFO(bad);
    REQUIRE_THROWS_AS(calc::parse_class_levels(bad), UserError);
  }
}

TEST_CASE("spell-slots: spell save DC and attack bonus - the sheet's view", "[rules][spell-slots]") {
  CHECK(calc::spell_dc(16, 5).dc == 14);
  CHECK(calc::spell_dc(16, 5).attack == 6);
  CHECK(calc::spell_dc(20, 17).dc == 19);
  CHECK(calc::spell_dc(8, 1).attack == 1);
  RulesTable t;
  new_campaign(t);
  const std::string w = caster(t, "Elara", "wizard", 5, {{"int", 16}});
  const rules::SlotsView v = rules::slots_view(t.state(), t.c(w));
  CHECK(v.caster);
  CHECK(v.ability == "int");
  CHECK(v.dc == 14);
  CHECK(v.attack == 6);
  CHECK(v.max == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});
  CHECK(v.left == v.max);
  CHECK(v.cantrips == 4);
  CHECK(v.prepared == 3 + 5);
  CHECK(v.recovery_levels == 3);
  CHECK(v.highest() == 3);
  const std::string k = caster(t, "Oleh", "warlock", 5, {{"cha", 18}});
  const rules::SlotsView kv = rules::slots_view(t.state(), t.c(k));
  CHECK(kv.pact_max == 2);
  CHECK(kv.pact_level == 3);
  CHECK(kv.known == 6);
  CHECK(kv.dc == 15);
  const std::string f = caster(t, "Bors", "fighter", 5);
  CHECK_FALSE(rules::slots_view(t.state(), t.c(f)).caster);
  // a fighter Eldritch Knight casts as a third caster, by INT
  t.run({{"type", "SetClass"}, {"target", f}, {"class", "fighter"}, {"subclass", "Eldritch Knight"}});
  CHECK(rules::slots_view(t.state(), t.c(f)).max == Nine{3, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(rules::slots_view(t.state(), t.c(f)).ability == "int");
  // several classes: the multiclass table
  t.run({{"type", "SetSpellcasting"}, {"target", w}, {"classes", "wizard:3,cleric:2"}});
  CHECK(rules::slots_view(t.state(), t.c(w)).max == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});
  t.run({{"type", "SetSpellcasting"}, {"target", w}, {"classes", "wizard:3,warlock:2"}});
  CHECK(rules::slots_view(t.state(), t.c(w)).max == Nine{4, 2, 0, 0, 0, 0, 0, 0, 0});
  CHECK(rules::slots_view(t.state(), t.c(w)).pact_max == 2);
  t.run({{"type", "SetSpellcasting"}, {"target", w}, {"classes", ""}});
  CHECK(rules::slots_view(t.state(), t.c(w)).max == Nine{4, 3, 2, 0, 0, 0, 0, 0, 0});
  REQUIRE_REFUSED(t.run({{"type", "SetSpellcasting"}, {"target", w}, {"classes", "wizard:30"}}), "calc.err.classes");
}

TEST_CASE("spell-slots: spending, refusals, rests restore them, undo", "[rules][spell-slots]") {
  RulesTable t;
  new_campaign(t);
  const std::string w = caster(t, "Elara", "wizard", 3, {{"int", 16}});
  const std::string k = caster(t, "Oleh", "warlock", 5, {{"cha", 16}});
  for (int i = 0; i < 2; ++i) t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 2}});
  CHECK(rules::slots_view(t.state(), t.c(w)).left == Nine{4, 0, 0, 0, 0, 0, 0, 0, 0});
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 2}}), "rules.err.spell_no_slot_left");
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 3}}), "rules.err.spell_level_unavailable");
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 10}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", k}, {"level", 1}}), "rules.err.spell_level_unavailable");
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", k}, {"level", 2}, {"pact", true}}), "rules.err.spell_level_unavailable");
  t.run({{"type", "SpendSpellSlot"}, {"target", k}, {"level", 3}, {"pact", true}});
  t.run({{"type", "SpendSpellSlot"}, {"target", k}, {"level", 3}, {"pact", true}});
  REQUIRE_REFUSED(t.run({{"type", "SpendSpellSlot"}, {"target", k}, {"level", 3}, {"pact", true}}), "rules.err.spell_no_slot_left");
  CHECK(rules::slots_view(t.state(), t.c(k)).pact_left == 0);
  // a pip tapped back
  t.run({{"type", "RegainSpellSlot"}, {"target", w}, {"level", 2}});
  CHECK(rules::slots_view(t.state(), t.c(w)).left[1] == 1);
  REQUIRE_REFUSED(t.run({{"type", "RegainSpellSlot"}, {"target", w}, {"level", 1}}), "rules.err.spell_slot_not_spent");
  t.session.undo();
  CHECK(rules::slots_view(t.state(), t.c(w)).left[1] == 0);

  // a short rest: the pact slots come back, the wizard's do not
  const Transaction& sr = t.run({{"type", "ShortRest"}});
  CHECK(count_events(sr, "spell_slots_restored") == 1);
  CHECK(rules::slots_view(t.state(), t.c(k)).pact_left == 2);
  CHECK(rules::slots_view(t.state(), t.c(w)).left[1] == 0);
  // Arcane Recovery: up to half her level (rounded up) in slot levels, once
  REQUIRE_REFUSED(t.run({{"type", "ArcaneRecovery"}, {"target", w}, {"levels", {2, 2}}}), "rules.err.recovery_too_many");
  REQUIRE_REFUSED(t.run({{"type", "ArcaneRecovery"}, {"target", w}, {"levels", {1}}}), "rules.err.recovery_not_spent");
  REQUIRE_REFUSED(t.run({{"type", "ArcaneRecovery"}, {"target", k}, {"levels", {1}}}), "rules.err.recovery_not_wizard");
  t.run({{"type", "ArcaneRecovery"}, {"target", w}, {"levels", {2}}});
  CHECK(rules::slots_view(t.state(), t.c(w)).left[1] == 1);
  REQUIRE_REFUSED(t.run({{"type", "ArcaneRecovery"}, {"target", w}, {"levels", {2}}}), "rules.err.recovery_used");
  // a long rest: everything back, Arcane Recovery too; the data is gone (absent = full)
  t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 1}});
  const Transaction& lr = t.run({{"type", "LongRest"}});
  CHECK(count_events(lr, "spell_slots_restored") == 1);
  CHECK(rules::slots_view(t.state(), t.c(w)).left == rules::slots_view(t.state(), t.c(w)).max);
  CHECK(rules::slots_view(t.state(), t.c(w)).recovery_levels == 2);
  CHECK_FALSE(t.c(w).modules.contains(rules::kSpellSlots));
  t.session.undo();
  CHECK(rules::slots_view(t.state(), t.c(w)).left == Nine{3, 1, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("spell-slots: the log lines in cs, uk and en", "[rules][spell-slots]") {
  RulesTable t;
  new_campaign(t);
  const std::string w = caster(t, "Elara", "wizard", 5, {{"int", 16}});
  t.run({{"type", "SpendSpellSlot"}, {"target", w}, {"level", 3}});
  CHECK(has_line(t.session.log_lines(Lang::en), "Elara spends a spell slot (3rd level)."));
  CHECK(has_line(t.session.log_lines(Lang::cs), "Elara utrácí pozici kouzla (3. úroveň)."));
  CHECK(has_line(t.session.log_lines(Lang::uk), "Elara витрачає комірку заклинання (3-й рівень)."));
}

TEST_CASE("spell-slots: bad data is refused like any field - an SRD monster brings its slots", "[rules][spell-slots]") {
  RulesTable t;
  new_campaign(t);
  const std::string w = caster(t, "Elara", "wizard", 5);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", w},
                         {"patch", {{"modules", {{"spell-slots", {{"spent", {1, 2}}}}}}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", w},
                         {"patch", {{"modules", {{"spell-slots", {{"pact_spent", 99}}}}}}}}),
                  "state.err.out_of_range");
  t.run({{"type", "AddMonsters"}, {"monster", "lich"}});
  const Creature& lich = t.state().creatures.back();
  const rules::SlotsView v = rules::slots_view(t.state(), lich);
  CHECK(v.max == Nine{4, 3, 3, 3, 3, 1, 1, 1, 1});
  CHECK(v.dc == 20);
  CHECK(v.attack == 12);
  CHECK(v.spells.size() == 26);
  // the DM's own caster
  const std::string m = t.monster("Kultista", 20);
  t.run({{"type", "SetSpellcasting"}, {"target", m}, {"table", {{"slots", {2, 1, 0, 0, 0, 0, 0, 0, 0}}, {"dc", 12}}}});
  CHECK(rules::slots_view(t.state(), t.c(m)).max[1] == 1);
  CHECK(rules::slots_view(t.state(), t.c(m)).dc == 12);
  REQUIRE_REFUSED(t.run({{"type", "SetSpellcasting"}, {"target", m}, {"table", {{"slots", {2, 1}}}}}), "campaign.err.param");
}

namespace {
std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("spell-slots: old saves load unchanged (no spell data - every slot there)", "[rules][spell-slots][save]") {
  for (const char* f : {"save-v3.json", "save-v4.json", "save-v5.json"}) {
    INFO(f);
    campaign::Session s = io::load(read_fixture(f), campaign::Engine::standard());
    const std::string saved = io::save(s);
    CHECK(saved.find("spell-slots") == std::string::npos);
    CHECK(saved.find("limited-uses") == std::string::npos);
    for (const auto& x : s.state().creatures) {
      const rules::SlotsView v = rules::slots_view(s.state(), x);
      CHECK(v.left == v.max);
    }
    campaign::Session again = io::load(saved, campaign::Engine::standard());
    CHECK(io::save(again) == saved);
  }
}

TEST_CASE("spell-slots: the calculators", "[rules][spell-slots][cli]") {
  CHECK(cli_json("rule spell-slots --class wizard --level 5") == json{{"slots", {4, 3, 2, 0, 0, 0, 0, 0, 0}}});
  CHECK(cli_json("rule spell-slots --classes wizard:3,cleric:2") == json{{"slots", {4, 3, 2, 0, 0, 0, 0, 0, 0}}});
  CHECK(cli_json("rule spell-slots --class warlock --level 5") == json{{"pact", {{"slots", 2}, {"level", 3}}}});
  CHECK(cli_json("rule spell-dc --ability-score 16 --level 5") == json{{"dc", 14}, {"attack", 6}});
  CHECK(cli("rule spell-slots --class fighter --level 5").code == 2);
  CHECK(cli("rule spell-slots --classes fighter:5").code == 2);
  CHECK(cli("rule spell-slots --classes wizard:3 --class wizard").code == 2);
  CHECK(cli("rule spell-slots --class wizard").code == 2);
}
