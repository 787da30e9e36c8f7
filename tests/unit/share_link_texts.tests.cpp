// Words from the app's data in a player's link: a madness, a disease, a poison and a scar travel by the table row or
// the data's id they are (the reader's phone writes their words in her language), never as the DM's phone's words —
// in the table link (and so the live table) and the character link; a link made before still reads.
#include "rules_helpers.hpp"
#include "core/live/view.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/rules/lingering_injuries/lingering_injuries.hpp"
#include "core/rules/madness/madness.hpp"
#include "core/rules/poisons/poisons.hpp"
#include "core/share/link.hpp"
#include "core/tables/table.hpp"
#include "../support/link_bytes.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::string decode_error(const std::string& link) {
  try {
    share::decode(link);
  } catch (const UserError& e) {
    return e.key();
  }
  return "";
}

std::string craft(char kind, const json& wire) { return share::frame_payload(kind, wire.dump()); }

// A Czech DM's table: Mira (a PC) with a long-term madness, sight rot, malice and two scars (one the rules wrote,
// one in the DM's words); a hidden NPC with a madness and a disease of its own, which must not travel.
struct CzechTable {
  RulesTable t{5};
  std::string mira, spy;
  Text madness, disease, poison, scar;
  CzechTable() {
    new_campaign(t, {{"language", "cs"}, {"rules", {{"madness", true}, {"diseases", true}}}});
    mira = t.pc("Mira", 30);
    spy = t.add({{"name", "Špeh"}, {"kind", "npc"}, {"hp", 9}});
    t.run({{"type", "InflictMadness"}, {"target", mira}, {"kind", "long"}, {"roll", 37}, {"duration_roll", 2}});
    t.run({{"type", "InfectDisease"}, {"target", mira}, {"disease", "sight-rot"}, {"symptoms", true}});
    t.run({{"type", "PoisonCreature"}, {"target", mira}, {"poison", "malice"}, {"roll", 3}});
    t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 7}});  // a broken arm, cured by a 5th-level spell: a scar
    const json injuries = t.c(mira).modules["lingering-injuries"]["injuries"];
    t.run({{"type", "TreatInjury"}, {"target", mira}, {"injury", injuries.back()["id"]}, {"method", "magic"}, {"spell_level", 5}});
    t.run({{"type", "RollInjury"}, {"target", mira}, {"roll", 8}});
    const json more = t.c(mira).modules["lingering-injuries"]["injuries"];
    t.run({{"type", "CureInjury"}, {"target", mira}, {"injury", more.back()["id"]},
           {"scar", {{"cs", "BLEDÁ-ČÁRA"}, {"uk", "БЛІДА-РИСКА"}, {"en", "PALE-LINE"}}}});
    t.run({{"type", "InflictMadness"}, {"target", spy}, {"kind", "short"}, {"roll", 85}, {"source", "SECRET-SPY-MADNESS"}});
    t.run({{"type", "InfectDisease"}, {"target", spy}, {"disease", "cackle-fever"}, {"source", "SECRET-SPY-DISEASE"}});
    t.run({{"type", "SetHidden"}, {"targets", {spy}}, {"hidden", true}});
    madness = tables::row_for(tables::table("madness-long"), 37).text;
    disease = rules::find_disease("sight-rot")->name;
    poison = rules::find_poison("malice")->name;
    scar = t.c(mira).modules["lingering-injuries"]["scars"][0]["text"].get<Text>();
    REQUIRE(rules::madness_of(t.c(mira)).size() == 1);
    REQUIRE(rules::infections_of(t.c(mira)).size() == 1);
    REQUIRE(rules::poison_effects_of(t.c(mira)).size() == 1);
    REQUIRE(scar.cs.rfind("Drobná jizva", 0) == 0);
  }
  // The DM's phone of the web build keeps the texts of the languages it had loaded: Czech only.
  Campaign dm() const {
    Campaign c = t.state();
    for (auto& x : c.creatures)
      if (x.id == mira)
        for (auto& sc : x.modules["lingering-injuries"]["scars"])
          if (sc["text"]["en"] != "PALE-LINE") sc["text"] = {{"cs", sc["text"]["cs"]}, {"uk", ""}, {"en", ""}};
    return c;
  }
};

// What the reader's phone shows of Mira's afflictions, in `lang`.
struct Shown {
  std::string madness, disease, poison, scar, own_scar;
};
Shown shown(const Campaign& c, const std::string& id, Lang lang) {
  const Creature& x = *find_creature(c, id);
  Shown s;
  const auto mad = rules::madness_of(x);
  const auto inf = rules::infections_of(x);
  const auto poi = rules::poison_effects_of(x);
  const auto view = rules::injuries_view(c, x);
  REQUIRE(mad.size() == 1);
  REQUIRE(inf.size() == 1);
  REQUIRE(inf[0].info);
  REQUIRE(poi.size() == 1);
  REQUIRE(poi[0].info);
  REQUIRE(view.scars.size() == 2);
  s.madness = mad[0].text.in(lang);
  s.disease = inf[0].info->name.in(lang);
  s.poison = poi[0].info->name.in(lang);
  s.scar = view.scars[0].text.in(lang);
  s.own_scar = view.scars[1].text.in(lang);
  return s;
}

void check_words_of(const Shown& s, const CzechTable& ct, Lang lang) {
  const auto in = [lang](const Text& t) { return t.in(lang); };
  CHECK(s.madness == in(ct.madness));
  CHECK(s.disease == in(ct.disease));
  CHECK(s.poison == in(ct.poison));
  CHECK(s.scar == in(ct.scar));
  CHECK(s.own_scar == (lang == Lang::cs ? "BLEDÁ-ČÁRA" : lang == Lang::uk ? "БЛІДА-РИСКА" : "PALE-LINE"));
}

// Czech words of the data that must not be in a link's bytes (their first 12 bytes).
void check_no_czech(const std::string& bytes, const CzechTable& ct) {
  for (const Text* t : {&ct.madness, &ct.disease, &ct.poison, &ct.scar}) {
    INFO(t->cs);
    CHECK(bytes.find(t->cs.substr(0, 12)) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("link table: madness, a disease, a poison and a scar travel as what they are and read in the reader's language",
          "[share][link][madness][diseases]") {
  CzechTable ct;
  const Campaign dm = ct.dm();
  const std::string link = share::encode_table(dm, {"a1b2c3d4", 1764480000000});
  const std::string bytes = link_bytes(link);
  INFO(bytes);
  check_no_czech(bytes, ct);
  CHECK(bytes.find("\"mx\":[[") != std::string::npos);
  CHECK(bytes.find("\"madness-long\",37") != std::string::npos);
  CHECK(bytes.find("\"ds\":[[\"sight-rot\"") != std::string::npos);
  CHECK(bytes.find("\"po\":[[") != std::string::npos);
  CHECK(bytes.find("\"is\":[\"broken_arm\"") != std::string::npos);
  CHECK(bytes.find("BLEDÁ-ČÁRA") != std::string::npos);  // the DM's own words travel as written
  // the hidden NPC's madness and disease do not travel at all
  for (const char* secret : {"SECRET-SPY-MADNESS", "SECRET-SPY-DISEASE", "cackle-fever", "madness-short", "Špeh"})
    CHECK(bytes.find(secret) == std::string::npos);

  const Campaign back = share::decode(link).payload.get<Campaign>();
  CHECK(find_creature(back, ct.spy) == nullptr);
  for (Lang lang : {Lang::uk, Lang::en, Lang::cs}) {
    INFO(lang_code(lang));
    check_words_of(shown(back, ct.mira, lang), ct, lang);
  }
  const Shown uk = shown(back, ct.mira, Lang::uk);
  CHECK(uk.madness != ct.madness.cs);  // really another language's words
  CHECK(uk.scar.find("рука") != std::string::npos);
  // what else the entries hold comes back as the DM has it
  const Creature& hers = *find_creature(back, ct.mira);
  CHECK(hers.modules.at("madness").at("effects") == ct.t.c(ct.mira).modules.at("madness").at("effects"));
  CHECK(hers.modules.at("diseases").at("infections") == ct.t.c(ct.mira).modules.at("diseases").at("infections"));
  CHECK(hers.modules.at("poisons").at("effects") == ct.t.c(ct.mira).modules.at("poisons").at("effects"));
  CHECK(back.next_id > std::stoll(rules::madness_of(ct.t.c(ct.mira))[0].id.substr(1)));  // the madness's id is taken

  // the live table sends the same view: a player's phone reads it in her language
  const json view = live::players_view(dm);
  CHECK(view == share::table_view(dm));
  const Campaign live_copy = share::read_table_view(view).get<Campaign>();
  check_words_of(shown(live_copy, ct.mira, Lang::uk), ct, Lang::uk);

  // a link made before carries none of them: read as it was
  json old_wire = json::parse(bytes.substr(1));
  for (auto& c : old_wire["c"])
    if (c.size() > 4)
      for (const char* k : {"mx", "ds", "po", "is"}) c[4].erase(k);
  const std::string old_link = craft('t', old_wire);
  const Campaign old = share::decode(old_link).payload.get<Campaign>();
  CHECK(rules::madness_of(*find_creature(old, ct.mira)).empty());
  CHECK(rules::infections_of(*find_creature(old, ct.mira)).empty());
  // the same entries with the Czech words beside them, as the DM's phone would show them (what they would cost)
  json words_wire = json::parse(bytes.substr(1));
  for (auto& c : words_wire["c"])
    if (c[0] == ct.mira) {
      c[4]["mx"][0].push_back(ct.madness.cs);
      c[4]["ds"][0].push_back(ct.disease.cs);
      c[4]["ds"][0].push_back(rules::find_disease("sight-rot")->symptoms.cs);
      c[4]["po"][0].push_back(ct.poison.cs);
      c[4]["is"][0] = ct.scar.cs;
    }
  const std::string words_link = craft('t', words_wire);
  WARN("table link, 1 PC: " << old_link.size() << " characters without her madness, disease, poison and 2 scars, "
                            << link.size() << " with them, " << words_link.size() << " with their Czech words");
  CHECK(link.size() < old_link.size() + 240);  // (one scar is in the DM's own words, in three languages)
  CHECK(link.size() + 150 < words_link.size());

  // a hostile form is refused, never a crash
  const auto one = [](json row) { return json::array({std::move(row)}); };
  for (const json& bad :
       {json{{"mx", "m1"}}, json{{"mx", one(json::array({"m1", "long", "madness-short", 37, 0, 600, 1}))}},
        json{{"mx", one(json::array({3, "long", "madness-long", 37, 0, 600}))}},
        json{{"mx", one(json::array({"m1", "long", "madness-long", 37, 0, 600, 1, nullptr, nullptr, 7}))}},
        json{{"ds", one(json::array({"no-such-disease", "sick", 0, 15}))}}, json{{"ds", json::array({"sight-rot"})}},
        json{{"po", one(json::array({"p1", "no-such-poison", 0, 15}))}}, json{{"is", json::array({"no_such_injury"})}},
        json{{"is", json::array({3})}}, json{{"is", "broken_arm"}}}) {
    json wire = json::parse(bytes.substr(1));
    for (auto& c : wire["c"])
      if (c[0] == ct.mira) c[4].update(bad);
    INFO(bad.dump());
    CHECK(decode_error(craft('t', wire)) == "link.err.invalid");
  }
}

TEST_CASE("link character: madness, a disease, a poison and a scar read in the reader's language, no Czech words",
          "[share][link][madness][diseases]") {
  CzechTable ct;
  const Campaign dm = ct.dm();
  const std::string link = share::encode_character(dm, ct.mira);
  const std::string bytes = link_bytes(link);
  INFO(bytes);
  check_no_czech(bytes, ct);
  CHECK(bytes.find("\"scar_of\":\"broken_arm\"") != std::string::npos);
  const Campaign back = share::decode(link).payload.get<Campaign>();
  for (Lang lang : {Lang::uk, Lang::en}) {
    INFO(lang_code(lang));
    check_words_of(shown(back, ct.mira, lang), ct, lang);
  }
  WARN("character link with a madness, a disease, a poison and 2 scars: " << link.size() << " characters");
}
