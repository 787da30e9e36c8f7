// The house-rule modules as a whole: the metadata file against the engine, switches, texts in every language,
// the price list override and the ranger's free-text notes.
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/assets.hpp"
#include "core/calc/calc.hpp"
#include "core/tables/effects.hpp"
#include "core/tables/table.hpp"
#include "../support/paths.hpp"
#include "core/reference/reference.hpp"
#include "../support/catalog.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string read_doc(const std::string& rel) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/" + rel, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
// A DM rule (docs/dm-rules.md): a module with an entry in the DM rules' reference ("dm-…").
bool dm_rule(const campaign::Module& m) {
  return std::any_of(m.reference.begin(), m.reference.end(), [](const std::string& r) { return r.rfind("dm-", 0) == 0; });
}
}  // namespace

// Everything below is derived from the modules' own descriptions (Module: commands, events, prompts, calculators,
// tables, reference entries, data fields), not from a hand-kept list.
TEST_CASE("every module describes itself: texts, commands, prompts in every language", "[rules][modules]") {
  const Engine& e = Engine::standard();
  REQUIRE(e.modules().size() > 17);  // the 17 house rules and the DM rules (their docs check counts them)
  std::set<std::string> ids;
  for (const auto& m : e.modules()) {
    CAPTURE(m.id);
    CHECK(ids.insert(m.id).second);
    for (const Lang lang : kLangs) {
      CHECK(has_key(lang, m.name_key()));
      CHECK(has_key(lang, m.desc_key()));
      for (const auto& p : m.prompts) CHECK(has_key(lang, "prompt." + p));
    }
    for (const auto& c : m.commands) {
      CHECK(e.has_command(c.type));
      CHECK(e.command_module(c.type) == m.id);
    }
    for (const auto& ev : m.events) CHECK(e.has_event(ev));
    for (const auto& calc_id : m.calculators) CHECK_NOTHROW(calc::calculator(calc_id));
    for (const auto& table_id : m.tables) CHECK(tables::has_table(table_id));
    for (const auto& ref : m.reference) CHECK(reference::find(ref) != nullptr);
  }
  // Every calculator belongs to exactly one module.
  for (const auto& calc : calc::calculators()) {
    CAPTURE(calc.name);
    size_t owners = 0;
    for (const auto& m : e.modules()) owners += std::count(m.calculators.begin(), m.calculators.end(), calc.name);
    CHECK(owners == 1);
  }
  // The modules the seed asks for are all there, with their switches' defaults.
  CHECK(e.module(rules::kHeroPoints)->default_on == false);
  CHECK(e.module(rules::kMadness)->default_on == false);  // a DM rule for horror campaigns (docs/dm-rules.md)
  CHECK(e.module("diseases")->default_on == false);  // a plague is a story the DM chooses (docs/dm-rules.md)
  CHECK(e.module("monster-saves")->default_on == false);  // a DM who rolls at the table keeps the cards
  for (const auto& m : e.modules())  // every house rule is on by default; a DM rule's own test checks its default
    if (!dm_rule(m) && m.id != "monster-saves") CHECK(m.default_on);
}

TEST_CASE("the Settings switches list every module with its texts and state", "[rules][modules]") {
  const Engine& e = Engine::standard();
  Campaign c;
  c.settings.rules["massive-damage"] = false;
  const auto switches = e.rule_switches(c);
  REQUIRE(switches.size() == e.modules().size());
  for (size_t k = 0; k < switches.size(); ++k) {
    CAPTURE(switches[k].id);
    CHECK(switches[k].id == e.modules()[k].id);
    CHECK(switches[k].name_key == "rules.module." + switches[k].id);
    CHECK(switches[k].desc_key == "rules.module." + switches[k].id + ".desc");
    CHECK(switches[k].on == e.module_enabled(c, switches[k].id));
  }
  CHECK_FALSE(e.module_enabled(c, "massive-damage"));
  CHECK_FALSE(e.module_enabled(c, "hero-points"));  // off by default
  // Settings lists them in three groups (modules.cpp), the same as the rules documents: a module with an entry
  // in the DM rules' reference is a DM rule, one with a house-rule entry only is a house rule, the rest the table's.
  std::map<std::string, size_t> groups;
  for (const auto& s : switches) {
    CAPTURE(s.id);
    const auto& m = *e.module(s.id);
    const bool hr = std::any_of(m.reference.begin(), m.reference.end(), [](auto& r) { return r.rfind("hr-", 0) == 0; });
    CHECK(s.group == (dm_rule(m) ? "dm" : hr ? "house" : "table"));
    ++groups[s.group];
  }
  CHECK(groups.size() == 3);
  CHECK(groups["house"] >= 14);  // the seventeen house rules: three of them (ranger, HP visibility, exhaustion
                                 // edition) are campaign settings, not modules
  CHECK(e.module_enabled(c, "potions"));
}

TEST_CASE("every command a module registers is refused while its module is off", "[rules][modules]") {
  size_t checked = 0;
  for (const auto& m : Engine::standard().modules()) {
    for (const auto& c : m.commands) {
      CAPTURE(m.id, c.type);
      RulesTable t(81);
      json settings = {{"rules", {{m.id, false}}}};
      new_campaign(t, settings);
      REQUIRE_REFUSED(t.run({{"type", c.type}}), "campaign.err.rule_off");
      ++checked;
    }
  }
  CHECK(checked >= 26);  // the house rules' commands (RollInjury … SetPriceOverride)
}

TEST_CASE("house-rule event lines exist in cs, uk and en", "[rules][modules][i18n]") {
  // Every event type a module registers renders through a key event.<type> (or its own variants event.<type>_…,
  // event.<related> for a renderer of its own); silent events have no line.
  const char* events[] = {"save_proficiencies_set", "injury_hand_set", "item_destroyed", "no_item_to_break", "open_wound_bled",
                          "action_lost", "splint_set", "treatment_failed", "injury_treated", "injury_removed", "rally_finished",
                          "inspiration_used", "hero_point_used", "leveled_up", "int_window_opened", "int_window_closed",
                          "int_pick_added", "int_pick_removed", "potion_drunk", "attack_rolled", "ritual_started",
                          "resurrected", "ritual_cancelled", "project_worked", "overtime_saves", "art_finished"};
  const Engine& e = Engine::standard();
  std::set<std::string> owned;
  for (const auto& m : e.modules()) owned.insert(m.events.begin(), m.events.end());
  for (const char* ev : events) {
    CAPTURE(ev);
    CHECK(e.has_event(ev));
    CHECK(owned.count(ev) == 1);
    for (const Lang lang : kLangs) CHECK(has_key(lang, std::string("event.") + ev));
  }
  size_t checked = 0;
  for (const auto& m : e.modules()) {
    for (const auto& ev : m.events) {
      CAPTURE(m.id, ev);
      const EventDef* def = e.event_def(ev);
      REQUIRE(def != nullptr);
      if (def->silent) continue;
      if (def->render) continue;  // its own renderer picks its keys; covered by the rule tests' log lines
      for (const Lang lang : kLangs) CHECK(has_key(lang, "event." + ev));
      ++checked;
    }
  }
  CHECK(checked > 0);
}

TEST_CASE("computed key families: every text the engine builds a key for is in cs, uk and en, alike", "[rules][modules][i18n]") {
  // Keys built at run time ("rules.module." + id, "event." + type, "prompt." + kind …) escape the grep for literal
  // keys of tests/tools/check_i18n.py. Here they come from the engine's own description: the modules (names,
  // descriptions, prompts, events), the calculators (descriptions, parameters) and the SRD conditions. Each must be
  // in the catalog files of all three languages, not empty, with the same {placeholders} (catalog.hpp).
  const Engine& e = Engine::standard();
  std::set<std::string> required;  // keys that must exist
  std::set<std::string> prefixes;  // families of variants ("prompt.<kind>.<choice>", "event.<type>_…"): alike if present
  for (const auto& m : e.modules()) {
    required.insert(m.name_key());
    required.insert(m.desc_key());
    for (const auto& p : m.prompts) {
      required.insert("prompt." + p);
      prefixes.insert("prompt." + p + ".");
    }
    for (const auto& ev : m.events) {
      const EventDef* def = e.event_def(ev);
      REQUIRE(def != nullptr);
      if (!def->silent && !def->render) required.insert("event." + ev);
      prefixes.insert("event." + ev);  // event.<type> itself when a renderer uses it, and event.<type>_…
    }
  }
  for (const auto& c : calc::calculators()) {
    required.insert(c.description_key);
    for (const auto& p : c.params) required.insert(p.description_key);
  }
  for (const auto& id : tables::condition_ids()) required.insert("campaign.condition." + id);

  std::set<std::string> checked = required;
  for (const Lang lang : kLangs)
    for (const auto& prefix : prefixes)
      for (const auto& key : catalog_keys(lang, prefix)) checked.insert(key);
  std::vector<std::string> problems;
  for (const auto& key : checked)
    for (auto& p : key_problems(key)) problems.push_back(std::move(p));
  std::string report;
  for (const auto& p : problems) report += p + "\n";
  INFO(problems.size() << " problem(s) in assets/i18n/<lang>/*.json:\n" << report);
  CHECK(problems.empty());
  CHECK(required.size() > 2 * e.modules().size() + 14);  // the modules' names and descriptions, the conditions …
}

TEST_CASE("docs/house-rules.md, dm-rules.md and table-rules.md name every module, its commands and its prompts",
          "[rules][modules][docs]") {
  // The house rules', the DM rules' and the game's own rules' tables together: every module is a row of one of them.
  const std::string doc =
      read_doc("docs/house-rules.md") + "\n" + read_doc("docs/dm-rules.md") + "\n" + read_doc("docs/table-rules.md");
  const Engine& e = Engine::standard();
  for (const auto& m : e.modules()) {
    CAPTURE(m.id);
    CHECK(doc.find("`" + m.id + "`") != std::string::npos);
    for (const auto& c : m.commands) {
      CAPTURE(c.type);
      CHECK(doc.find(c.type) != std::string::npos);
    }
    for (const auto& p : m.prompts) {
      CAPTURE(p);
      CHECK(doc.find(p) != std::string::npos);
    }
  }
  // … and names no module the engine does not have: every `id` in the table's Module column is a module.
  auto table_rows = [&e](const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  size_t rows = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("| ", 0) != 0 || line.rfind("| # |", 0) == 0 || line.rfind("|---", 0) == 0) continue;
    // | # | Rule (seed) | Module (file) | …: the third cell
    size_t a = 0;
    for (int cell = 0; cell < 2 && a != std::string::npos; ++cell) a = line.find('|', a + 1);
    size_t b = a == std::string::npos ? a : line.find('|', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    std::string cell = line.substr(a + 1, b - a - 1);
    for (size_t q = cell.find('`'); q != std::string::npos; q = cell.find('`', q + 1)) {
      size_t r = cell.find('`', q + 1);
      if (r == std::string::npos) break;
      std::string id = cell.substr(q + 1, r - q - 1);
      q = r;
      // Settings::…, a file name, a base command (SetSettings): not module ids
      if (id.find("::") != std::string::npos || id.find('.') != std::string::npos || std::isupper(id[0])) continue;
      CAPTURE(id);
      CHECK(e.module(id) != nullptr);
    }
    ++rows;
  }
  return rows;
  };
  CHECK(table_rows(read_doc("docs/house-rules.md")) == 17);  // the seed's seventeen house rules
  // One row per DM rule: the modules with an entry in the DM rules' reference (hero points in both documents).
  CHECK(table_rows(read_doc("docs/dm-rules.md")) == static_cast<size_t>(std::count_if(
                                                        e.modules().begin(), e.modules().end(), dm_rule)));
  // And one per rule of the game itself, a module with no entry in either reference (save proficiencies,
  // concentration …).
  CHECK(table_rows(read_doc("docs/table-rules.md")) ==
        static_cast<size_t>(std::count_if(e.modules().begin(), e.modules().end(), [](const campaign::Module& m) {
          return std::none_of(m.reference.begin(), m.reference.end(), [](const std::string& r) {
            return r.rfind("dm-", 0) == 0 || r.rfind("hr-", 0) == 0;
          });
        })));
}

TEST_CASE("price list: SetPriceOverride sets and clears a DM price", "[rules][prices]") {
  RulesTable t(82);
  new_campaign(t);
  const auto& poison = reference::price_item("basic-poison");
  t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}, {"gp", 1.5}});
  CHECK(rules::price_overrides(t.state()).at("dagger") == 1.5);
  CHECK(reference::price_of(reference::price_item("dagger"), rules::price_overrides(t.state())) == 1.5);
  t.run({{"type", "SetPriceOverride"}, {"item", "basic-poison"}, {"gp", 15}});
  CHECK(reference::price_of(poison, rules::price_overrides(t.state())) == 15);
  t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}});
  CHECK(rules::price_overrides(t.state()).count("dagger") == 0);
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}}), "rules.err.no_override");
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "unicorn"}, {"gp", 1}}), "reference.err.unknown_price");
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}, {"gp", -1}}), "campaign.err.param");
}

TEST_CASE("ranger: no mechanics — the campaign's house-rule notes hold the DM's text", "[rules][ranger]") {
  RulesTable t(83);
  new_campaign(t);
  t.run({{"type", "SetSettings"}, {"house_rule_notes", "Hraničář: oficiální rework, upravený (viz odkaz PJ)."}});
  CHECK(t.state().settings.house_rule_notes == "Hraničář: oficiální rework, upravený (viz odkaz PJ).");
}
