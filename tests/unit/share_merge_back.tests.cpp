// A character back from its player (share::merge_back): what the DM's creature takes from the player's copy —
// her sheet and the rules' data she owns (hero points, intelligence picks) — and what stays as the DM runs it.
// The player's copy goes through real character links both ways.
#include "core/share/link.hpp"
#include "core/share/merge_back.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// The player's copy of a creature, as a character link carries it.
Creature through_link(const Campaign& c, const std::string& id) {
  Campaign copy = share::decode(share::encode_character(c, id)).payload.get<Campaign>();
  REQUIRE(copy.creatures.size() == 1);
  return copy.creatures[0];
}

const json kPick = {{"kind", "skill"}, {"name", "arcana"}, {"taken_at_level", 4}, {"order", 1}};

}  // namespace

TEST_CASE("merge back: the player's sheet and her own rule data come back, the DM's table state stays", "[share][merge]") {
  RulesTable t(7);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  const std::string mira = t.pc("Mira", 17, {{"level", 3}, {"modules", {{"npc-loyalty", {{"legacy", 4}}}}}});
  t.run({{"type", "SetHeroPoints"}, {"target", mira}, {"value", 3}});
  t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", {{"modules", {{"potions", {{"drunk_since_long_rest", 2}}}}}}}});
  t.run({{"type", "SetCondition"}, {"target", mira}, {"condition", "prone"}});

  // On the player's phone: a level-up, one hero point spent, a pick, and her copy knows nothing of the potions
  // the DM counted nor of the prone condition.
  Creature p = through_link(t.state(), mira);
  REQUIRE(p.modules["hero-points"]["points"] == 3);
  p.level = 4, p.max_hp = 24, p.hp = 24, p.temp_hp = 5;
  p.conditions.clear();
  p.modules["hero-points"]["points"] = 2;
  p.modules["intelligence"]["picks"] = json::array({kPick});
  p.modules.erase("potions");
  Campaign player;
  player.creatures.push_back(p);

  const Creature back = through_link(player, mira);
  const share::MergeBack m = share::merge_back(*find_creature(t.state(), mira), back);
  CHECK(m.patch["level"] == 4);
  CHECK(m.patch["max_hp"] == 24);
  CHECK(m.patch["hp"] == 24);  // with a new maximum
  CHECK(m.patch["modules"] == json{{"hero-points", {{"points", 2}}}, {"intelligence", {{"picks", json::array({kPick})}}}});
  for (const char* kept : {"temp_hp", "conditions", "loyalty", "id", "kind"}) CHECK_FALSE(m.patch.contains(kept));
  std::vector<std::string> changed;
  for (const auto& ch : m.changes) changed.push_back(ch.module.empty() ? ch.field : ch.module + "." + ch.field);
  CHECK(changed == std::vector<std::string>{"level", "max_hp", "hp", "hero-points.points", "intelligence.picks"});

  t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", m.patch}});
  const Creature& x = *find_creature(t.state(), mira);
  CHECK(x.level == 4);
  CHECK(rules::hero_points_of(x) == 2);
  CHECK(x.modules["intelligence"]["picks"].size() == 1);
  CHECK(x.modules["potions"]["drunk_since_long_rest"] == 2);  // counted by the DM at the table
  CHECK(x.conditions.size() == 1);
  CHECK(x.temp_hp == 0);
  CHECK(x.modules.at("npc-loyalty").at("legacy") == 4);
  t.session.undo();  // one undo step
  CHECK(rules::hero_points_of(*find_creature(t.state(), mira)) == 3);
  CHECK(find_creature(t.state(), mira)->level == 3);
}

TEST_CASE("merge back: every hero point spent on the player's copy (absent data) reaches the DM as none", "[share][merge]") {
  RulesTable t(7);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  const std::string mira = t.pc("Mira", 17);
  t.run({{"type", "SetHeroPoints"}, {"target", mira}, {"value", 1}});
  Creature p = through_link(t.state(), mira);
  p.modules.erase("hero-points");
  Campaign player;
  player.creatures.push_back(p);
  const share::MergeBack m = share::merge_back(*find_creature(t.state(), mira), through_link(player, mira));
  REQUIRE(m.changes.size() == 1);
  CHECK(m.changes[0].before == 1);
  CHECK(m.changes[0].after.is_null());
  t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", m.patch}});
  CHECK(rules::hero_points_of(*find_creature(t.state(), mira)) == 0);

  SECTION("nothing changed: an empty patch") {
    const Creature& x = *find_creature(t.state(), mira);
    const share::MergeBack same = share::merge_back(x, through_link(t.state(), mira));
    CHECK(same.patch.empty());
    CHECK(same.changes.empty());
  }
}

// Lingering injuries are the DM's (she rolls and cures them at the table); a scar stays on the player's sheet and
// comes back with her character, as the base field did until schema 4.
TEST_CASE("merge back: scars come back with the player's copy, lingering injuries stay as the DM runs them", "[share][merge]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 17);
  t.run({{"type", "AddInjury"}, {"target", mira}, {"text", "Broken arm"}});
  const std::string arm = rules::injuries_of(t.c(mira))[0].id;
  t.run({{"type", "AddInjury"}, {"target", mira}, {"text", "Limp"}});

  Creature p = through_link(t.state(), mira);
  REQUIRE(p.modules["lingering-injuries"]["injuries"].size() == 2);  // players see them
  p.modules["lingering-injuries"]["injuries"] = json::array();        // the player's copy lost or changed them
  p.modules["lingering-injuries"]["scars"] = json::array({{{"text", {{"cs", "Jizva"}, {"uk", "Шрам"}, {"en", "A scar"}}},
                                                           {"since_minutes", 0}, {"from_injury", ""}}});
  Campaign player;
  player.creatures.push_back(p);
  const share::MergeBack m = share::merge_back(*find_creature(t.state(), mira), through_link(player, mira));
  REQUIRE(m.changes.size() == 1);
  CHECK(m.changes[0].module == "lingering-injuries");
  CHECK(m.changes[0].field == "scars");
  CHECK_FALSE(m.patch["modules"]["lingering-injuries"].contains("injuries"));

  t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", m.patch}});
  CHECK(rules::injuries_of(t.c(mira)).size() == 2);
  CHECK(rules::injuries_of(t.c(mira))[0].id == arm);
  REQUIRE(rules::scars_of(t.c(mira)).size() == 1);
  CHECK(rules::scars_of(t.c(mira))[0].text.in(Lang::en) == "A scar");
}

namespace {

// Mira as the DM keeps her: every field away from its default, so that a default written back shows.
const json kMira = {{"level", 3}, {"hit_die", 8}, {"race", "elf"}, {"speed", 35}, {"ac", 14}, {"initiative_bonus", 3},
                    {"abilities", {{"str", 8}, {"dex", 16}, {"con", 14}, {"int", 17}, {"wis", 12}, {"cha", 13}}},
                    {"inventory", json::array({{{"name", "Rope"}, {"weight", 10}, {"qty", 1}}})},
                    {"resistances", json::array({"fire"})}, {"notes", "Her sister is in Brno."}};

// The DM's creature as JSON without the fields a merge may change.
json without(const Creature& x, std::initializer_list<const char*> fields) {
  json j = x;
  for (const char* f : fields) j.erase(f);
  return j;
}

}  // namespace

TEST_CASE("merge back: a level-up from a table copy or a character copy changes only what the player changed", "[share][merge]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 24, kMira);
  const std::string borek = t.pc("Borek", 30, {{"level", 3}});

  SECTION("from the table link: the copy holds her abilities but no hit die — both stay as the DM has them") {
    Campaign player = share::decode(share::encode_table(t.state())).payload.get<Campaign>();
    Creature& p = player.creatures[static_cast<size_t>(player.creatures.find(mira))];
    REQUIRE(p.abilities.str == 8);  // the table link carries a party member's scores
    REQUIRE(p.hit_die != 8);        // and not the hit die: her copy shows the default
    p.level = 4, p.max_hp = 31, p.hp = 31;
    // Meanwhile the DM changes her AC at the table.
    t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", {{"ac", 16}}}});
    const Creature before = t.c(mira);

    const share::MergeBack m = share::merge_back(before, through_link(player, mira));
    CHECK(m.patch == json{{"level", 4}, {"max_hp", 31}, {"hp", 31}});
    t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", m.patch}});
    const Creature& after = t.c(mira);
    CHECK(after.level == 4);
    CHECK(after.max_hp == 31);
    CHECK(without(after, {"level", "max_hp", "hp"}) == without(before, {"level", "max_hp", "hp"}));
    CHECK(after.abilities.int_ == 17);
    CHECK(after.hit_die == 8);
    CHECK(after.ac == 16);
  }

  SECTION("from the table link with the party's HP as a status: the copy's placeholder HP stay on the phone") {
    t.run({{"type", "SetSettings"}, {"hp_visibility", {{"party", "status"}, {"others", "status"}}}});
    Campaign player = share::decode(share::encode_table(t.state())).payload.get<Campaign>();
    for (auto& x : player.creatures)
      if (x.id == borek) x.level = 4;
    const Creature before = t.c(borek);
    const share::MergeBack m = share::merge_back(before, through_link(player, borek));
    CHECK(m.patch == json{{"level", 4}});
  }

  SECTION("from a character link: her notes and level come back, the DM's later changes stay") {
    Creature p = through_link(t.state(), mira);
    p.level = 4, p.max_hp = 31, p.hp = 31;
    p.notes = "Her sister is in Olomouc now.";
    Campaign player;
    player.creatures.push_back(p);
    t.run({{"type", "UpdateCreature"}, {"target", mira},
           {"patch", {{"ac", 17}, {"inventory", json::array({{{"name", "Lantern"}, {"weight", 2}, {"qty", 1}}})}}}});
    const Creature before = t.c(mira);

    const share::MergeBack m = share::merge_back(before, through_link(player, mira));
    CHECK(m.patch == json{{"level", 4}, {"max_hp", 31}, {"hp", 31}, {"notes", "Her sister is in Olomouc now."}});
    t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", m.patch}});
    const Creature& after = t.c(mira);
    CHECK(without(after, {"level", "max_hp", "hp", "notes"}) == without(before, {"level", "max_hp", "hp", "notes"}));
    CHECK(after.ac == 17);
    CHECK(after.inventory.size() == 1);
    CHECK(after.inventory[0].name == "Lantern");
  }

  SECTION("a link that does not say what changed (an older app's) still takes every field it holds") {
    Creature p = through_link(t.state(), mira);
    p.extra.erase(share::kReceived);
    p.level = 4;
    Campaign player;
    player.creatures.push_back(p);
    t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", {{"ac", 17}}}});
    const share::MergeBack m = share::merge_back(t.c(mira), through_link(player, mira));
    CHECK(m.patch == json{{"level", 4}, {"ac", 14}});
  }
}
