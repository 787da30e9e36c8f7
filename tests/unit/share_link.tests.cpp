// Share links: what each kind holds, that a player's link holds no DM secret (checked on the link's own bytes),
// the length of a real table, and that every malformed link is refused and changes nothing.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"
#include "core/share/link.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/tables/table.hpp"
#include "../support/link_bytes.hpp"

using namespace druzina;
using namespace druzina::test;
using share::LinkKind;

namespace {

// A link with the given kind byte and payload and a correct checksum (for crafted, hostile payloads).
std::string craft(char kind, const std::string& payload) { return share::frame_payload(kind, payload); }

std::string decode_error(const std::string& link) {
  try {
    share::decode(link);
  } catch (const UserError& e) {
    for (Lang lang : kLangs) {
      std::string m = e.message(lang);
      INFO(m);
      REQUIRE(m.find("json.exception") == std::string::npos);
      REQUIRE(m.find("link.err") == std::string::npos);
      REQUIRE(m.find("io.err") == std::string::npos);
    }
    return e.key();
  }
  return "";
}

// A table full of secrets.
struct SecretTable {
  Table t{21};
  std::string mira, hans, spy, goblin;
  SecretTable() {
    t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}, {"dm_notes", "SECRET-DM-NOTES"},
           {"house_rule_notes", "Hraničář: viz poznámky"}});
    mira = t.pc("Mira", 17, {{"notes", "likes cats"}, {"ac", 14}, {"level", 3}, {"modules", {{"npc-loyalty", {{"legacy", 2}}}}}});
    hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}, {"modules", {{"npc-loyalty", {{"legacy", {{"SECRET-LOYALTY-KEY", 3}}}}}}},
                  {"notes", "SECRET-NPC-NOTES"}, {"ac", 17}, {"inventory", {{{"name", "SECRET-DAGGER"}, {"weight", 1}}}}});
    spy = t.add({{"name", "SECRET-SPY"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}});
    goblin = t.monster("Goblin", 8, {{"ac", 19}, {"abilities", {{"str", 23}}}, {"legendary_resistances", 2}});
    t.run({{"type", "AddNote"}, {"text", "SECRET-NOTE"}, {"secret", true}});
    t.run({{"type", "AddNote"}, {"text", "SECRET-ABOUT-SPY"}, {"creature", spy}});
    t.run({{"type", "StartEncounter"}, {"initiative", {{mira, 10}, {spy, 20}, {goblin, 5}, {hans, 3}}}});
    t.run({{"type", "ApplyDamage"}, {"target", goblin}, {"amount", 5}});
    t.run({{"type", "SetCondition"}, {"target", mira}, {"condition", "prone"}, {"until", "end_of_next_turn"},
           {"source", "SECRET-SOURCE"}});
    t.run({{"type", "SetCondition"}, {"target", goblin}, {"condition", "frightened"}, {"until", {{"kind", "rounds"}, {"rounds", 3}}}});
  }
  Campaign state() const {
    Campaign c = t.state();
    c.modules["resurrection"] = {{"SECRET-SOUL-CHOICE", "refuses"}};
    c.prompts.push_back({"p90", "resurrection.soul", mira, {{"dm_only", true}, {"SECRET-PROMPT", 1}}, 1, json::object()});
    c.next_id = std::max<long long>(c.next_id, 91);
    return c;
  }
};

}  // namespace

TEST_CASE("link table: no DM secret in the link's bytes", "[share][link]") {
  SecretTable s;
  Campaign c = s.state();
  std::string link = share::encode_table(c);
  std::string bytes = link_bytes(link);
  INFO(bytes);
  for (const char* secret : {"SECRET-DM-NOTES", "SECRET-NPC-NOTES", "SECRET-DAGGER", "SECRET-SPY", "SECRET-NOTE",
                             "SECRET-ABOUT-SPY", "SECRET-LOYALTY-KEY", "SECRET-SOUL-CHOICE", "SECRET-PROMPT",
                             "SECRET-SOURCE", "loyalty", "dm_notes", "hidden", "modules", "likes cats"})
    REQUIRE(bytes.find(secret) == std::string::npos);
  // The goblin's AC 19 and STR 23 and the NPC's AC 17 are not in the link; nor the goblin's HP (status only).
  REQUIRE(bytes.find("19") == std::string::npos);
  REQUIRE(bytes.find("23") == std::string::npos);
  REQUIRE(bytes.find("[17,17]") != std::string::npos);
  REQUIRE(bytes.find(s.spy) == std::string::npos);  // not even the hidden creature's id

  share::Decoded d = share::decode(link);
  REQUIRE(d.kind == LinkKind::table);
  std::string all = d.payload.dump();
  for (const char* secret : {"SECRET", "likes cats"}) REQUIRE(all.find(secret) == std::string::npos);
  REQUIRE(d.payload["settings"]["dm_notes"] == "");          // the decoded Campaign's defaults, nothing more
  for (const auto& x : d.payload["creatures"]) REQUIRE_FALSE(x.contains("modules"));
  Campaign back = d.payload.get<Campaign>();
  validate_campaign(back);
  REQUIRE(back.name == "Les");
  REQUIRE(back.settings.house_rule_notes == "Hraničář: viz poznámky");
  REQUIRE(back.settings.language == "cs");
  REQUIRE(back.creatures.size() == 3);
  const Creature& m = back.creatures[0];
  REQUIRE(m.name == "Mira");
  REQUIRE(m.hp == 17);
  REQUIRE(m.max_hp == 17);
  REQUIRE(m.ac == 14);
  REQUIRE(m.level == 3);
  REQUIRE(m.conditions.size() == 1);
  REQUIRE(m.conditions[0].id == "prone");
  REQUIRE(m.conditions[0].until.kind == "end_of_next_turn");
  REQUIRE(m.conditions[0].source.empty());
  const Creature& g = back.creatures[2];
  REQUIRE(g.name == "Goblin");
  REQUIRE(g.extra["hp_shown"] == "status");
  REQUIRE(health_status(g) == health_status(*find_creature(c, s.goblin)));
  REQUIRE(g.ac == 10);  // the default, not the DM's 19
  REQUIRE(g.conditions[0].until.kind == "rounds");
  REQUIRE(g.conditions[0].until.rounds == 3);
  // The initiative order without the spy; the spy is acting, so no current turn is shown.
  REQUIRE(back.encounter.has_value());
  REQUIRE(back.encounter->order.size() == 3);
  REQUIRE(back.encounter->extra["turn_hidden"] == true);
}

TEST_CASE("link table: the secrets in the campaign's history are not in the link's bytes either", "[share][link]") {
  SecretTable s;
  s.t.session.set_tail_limit(1);  // every step but the last in the compact history
  REQUIRE(s.t.session.history().events() > 8);
  std::string bytes = link_bytes(share::encode_table(s.state()));
  INFO(bytes);
  for (const char* secret : {"SECRET", "history", "shapes", "sessions", "hp_changed", "likes cats", "dm_notes"})
    REQUIRE(bytes.find(secret) == std::string::npos);
  REQUIRE(bytes.find(s.spy) == std::string::npos);
  // and what a player reads of that history on the DM's phone (player mode) has none of them
  for (Lang lang : kLangs)
    for (const auto& v : s.t.session.history_log(lang, LogAudience::player))
      for (const auto& e : v.entries)
        for (const auto& line : e.lines) {
          INFO(line);
          REQUIRE(line.find("SECRET") == std::string::npos);
        }
}

TEST_CASE("link table: HP as the DM chose, the current turn, the rule switches", "[share][link]") {
  SecretTable s;
  s.t.run({{"type", "NextTurn"}});  // the spy's turn ends: Mira acts
  s.t.run({{"type", "SetSettings"}, {"hp_visibility", {{"party", "status"}, {"others", "hidden"}}},
           {"rules", {{"massive-damage", false}}}});
  share::Decoded d = share::decode(share::encode_table(s.t.state()));
  Campaign back = d.payload.get<Campaign>();
  REQUIRE(back.settings.hp_visibility.party == "status");
  REQUIRE(back.settings.hp_visibility.others == "hidden");
  REQUIRE(back.settings.rules.at("massive-damage") == false);
  REQUIRE(back.creatures[0].extra["hp_shown"] == "status");
  REQUIRE(back.creatures[1].extra["hp_shown"] == "hidden");
  REQUIRE_FALSE(back.encounter->extra.contains("turn_hidden"));
  REQUIRE(back.encounter->order[back.encounter->turn].creature == s.mira);
  std::string bytes = link_bytes(share::encode_table(s.t.state()));
  REQUIRE(bytes.find("17") == std::string::npos);  // Mira's HP as a status only
}

TEST_CASE("link table: the rules' data with a compact form (open injuries, the DM's prices) both ways", "[share][link]") {
  SecretTable s;
  auto injure = [&](const std::string& who, const char* en) {
    s.t.run({{"type", "AddInjury"}, {"target", who}, {"text", {{"cs", en}, {"uk", en}, {"en", en}}}});
    return s.t.c(who).modules["lingering-injuries"]["injuries"].back()["id"].get<std::string>();
  };
  const std::string open = injure(s.hans, "OPEN-WOUND"), cured = injure(s.hans, "CURED-WOUND");
  injure(s.spy, "SECRET-SPY-WOUND");
  s.t.run({{"type", "CureInjury"}, {"target", s.hans}, {"injury", cured}});
  s.t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}, {"gp", 1.5}});
  const std::string link = share::encode_table(s.t.state());
  const std::string bytes = link_bytes(link);
  REQUIRE(bytes.find("OPEN-WOUND") != std::string::npos);
  REQUIRE(bytes.find("CURED-WOUND") == std::string::npos);
  REQUIRE(bytes.find("SECRET-SPY-WOUND") == std::string::npos);
  share::Decoded d = share::decode(link);
  Campaign back = d.payload.get<Campaign>();
  const Creature* hans = find_creature(back, s.hans);
  REQUIRE(hans);
  const json& injuries = hans->modules.at("lingering-injuries").at("injuries");
  REQUIRE(injuries.size() == 1);
  REQUIRE(injuries[0]["id"] == open);
  REQUIRE(back.next_id > std::stoll(open.substr(1)));  // the injury's id is taken on the copy too
  REQUIRE(back.modules.at("price-list").at("overrides").at("dagger") == 1.5);
  // A bad compact form is refused with its path.
  json wire = json::parse(bytes.substr(1));
  wire["o"] = 3;
  REQUIRE(decode_error(craft('t', wire.dump())) == "link.err.invalid");
  wire.erase("o");
  for (auto& c : wire["c"])
    if (c[0] == s.hans) c[4]["i"] = {{"i5"}};  // an injury without its text
  REQUIRE(decode_error(craft('t', wire.dump())) == "link.err.invalid");
}

TEST_CASE("link table: a rolled injury travels as its table row and reads in the reader's language (cs, uk)",
          "[share][link][injuries]") {
  Table t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}});
  const std::string mira = t.pc("Mira", 17), hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}});
  t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 43}});  // a festering wound
  t.run({{"type", "RollInjury"}, {"target", hans}, {"roll", 3}});   // blurred vision
  t.run({{"type", "AddInjury"}, {"target", hans}, {"text", {{"cs", "VLASTNÍ-SLOVA"}, {"uk", "ВЛАСНІ-СЛОВА"}, {"en", "OWN-WORDS"}}},
         {"table", "lingering-injury"}, {"table_row", 43}});  // the DM's own words: they travel as written
  const tables::Table& table = tables::table("lingering-injury");
  const Text festering = tables::row_for(table, 43).text, blurred = tables::row_for(table, 3).text;
  // The DM's phone of the web build keeps the texts of the languages it had loaded: Czech only here.
  Campaign dm = t.state();
  for (auto& x : dm.creatures)
    for (auto& j : x.modules["lingering-injuries"]["injuries"])
      if (j["table_row"] == 43 && j["text"]["en"] != "OWN-WORDS") j["text"] = {{"cs", festering.cs}, {"uk", ""}, {"en", ""}};

  const std::string link = share::encode_table(dm);
  const std::string bytes = link_bytes(link);
  CHECK(bytes.find(festering.cs.substr(0, 12)) == std::string::npos);  // no text of a table row in the link
  CHECK(bytes.find(blurred.cs.substr(0, 12)) == std::string::npos);
  CHECK(bytes.find("VLASTNÍ-SLOVA") != std::string::npos);
  CHECK(bytes.find("\"lingering-injury\",43]") != std::string::npos);

  const Campaign back = share::decode(link).payload.get<Campaign>();
  auto texts = [&](const std::string& who) {
    std::vector<Text> out;
    for (const auto& j : find_creature(back, who)->modules.at("lingering-injuries").at("injuries")) out.push_back(j.at("text").get<Text>());
    return out;
  };
  const auto her = texts(mira), his = texts(hans);
  REQUIRE(her.size() == 1);
  CHECK(her[0].in(Lang::cs) == festering.cs);
  CHECK(her[0].in(Lang::uk) == festering.uk);  // the Ukrainian player reads it in Ukrainian
  CHECK(her[0].uk.rfind("Гнійна", 0) == 0);
  REQUIRE(his.size() == 2);
  CHECK(his[0].in(Lang::uk) == blurred.uk);
  CHECK(his[0].in(Lang::cs) == blurred.cs);
  CHECK(his[1].in(Lang::uk) == "ВЛАСНІ-СЛОВА");
  CHECK(his[1].in(Lang::cs) == "VLASTNÍ-SLOVA");

  // A link made before carries the text itself: still read as it was.
  json wire = json::parse(bytes.substr(1));
  for (auto& c : wire["c"])
    if (c[0] == mira) {
      const std::string id = c[4]["i"][0][0];
      c[4]["i"] = json::array({json::array({id, {{"cs", festering.cs}, {"uk", ""}, {"en", ""}}})});
    }
  const Campaign old = share::decode(craft('t', wire.dump())).payload.get<Campaign>();
  const json& kept = find_creature(old, mira)->modules.at("lingering-injuries").at("injuries");
  REQUIRE(kept.size() == 1);
  CHECK(kept[0]["text"]["cs"] == festering.cs);
  // A table or row that is none is refused.
  for (const json& bad : {json::array({"i1", "no-such-table", 3}), json::array({"i1", "lingering-injury", 101}),
                          json::array({"i1", "lingering-injury", "43"})}) {
    for (auto& c : wire["c"])
      if (c[0] == mira) c[4]["i"] = json::array({bad});
    CHECK(decode_error(craft('t', wire.dump())) == "link.err.invalid");
  }
}

TEST_CASE("link character: a rolled injury travels as its table row and reads in the reader's language (cs, uk)",
          "[share][link][injuries]") {
  Table t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}});
  const std::string mira = t.pc("Mira", 17);
  t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 43}});  // a festering wound
  t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 3}});   // blurred vision, cured below
  t.run({{"type", "AddInjury"}, {"target", mira}, {"text", {{"cs", "VLASTNÍ-SLOVA"}, {"uk", "ВЛАСНІ-СЛОВА"}, {"en", "OWN-WORDS"}}},
         {"table", "lingering-injury"}, {"table_row", 43}});  // the DM's own words: they travel as written
  const std::string blurred_id = t.c(mira).modules["lingering-injuries"]["injuries"][1]["id"];
  t.run({{"type", "CureInjury"}, {"target", mira}, {"injury", blurred_id}});
  const tables::Table& table = tables::table("lingering-injury");
  const Text festering = tables::row_for(table, 43).text, blurred = tables::row_for(table, 3).text;
  // The DM's phone of the web build keeps the texts of the languages it had loaded: Czech only here.
  Campaign dm = t.state();
  for (auto& j : find_creature(dm, mira)->modules["lingering-injuries"]["injuries"])
    if (j["text"]["en"] != "OWN-WORDS") j["text"] = {{"cs", j["text"]["cs"]}, {"uk", ""}, {"en", ""}};
  const json stored = find_creature(dm, mira)->modules["lingering-injuries"]["injuries"];

  const std::string link = share::encode_character(dm, mira);
  const std::string bytes = link_bytes(link);
  CHECK(bytes.find(festering.cs.substr(0, 12)) == std::string::npos);  // no text of a table row in the link
  CHECK(bytes.find(blurred.cs.substr(0, 12)) == std::string::npos);
  CHECK(bytes.find("VLASTNÍ-SLOVA") != std::string::npos);
  // Without the rows' texts the link is shorter than with them (as links were made before).
  json old_wire = json::parse(bytes.substr(1));
  old_wire["cr"]["modules"]["lingering-injuries"]["injuries"] = stored;
  const std::string old_link = craft('c', old_wire.dump());
  INFO("character link " << link.size() << " characters, with the rows' texts " << old_link.size());
  CHECK(link.size() + 300 < old_link.size());

  const Campaign back = share::decode(link).payload.get<Campaign>();
  const json& got = find_creature(back, mira)->modules.at("lingering-injuries").at("injuries");
  REQUIRE(got.size() == 3);
  CHECK(got[0]["text"].get<Text>().in(Lang::uk) == festering.uk);  // the Ukrainian player reads it in Ukrainian
  CHECK(got[0]["text"].get<Text>().uk.rfind("Гнійна", 0) == 0);
  CHECK(got[0]["text"].get<Text>().in(Lang::cs) == festering.cs);
  CHECK(got[1]["text"].get<Text>().in(Lang::uk) == blurred.uk);
  CHECK(got[1]["cured"] == true);  // the whole injury travels: cured, its effects, since when
  CHECK(got[0]["effects"] == stored[0]["effects"]);
  CHECK(got[0]["since_minutes"] == stored[0]["since_minutes"]);
  CHECK(got[2]["text"].get<Text>().in(Lang::uk) == "ВЛАСНІ-СЛОВА");

  // A link made before carries the texts as stored: still read as it was.
  const Campaign old = share::decode(old_link).payload.get<Campaign>();
  CHECK(find_creature(old, mira)->modules.at("lingering-injuries").at("injuries") == stored);
  // An injury without its text that names no table row is refused.
  for (const json& bad : {json{{"table", "no-such-table"}, {"table_row", 3}}, json{{"table", "lingering-injury"}, {"table_row", 101}},
                          json{{"table", "lingering-injury"}, {"table_row", "43"}}, json{{"table_row", 43}}}) {
    json wire = json::parse(bytes.substr(1));
    json& j = wire["cr"]["modules"]["lingering-injuries"]["injuries"][0];
    j.erase("table"), j.erase("table_row");
    j.update(bad);
    INFO(bad.dump());
    CHECK(decode_error(craft('c', wire.dump())) == "link.err.invalid");
  }
}

TEST_CASE("link table: the modules' compact keys are their own", "[share][link]") {
  REQUIRE_NOTHROW(share::check_wire_keys(campaign::Engine::standard()));
  campaign::Engine e;
  campaign::DataField f{"size_guess", "text", false, {}};
  f.wire.key = "z";  // a creature's size in the base's compact form
  e.add_module({"guess", true, [](campaign::Engine&) {}, {.creature_data = {f}}});
  REQUIRE_THROWS_AS(share::check_wire_keys(e), std::logic_error);
}

TEST_CASE("link table: 6 characters and 10 monsters fit in under 1,000 characters", "[share][link]") {
  Table t(5);
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}});
  std::vector<std::string> pcs;
  for (const char* name : {"Mira", "Bořek", "Olena", "Tarn", "Jasna", "Kvido"})
    pcs.push_back(t.pc(name, 30 + static_cast<int>(pcs.size()) * 3, {{"level", 5}, {"ac", 15}}));
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 7}, {"ac", 15}});
  t.run({{"type", "AddCreature"}, {"name", "Hobgoblin"}, {"kind", "monster"}, {"hp", "2d8+2"}, {"count", 3}, {"ac", 18}});
  t.run({{"type", "StartEncounter"}});
  t.run({{"type", "ApplyDamage"}, {"target", pcs[0]}, {"amount", 9}});
  t.run({{"type", "SetCondition"}, {"target", pcs[1]}, {"condition", "prone"}, {"until", "end_of_next_turn"}});
  t.run({{"type", "SetCondition"}, {"target", pcs[2]}, {"condition", "poisoned"}, {"until", {{"kind", "minutes"}, {"minutes", 60}}}});
  t.run({{"type", "NextTurn"}});
  std::string link = share::encode_table(t.state(), {"a1b2c3d4", 1764480000000});
  INFO(link.size());
  WARN("table link for 6 PCs and 10 monsters: " << link.size() << " characters");
  REQUIRE(link.size() < 1000);
  share::Decoded d = share::decode(link);
  REQUIRE(d.payload["creatures"].size() == 16);
  REQUIRE(d.campaign_id == "a1b2c3d4");
  REQUIRE(d.made_at == 1764480000000);
}

TEST_CASE("link character: of the rules' own data on the character, only what a player may see", "[share][link]") {
  SecretTable s;
  Campaign c = s.state();
  Creature* m = nullptr;
  for (auto& x : c.creatures)
    if (x.id == s.mira) m = &x;
  REQUIRE(m);
  m->modules["potions"] = {{"drunk_since_long_rest", 2}, {"SECRET-UNDECLARED", 1}};  // declared, and not
  m->modules["SECRET-MODULE"] = {{"x", 1}};                          // data of a module this app does not have
  std::string link = share::encode_character(c, s.mira, {"camp-1", 0});
  std::string bytes = link_bytes(link);
  INFO(bytes);
  REQUIRE(bytes.find("SECRET") == std::string::npos);
  share::Decoded d = share::decode(link);
  const Campaign decoded = d.payload.get<Campaign>();
  const Creature& back = decoded.creatures.at(0);
  REQUIRE(back.modules == json({{"potions", {{"drunk_since_long_rest", 2}}}}));
}

TEST_CASE("player links: an unidentified item's command word and spells stay with the DM", "[share][link]") {
  SecretTable s;
  s.t.run({{"type", "AddMagicItem"}, {"target", s.mira}, {"name", "Wand"}, {"command_word", "SECRET-WORD"},
           {"charges", 3}, {"max_charges", 3}, {"spells", {{{"name", "SECRET-SPELL"}, {"level", 1}, {"cost", 1}}}},
           {"spell_dc", 13}});
  s.t.run({{"type", "AddMagicItem"}, {"target", s.mira}, {"name", "Ring"}, {"command_word", "Lumen"},
           {"spells", {{{"name", "light"}, {"level", 0}, {"cost", 0}}}}, {"identified", true}});
  const Campaign c = s.state();
  for (const std::string& link : {share::encode_character(c, s.mira, {"camp-1", 0}), share::encode_table(c)}) {
    std::string bytes = link_bytes(link);
    INFO(bytes);
    REQUIRE(bytes.find("SECRET") == std::string::npos);
  }
  // The character's copy has both items; the identified ring keeps what identifying it told.
  const Campaign mine = share::decode(share::encode_character(c, s.mira, {"camp-1", 0})).payload.get<Campaign>();
  const json items = mine.creatures.at(0).modules.at("magic-items").at("items");
  REQUIRE(items.size() == 2);
  REQUIRE(items[0]["name"] == "Wand");
  REQUIRE(items[0]["charges"] == 3);
  for (const char* k : {"command_word", "spells", "spell_dc"}) REQUIRE_FALSE(items[0].contains(k));
  REQUIRE(items[1]["command_word"] == "Lumen");
  REQUIRE(items[1]["spells"][0]["name"] == "light");
  // The DM's own state is untouched.
  REQUIRE(s.state().creatures.at(0).modules.dump().find("SECRET-WORD") != std::string::npos);
}

TEST_CASE("link character: one party member, both ways, without secrets", "[share][link]") {
  SecretTable s;
  s.t.run({{"type", "UpdateCreature"}, {"target", s.mira},
           {"patch", {{"inventory", {{{"name", "Lano"}, {"weight", 10}}}}, {"hit_die", 8}}}});
  std::string link = share::encode_character(s.state(), s.mira, {"camp-1", 0});
  std::string bytes = link_bytes(link);
  for (const char* secret : {"SECRET", "loyalty", "hidden", "Hans", "Goblin"}) REQUIRE(bytes.find(secret) == std::string::npos);
  share::Decoded d = share::decode(link);
  REQUIRE(d.kind == LinkKind::character);
  REQUIRE(d.creature == s.mira);
  REQUIRE(d.campaign_id == "camp-1");
  Campaign c = d.payload.get<Campaign>();
  REQUIRE(c.creatures.size() == 1);
  const Creature& m = c.creatures[0];
  const Creature& orig = *find_creature(s.t.state(), s.mira);
  REQUIRE(m.id == s.mira);
  REQUIRE(m.hit_die == 8);
  REQUIRE(m.inventory.size() == 1);
  REQUIRE(m.notes == "likes cats");  // a PC's notes are the player's
  REQUIRE_FALSE(m.modules.contains("npc-loyalty"));  // the DM's secret stays home
  json a = json(m), b = json(orig);
  REQUIRE(b["modules"].contains("npc-loyalty"));
  b["modules"].erase("npc-loyalty");
  if (b["modules"].empty()) b.erase("modules");
  // The copy remembers what its link held (what a merge back compares her changes against).
  REQUIRE(a.contains("received"));
  a.erase("received");
  b["conditions"][0].erase("source");
  a["conditions"][0].erase("source");
  // The prone condition was set during the hidden spy's turn: its id is not in the player's copy.
  REQUIRE(b["conditions"][0]["until"]["set_turn_of"] == s.spy);
  REQUIRE(a["conditions"][0]["until"]["set_turn_of"] == "");
  b["conditions"][0]["until"]["set_turn_of"] = "";
  REQUIRE(a == b);
  REQUIRE(bytes.find(s.spy) == std::string::npos);

  SECTION("back from the player: a levelled-up character") {
    Campaign mine = c;
    mine.creatures[0].level = 4;
    mine.creatures[0].max_hp = 24;
    share::Decoded back = share::decode(share::encode_character(mine, s.mira));
    REQUIRE(back.payload["creatures"][0]["level"] == 4);
    REQUIRE(back.payload["creatures"][0]["max_hp"] == 24);
  }
  SECTION("not for NPCs, monsters, hidden or missing creatures") {
    REQUIRE_REFUSED(share::encode_character(s.state(), s.hans), "link.err.not_party");
    REQUIRE_REFUSED(share::encode_character(s.state(), s.goblin), "link.err.not_party");
    REQUIRE_REFUSED(share::encode_character(s.state(), "c999"), "link.err.no_creature");
    Campaign h = s.state();
    find_creature(h, s.mira)->hidden = true;
    REQUIRE_REFUSED(share::encode_character(h, s.mira), "link.err.hidden");
  }
}

TEST_CASE("link campaign: the whole campaign with its history", "[share][link]") {
  SecretTable s;
  s.t.session.undo(1);
  std::string link = share::encode(LinkKind::campaign, s.t.session);
  share::Decoded d = share::decode(link);
  REQUIRE(d.kind == LinkKind::campaign);
  Session back = io::load_json(d.payload);
  REQUIRE(io::save_body(back) == io::save_body(s.t.session));
  REQUIRE(back.redo_depth() == 1);
  REQUIRE(back.state().settings.dm_notes == "SECRET-DM-NOTES");  // the DM's own device: everything moves
}

TEST_CASE("link decode: malformed, truncated, tampered, oversized and future links are refused", "[share][link]") {
  SecretTable s;
  const std::string link = share::encode_table(s.t.state());
  REQUIRE(decode_error(link) == "");
  REQUIRE(decode_error("http://127.0.0.1:8080/index.html" + link) == "");  // a whole URL
  REQUIRE(decode_error(link.substr(1)) == "");                              // without '#'
  REQUIRE(decode_error(link.substr(0, 40) + "\n " + link.substr(40)) == "");  // a line break from a chat app

  REQUIRE(decode_error("") == "link.err.not_link");
  REQUIRE(decode_error("#hello") == "link.err.not_link");
  REQUIRE(decode_error("#dx.abc") == "link.err.not_link");
  REQUIRE(decode_error("#d0.abc") == "link.err.not_link");
  REQUIRE(decode_error("#d2." + link.substr(4)) == "link.err.too_new");
  REQUIRE(decode_error("#d17.AAAA") == "link.err.too_new");
  try {
    share::decode("#d2.AAAA");
  } catch (const UserError& e) {
    REQUIRE(e.message(Lang::en).find("newer Družina") != std::string::npos);
  }
  REQUIRE(decode_error("#d1.abc$%") == "link.err.damaged");
  REQUIRE(decode_error("#d1.") == "link.err.truncated");

  // Every cut-off length is refused.
  for (size_t len = 4; len < link.size(); ++len) {
    std::string key = decode_error(link.substr(0, len));
    INFO(len);
    REQUIRE((key == "link.err.truncated" || key == "link.err.damaged" || key == "link.err.not_link"));
  }
  // Every changed character is refused or decodes to the same content.
  const json original = share::decode(link).payload;
  int refused = 0;
  for (size_t pos = 4; pos < link.size(); ++pos) {
    std::string t = link;
    t[pos] = t[pos] == 'A' ? 'B' : 'A';
    try {
      share::Decoded d = share::decode(t);
      REQUIRE(d.payload == original);  // only possible for a change in the unused low bits of the last character
    } catch (const UserError& e) {
      REQUIRE(e.key().rfind("link.err.", 0) == 0);
      ++refused;
    }
  }
  REQUIRE(refused >= static_cast<int>(link.size()) - 6);

  // A crafted link with a correct checksum still passes the guard and the validation.
  REQUIRE(decode_error(craft('t', std::string(100000, '[') + std::string(100000, ']'))) == "link.err.invalid");
  REQUIRE(decode_error(craft('t', "{\"n\": 1e400}")) == "link.err.invalid");
  REQUIRE(decode_error(craft('t', "{\"n\": \"\xC3\x28\"}")) == "link.err.invalid");
  REQUIRE(decode_error(craft('t', "[1, 2")) == "link.err.invalid");
  REQUIRE(decode_error(craft('t', "{}")) == "link.err.invalid");
  REQUIRE(decode_error(craft('c', "{\"n\":\"x\",\"l\":\"en\",\"r\":{},\"x\":2014,\"cr\":{\"id\":\"c1\",\"name\":\"A\",\"loyalty\":3}}")) ==
          "link.err.invalid");  // a secret field is not accepted either
  REQUIRE(decode_error(craft('a', "{\"s\": {\"app\": \"druzina\"}}")) == "link.err.invalid");
  REQUIRE(decode_error(craft('x', "{}")) == "link.err.damaged");
  // A zip bomb: 9 MiB of spaces deflate to a few kilobytes.
  std::string bomb = craft('t', std::string(9u << 20, ' '));
  REQUIRE(bomb.size() < 40000);
  REQUIRE(decode_error(bomb) == "link.err.too_large");
  try {
    share::decode("#d1.abc$%");
  } catch (const UserError& e) {
    REQUIRE(e.message(Lang::cs).find("poškozený") != std::string::npos);
    REQUIRE(e.message(Lang::uk).find("пошкоджене") != std::string::npos);
  }
}

TEST_CASE("link: base64url round trip", "[share][link]") {
  Rng rng(9);
  for (int n = 0; n < 200; ++n) {
    std::string bytes;
    for (int i = 0; i < n; ++i) bytes.push_back(static_cast<char>(rng.below(256)));
    std::string text = share::base64url_encode(bytes);
    REQUIRE(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == std::string::npos);
    REQUIRE(share::base64url_decode(text) == bytes);
  }
  REQUIRE_FALSE(share::base64url_decode("ab+c").has_value());
}

TEST_CASE("link table: the casters' spell slots travel - the player's phone counts them as the DM's",
          "[share][link][spell-slots]") {
  Table t(8);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}});
  const std::string mira = t.pc("Mira", 28, {{"level", 5}});
  const std::string olena = t.pc("Olena", 24, {{"level", 3}});
  const std::string bors = t.pc("Bors", 40, {{"level", 5}});
  t.run({{"type", "SetClass"}, {"target", mira}, {"class", "wizard"}, {"subclass", "Evocation"}});
  t.run({{"type", "SetClass"}, {"target", olena}, {"class", "warlock"}});
  t.run({{"type", "SetClass"}, {"target", bors}, {"class", "fighter"}});
  t.run({{"type", "SpendSpellSlot"}, {"target", mira}, {"level", 1}});
  t.run({{"type", "SpendSpellSlot"}, {"target", mira}, {"level", 1}});
  t.run({{"type", "SpendSpellSlot"}, {"target", mira}, {"level", 3}});
  t.run({{"type", "SpendSpellSlot"}, {"target", olena}, {"level", 2}, {"pact", true}});
  const std::string link = share::encode_table(t.state(), {"a1b2c3d4", 1764480000000});
  const Campaign back = share::decode(link).payload.get<Campaign>();
  for (const std::string& id : {mira, olena, bors}) {
    INFO(id);
    const rules::SlotsView dm = rules::slots_view(t.state(), t.c(id)), hers = rules::slots_view(back, *find_creature(back, id));
    CHECK(hers.max == dm.max);
    CHECK(hers.left == dm.left);
    CHECK(hers.pact_max == dm.pact_max);
    CHECK(hers.pact_left == dm.pact_left);
    CHECK(hers.pact_level == dm.pact_level);
    CHECK(hers.dc == dm.dc);
  }
  const rules::SlotsView m = rules::slots_view(back, *find_creature(back, mira));
  CHECK(m.left[0] == 2);
  CHECK(m.max[0] == 4);
  CHECK(m.left[2] == 1);
  CHECK(rules::slots_view(back, *find_creature(back, olena)).pact_left == 1);
  CHECK(find_creature(back, mira)->modules.at("classes").at("subclass") == "Evocation");

  // what the slots add to the link: measured against the same link without them (as made before)
  const std::string bytes = link_bytes(link);
  json before = json::parse(bytes.substr(1));
  for (auto& c : before["c"])
    if (c.size() > 4)
      for (const char* k : {"k", "ks", "ss", "sp", "sr", "sc", "st"}) c[4].erase(k);
  const std::string old_link = craft('t', before.dump());
  WARN("table link, 3 characters (2 casters): " << link.size() << " characters with the slots, " << old_link.size()
                                                << " without");
  CHECK(link.size() <= old_link.size() + 80);  // (measured: 211 → 276; a subclass is typed text)
  CHECK(bytes.find("\"ss\":[2,0,1]") != std::string::npos);  // trailing zeros cut

  // a hostile compact form is refused, never a crash
  for (const json& bad : {json{{"ss", "2"}}, json{{"ss", json::array()}}, json{{"ss", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}},
                          json{{"ss", {99}}}, json{{"sp", "1"}}, json{{"sr", true}}, json{{"sc", {{"wizard"}}}},
                          json{{"sc", "wizard:3"}}, json{{"st", {1, 2}}}, json{{"k", 7}}, json{{"ks", json::object()}}}) {
    json wire = json::parse(bytes.substr(1));
    for (auto& c : wire["c"])
      if (c[0] == mira) c[4].update(bad);
    INFO(bad.dump());
    CHECK(decode_error(craft('t', wire.dump())) == "link.err.invalid");
  }
}

TEST_CASE("link character: a scar the rules wrote travels as its injury and reads in the reader's language",
          "[share][link][injuries]") {
  Table t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}});
  const std::string mira = t.pc("Mira", 17);
  for (int roll : {7, 8}) {  // broken arms: cured by a 5th-level spell, each leaves a minor scar
    t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", roll}});
    const json list = t.c(mira).modules["lingering-injuries"]["injuries"];
    t.run({{"type", "TreatInjury"}, {"target", mira}, {"injury", list.back()["id"]}, {"method", "magic"}, {"spell_level", 5}});
  }
  // and one in the DM's own words
  t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 8}});
  const json list = t.c(mira).modules["lingering-injuries"]["injuries"];
  t.run({{"type", "CureInjury"}, {"target", mira}, {"injury", list.back()["id"]},
         {"scar", {{"cs", "BLEDÁ-ČÁRA"}, {"uk", "БЛІДА-РИСКА"}, {"en", "PALE-LINE"}}}});
  const json stored = t.c(mira).modules["lingering-injuries"]["scars"];
  REQUIRE(stored.size() == 3);
  const std::string scar_cs = stored[0]["text"]["cs"];
  REQUIRE(scar_cs.rfind("Drobná jizva", 0) == 0);

  const std::string link = share::encode_character(t.state(), mira);
  const std::string bytes = link_bytes(link);
  CHECK(bytes.find("Drobná jizva") == std::string::npos);  // no words of a scar the rules wrote
  CHECK(bytes.find("\"scar_of\":\"broken_arm\"") != std::string::npos);
  CHECK(bytes.find("PALE-LINE") != std::string::npos);  // the DM's own words travel as written
  json old_wire = json::parse(bytes.substr(1));
  old_wire["cr"]["modules"]["lingering-injuries"]["scars"] = stored;
  const std::string old_link = craft('c', old_wire.dump());
  WARN("character link with 3 scars: " << link.size() << " characters, with the scars' words " << old_link.size());
  CHECK(link.size() + 100 < old_link.size());

  // back: the whole scar, its words in every language (the Ukrainian reader reads Ukrainian)
  const Campaign back = share::decode(link).payload.get<Campaign>();
  const json got = find_creature(back, mira)->modules.at("lingering-injuries").at("scars");
  CHECK(got == stored);
  CHECK(got[0]["text"].get<Text>().in(Lang::uk).find("рука") != std::string::npos);
  // a link made before carries the words: read as it was
  const Campaign old = share::decode(old_link).payload.get<Campaign>();
  CHECK(find_creature(old, mira)->modules.at("lingering-injuries").at("scars") == stored);
  // a scar of no injury the tables know, or without words and kind, is refused
  for (const json& bad : {json{{"scar_of", "no_such_injury"}}, json{{"scar_of", 3}}, json::object()}) {
    json wire = json::parse(bytes.substr(1));
    json& sc = wire["cr"]["modules"]["lingering-injuries"]["scars"][0];
    sc.erase("scar_of");
    sc.update(bad);
    INFO(bad.dump());
    CHECK(decode_error(craft('c', wire.dump())) == "link.err.invalid");
  }
}

TEST_CASE("link table: a party member's ability scores travel - her sheet, DC and attack read as on the DM's phone",
          "[share][link]") {
  Table t(8);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}});
  const std::string mira = t.pc("Mira", 28, {{"level", 5}, {"abilities", {{"str", 8}, {"dex", 14}, {"con", 13},
                                                                            {"int", 17}, {"wis", 12}, {"cha", 10}}}});
  const std::string bors = t.pc("Bors", 40, {{"level", 5}});  // all 10: nothing sent
  t.run({{"type", "SetClass"}, {"target", mira}, {"class", "wizard"}});
  const std::string link = share::encode_table(t.state(), {"a1b2c3d4", 1764480000000});
  const std::string bytes = link_bytes(link);
  CHECK(bytes.find("\"A\":[8,14,13,17,12,10]") != std::string::npos);
  CHECK(bytes.find("\"A\":[10,10,10,10,10,10]") == std::string::npos);
  const Campaign back = share::decode(link).payload.get<Campaign>();
  const Creature& hers = *find_creature(back, mira);
  CHECK(hers.abilities.int_ == 17);
  CHECK(hers.abilities.str == 8);
  CHECK(find_creature(back, bors)->abilities.cha == 10);
  const rules::SlotsView dm = rules::slots_view(t.state(), t.c(mira)), copy = rules::slots_view(back, hers);
  CHECK(copy.dc == dm.dc);
  CHECK(copy.dc == 14);  // 8 + 3 + INT 17's +3
  CHECK(copy.attack == dm.attack);
  // a hostile form is refused, never a crash
  for (const json& bad : {json("8,14"), json{8, 14, 13}, json{8, 14, 13, 17, 12, 0}, json{8, 14, 13, 17, 12, 31},
                          json{8, 14, 13, 17, 12, "10"}}) {
    json wire = json::parse(bytes.substr(1));
    for (auto& c : wire["c"])
      if (c[0] == mira) c[4]["A"] = bad;
    INFO(bad.dump());
    CHECK(decode_error(craft('t', wire.dump())) == "link.err.invalid");
  }
}
