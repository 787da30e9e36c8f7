// Table rule "tracker-import": each format's sample (tests/fixtures/import/) read into a preview — what maps, what is
// listed as not mapped, nothing dropped silently — ImportCreatures in one undo step, and damaged or hostile files
// (size, nesting, wrong types, 100,000 entries, XML entity tricks) refused with the reason, changing nothing.
#include <fstream>
#include <sstream>

#include "../support/paths.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "core/rules/tracker_import/tracker_import.hpp"
#include "core/rules/tracker_import/xml.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::string fixture(const std::string& name) {
  std::ifstream f(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/import/" + name, std::ios::binary);
  REQUIRE(f);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

const rules::ImportedCreature& named(const std::vector<rules::ImportedCreature>& list, const std::string& name) {
  for (const auto& x : list)
    if (x.creature.name == name) return x;
  FAIL("no " << name);
  return list.front();
}

bool lists(const rules::ImportedCreature& x, const std::string& prefix) {
  for (const auto& u : x.unmapped)
    if (u.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string refusal(std::string_view text) {
  try {
    rules::preview_import(text);
  } catch (const UserError& e) {
    for (Lang l : kLangs) CHECK_FALSE(e.message(l).empty());
    return e.key();
  }
  return "";
}

}  // namespace

TEST_CASE("tracker import: Improved Initiative's export", "[rules][tracker_import]") {
  const auto p = rules::preview_import(fixture("improved-initiative.json"));
  CHECK(p.format == "improved-initiative");
  REQUIRE(p.monsters.size() == 2);
  REQUIRE(p.party.size() == 2);
  const auto& gob = named(p.monsters, "Goblin Scout");
  CHECK(gob.creature.kind == "monster");
  CHECK(gob.creature.max_hp == 7);
  CHECK(gob.creature.ac == 15);
  CHECK(gob.creature.size == "medium");  // II keeps the size only inside "Type": not mapped
  CHECK(lists(gob, "Type: Small humanoid"));
  CHECK(gob.creature.abilities.dex == 14);
  CHECK_FALSE(gob.creature.initiative_bonus);  // +2 is its DEX modifier
  CHECK(gob.creature.modules["challenge-rating"]["cr"] == "1/4");
  CHECK(gob.creature.notes.find("Short Blade. Melee Weapon Attack: +4 to hit") != std::string::npos);
  CHECK(gob.creature.notes.find("Watches the road") != std::string::npos);
  for (const char* field : {"Skills: Stealth +6", "Senses: ", "Languages: ", "Source: Our table", "HP notes: (2d6)"})
    CHECK(lists(gob, field));
  const auto& boss = named(p.monsters, "Bugbear Boss");
  CHECK(boss.creature.resistances == std::vector<std::string>{"poison"});
  CHECK(lists(boss, "Damage resistances: bludgeoning, piercing, and slashing from nonmagical attacks"));
  CHECK(boss.creature.condition_immunities == std::vector<std::string>{"frightened"});
  CHECK(lists(boss, "Speed: climb 20 ft."));
  CHECK(lists(boss, "Saves: Con +3"));
  const auto& ilsa = named(p.party, "Ilsa");
  CHECK(ilsa.creature.kind == "pc");
  CHECK(ilsa.creature.level == 3);
  CHECK(ilsa.creature.initiative_bonus == std::nullopt);  // +3 is her DEX modifier
  const auto& bran = named(p.party, "Bran");
  CHECK(bran.creature.max_hp == 28);
  CHECK(bran.creature.hp == 20);  // the persistent character's current HP
  CHECK(bran.creature.speed == 25);
  CHECK(lists(bran, "Notes: Owes the innkeeper"));
  REQUIRE(p.encounters.size() == 1);
  CHECK(p.encounters[0].name == "Road ambush");
  CHECK(p.encounters[0].members == std::vector<std::pair<std::string, int>>{{"Goblin Scout", 2}, {"Bugbear Boss", 1}});
  CHECK(std::find(p.encounters[0].unmapped.begin(), p.encounters[0].unmapped.end(), "Bugbear Boss Alias: Boss") !=
        p.encounters[0].unmapped.end());
  CHECK(p.skipped == std::vector<std::string>{"Spells.firebolt"});

  // Into a campaign: the DM's monsters, the party and the prepared encounter, one undo step.
  RulesTable t;
  new_campaign(t);
  const auto& tx = t.run(rules::import_command(p));
  CHECK(count_events(tx, "own_monster_saved") == 2);
  CHECK(count_events(tx, "creature_added") == 2);
  CHECK(count_events(tx, "encounter_prepared") == 1);
  CHECK(rules::own_monsters(t.state()).size() == 2);
  const auto enc = rules::prepared_encounters(t.state());
  REQUIRE(enc.size() == 1);
  CHECK(enc[0].members.size() == 2);
  CHECK(enc[0].members[0].count == 2);
  int pcs = 0;
  for (const auto& x : t.state().creatures) pcs += x.kind == "pc";
  CHECK(pcs == 2);
  const Engine& e = Engine::standard();
  LogContext lc{Lang::uk, [&](const std::string& id) { return id; }};
  CHECK(e.render(tx.events.back(), lc) == "Імпортовано з Improved Initiative: потвори 2, персонажі 2, сутички 1.");
  // The prepared encounter runs.
  t.run({{"type", "RunEncounter"}, {"encounter", enc[0].id}});
  CHECK(t.state().encounter->order.size() == 5);
  t.session.undo(2);
  CHECK(rules::own_monsters(t.state()).empty());
  CHECK(t.state().creatures.size() == 0);
  // Importing again replaces the monsters and the encounter of the same name.
  t.run(rules::import_command(p));
  t.run(rules::import_command(p));
  CHECK(rules::own_monsters(t.state()).size() == 2);
  CHECK(rules::prepared_encounters(t.state()).size() == 1);
}

TEST_CASE("tracker import: a 5etools homebrew file", "[rules][tracker_import]") {
  const auto p = rules::preview_import(fixture("5etools-homebrew.json"));
  CHECK(p.format == "5etools");
  REQUIRE(p.monsters.size() == 2);
  CHECK(p.party.empty());
  const auto& lurker = named(p.monsters, "Marsh Lurker");
  CHECK(lurker.creature.max_hp == 33);
  CHECK(lurker.creature.ac == 13);
  CHECK(lurker.creature.speed == 20);
  CHECK(lurker.creature.size == "medium");
  CHECK(lurker.creature.resistances == std::vector<std::string>{"cold"});
  CHECK(lurker.creature.condition_immunities == std::vector<std::string>{"prone"});
  CHECK(lurker.creature.modules["challenge-rating"]["cr"] == "2");
  // Inline tags read as text.
  CHECK(lurker.creature.notes.find("Bite. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 9 (2d6 + 2) piercing damage, and the target is grappled (escape DC 12).") != std::string::npos);
  for (const char* field : {"speed swim: 40", "resist: ", "skill: ", "senses: ", "passive: 11", "type: monstrosity",
                            "alignment: ", "environment: ", "page: 1", "source: DruzinaSample", "ac from: natural armor",
                            "hp formula: 6d8 + 6"})
    CHECK(lists(lurker, field));
  const auto& wyrm = named(p.monsters, "Bog Wyrm");
  CHECK(wyrm.creature.size == "huge");
  CHECK(wyrm.creature.ac == 17);
  CHECK(wyrm.creature.immunities == std::vector<std::string>{"acid"});
  CHECK(wyrm.creature.legendary_actions == 2);
  CHECK(wyrm.creature.modules["challenge-rating"]["cr"] == "10");
  CHECK(lists(wyrm, "cr lair: 11"));
  CHECK(lists(wyrm, "save: "));
  CHECK(wyrm.creature.notes.find("Acid Breath (Recharge 5–6). Each creature in a 60-foot line makes a DC 18 Dexterity saving throw") != std::string::npos);
  CHECK(p.skipped == std::vector<std::string>{"spell ×1"});
  RulesTable t;
  new_campaign(t);
  t.run(rules::import_command(p));
  CHECK(rules::own_monsters(t.state()).size() == 2);
}

TEST_CASE("tracker import: a Fight Club 5 compendium", "[rules][tracker_import]") {
  const auto p = rules::preview_import(fixture("fc5-compendium.xml"));
  CHECK(p.format == "fc5");
  REQUIRE(p.monsters.size() == 2);
  const auto& crawler = named(p.monsters, "Cave Crawler");
  CHECK(crawler.creature.size == "large");
  CHECK(crawler.creature.ac == 14);
  CHECK(crawler.creature.max_hp == 45);
  CHECK(crawler.creature.speed == 30);
  CHECK(crawler.creature.abilities.str == 16);
  CHECK(crawler.creature.resistances == std::vector<std::string>{"poison"});
  CHECK(crawler.creature.condition_immunities == std::vector<std::string>{"blinded", "poisoned"});
  CHECK(crawler.creature.notes.find("Spider Climb. It can climb difficult surfaces & ceilings") != std::string::npos);
  CHECK(crawler.creature.notes.find("Lives in the caves <below> the old mine.") != std::string::npos);  // CDATA
  for (const char* field : {"Speed: climb 30 ft.", "skill: Perception +3", "senses: ", "passive: 13", "type: ",
                            "alignment: unaligned", "action attack: Bite|5|2d8+3", "hp: (6d10 + 12)"})
    CHECK(lists(crawler, field));
  const auto& imp = named(p.monsters, "Ember Imp");
  CHECK(imp.creature.size == "tiny");
  CHECK(imp.creature.immunities == std::vector<std::string>{"fire", "poison"});
  CHECK(imp.creature.resistances == std::vector<std::string>{"cold"});  // the qualified part is listed, not mapped
  CHECK(lists(imp, "resist: bludgeoning, piercing, and slashing from nonmagical attacks that aren't silvered"));
  CHECK(imp.creature.notes.find("piercing damage \xE2\x80\x94 and 10 (3d6) poison damage.") != std::string::npos);
  CHECK(p.skipped == std::vector<std::string>{"<item> ×1"});
}

TEST_CASE("tracker import: damaged and hostile files are refused and change nothing", "[rules][tracker_import]") {
  // Not one of the formats.
  CHECK(refusal("") == "rules.err.import_unknown_format");
  CHECK(refusal("[1, 2]") == "rules.err.import_unknown_format");
  CHECK(refusal("{\"hello\": 1}") == "rules.err.import_unknown_format");
  CHECK(refusal("<html><body/></html>") == "rules.err.import_unknown_format");
  // Size.
  CHECK(refusal(std::string(rules::kMaxImportBytes + 1, ' ')) == "rules.err.import_too_large");
  // Nesting: JSON and XML.
  CHECK(refusal(std::string(100, '[') + std::string(100, ']')) == "io.err.too_deep");
  std::string deep = "<compendium>";
  for (int k = 0; k < 100; ++k) deep += "<a>";
  for (int k = 0; k < 100; ++k) deep += "</a>";
  deep += "</compendium>";
  CHECK(refusal(deep) == "rules.err.import_xml");
  // 100,000 entries.
  std::string many = "{\"monster\": [";
  for (int k = 0; k < 100000; ++k) many += (k ? ",{}" : "{}");
  many += "]}";
  CHECK(refusal(many) == "rules.err.import_too_many");
  std::string many_xml = "<compendium>";
  for (int k = 0; k < 100000; ++k) many_xml += "<monster/>";
  many_xml += "</compendium>";
  CHECK(refusal(many_xml) == "rules.err.import_too_many");
  std::string many_ii = "{";
  for (int k = 0; k < 100000; ++k) many_ii += (k ? ",\"Creatures.x" : "\"Creatures.x") + std::to_string(k) + "\": {}";
  many_ii += "}";
  CHECK(refusal(many_ii) == "rules.err.import_too_many");
  // Wrong types.
  CHECK(refusal(R"({"monster": {"name": "x"}})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"monster": [{"name": "X", "hp": 7}]})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"monster": [{"name": "X", "str": "strong"}]})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"monster": [{"name": "X", "str": 300}]})") == "rules.err.import_wrong_value");
  CHECK(refusal(R"({"monster": [{"name": 5}]})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"monster": [{"name": ""}]})") == "rules.err.import_wrong_value");
  CHECK(refusal(R"({"Creatures.a": {"Name": "A", "HP": {"Value": "lots"}}})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"Creatures.a": {"Name": "A", "Speed": "fast"}})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"Creatures.a": [1]})") == "rules.err.import_wrong_type");
  CHECK(refusal(R"({"Creatures.a": {"Name": "A", "HP": {"Value": 1e300}}})") == "rules.err.import_wrong_value");
  CHECK(refusal("<compendium><monster><name>A</name><str>lots</str></monster></compendium>") == "rules.err.import_wrong_type");
  // Damaged XML, and what an XML bomb needs (a DTD) is refused before anything is read.
  for (const char* bad : {"<compendium><monster>", "<compendium></monster>", "<compendium a=1/>",
                          "<compendium>&bogus;</compendium>", "<compendium>&#0;</compendium>",
                          "<!DOCTYPE lolz [<!ENTITY lol \"lol\">]><compendium>&lol;</compendium>",
                          "<compendium/><compendium/>", "<compendium>text</compendium>junk"}) {
    CAPTURE(bad);
    CHECK(refusal(bad) == "rules.err.import_xml");
  }
  try {
    rules::preview_import("<compendium>\n<monster>\n</compendium>");
    FAIL("accepted");
  } catch (const UserError& e) {
    CHECK(e.message(Lang::en) == "The XML file is damaged (line 3): a closing tag does not match the open element.");
    CHECK(e.message(Lang::cs) == "Soubor XML je poškozený (řádek 3): uzavírací značka neodpovídá otevřenému prvku.");
  }
  // A hand-made command is checked as strictly as a save: nothing changes.
  RulesTable t;
  new_campaign(t);
  const auto before = json(t.state()).dump();
  REQUIRE_REFUSED(t.run({{"type", "ImportCreatures"}, {"format", "5etools"}}), "rules.err.import_empty");
  REQUIRE_REFUSED(t.run({{"type", "ImportCreatures"}, {"format", "5etools"}, {"monsters", {{{"name", "X"}, {"max_hp", "big"}}}}}),
                  "rules.err.import_bad_entry");
  REQUIRE_REFUSED(t.run({{"type", "ImportCreatures"}, {"format", "5etools"}, {"monsters", {{{"name", "X"}, {"abilities", {{"str", 99}}}}}}}),
                  "rules.err.import_bad_entry");
  REQUIRE_REFUSED(t.run({{"type", "ImportCreatures"}, {"format", "5etools"}, {"monsters", {{{"name", "X"}}}},
                         {"encounters", {{{"name", "E"}, {"members", {{{"monster", "Y"}, {"count", 1}}}}}}}}),
                  "rules.err.import_member");
  json two_hundred_one = json::array();
  for (int k = 0; k < 201; ++k) two_hundred_one.push_back({{"name", "M" + std::to_string(k)}});
  REQUIRE_REFUSED(t.run({{"type", "ImportCreatures"}, {"format", "fc5"}, {"monsters", two_hundred_one}}), "rules.err.prep_too_many");
  CHECK(json(t.state()).dump() == before);
}

TEST_CASE("tracker import: the XML reader", "[rules][tracker_import]") {
  const auto root = rules::xml::parse("<?xml version=\"1.0\"?><a x='1' y=\"&lt;2&gt;\"><!-- c --><b>t&amp;u</b><b/>&#x41;&#66;<![CDATA[<c>]]></a>");
  CHECK(root.name == "a");
  REQUIRE(root.attributes.size() == 2);
  CHECK(root.attributes[1].second == "<2>");
  CHECK(root.children_named("b").size() == 2);
  CHECK(root.child_text("b") == "t&u");
  CHECK(root.text == "AB<c>");
  rules::xml::Limits small;
  small.max_elements = 3;
  CHECK_THROWS_AS(rules::xml::parse("<a><b/><b/><b/></a>", small), UserError);
  CHECK_NOTHROW(rules::xml::parse("<a><b/><b/></a>", small));
}
