// The planes rule: the planes as data, SetPlane (the campaign's and a creature's own), the end-of-long-rest saves
// (outer-plane dissonance by alignment, Hades, the alignment-changing planes, the Abyss's corruption table, the
// Shadowfell's despair and shaking it off), Mechanus's law of averages on every dice form and on the engine's damage
// rolls (monster attacks, poisons), the planar tables and the `limbo` calculator.
#include <set>

#include "core/calc/calc.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/tables/table.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::string plane(const RulesTable& t) { return rules::campaign_plane(t.state()); }

std::string resolve(RulesTable& t, const std::string& kind, int roll) {
  const std::string p = the_prompt(t.state(), kind);
  t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", roll}});
  return p;
}

}  // namespace

TEST_CASE("planes: the list, its texts and the outer planes' sides", "[rules][planes]") {
  const auto& all = rules::plane_list();
  CHECK(all.size() == 26);
  size_t outer = 0;
  for (const auto& p : all) {
    CAPTURE(p.id);
    CHECK(p.name.complete());
    if (p.kind == "outer") {
      ++outer;
      CHECK(!p.alignments.empty());
      CHECK(p.effect.complete());
      CHECK(!p.reference.empty());
    }
  }
  CHECK(outer == 16);
  CHECK(rules::find_plane("mount-celestia")->side == 1);
  CHECK(rules::find_plane("ysgard")->side == 1);    // CG/CN: some good
  CHECK(rules::find_plane("arcadia")->side == 1);   // LN/LG
  CHECK(rules::find_plane("acheron")->side == -1);  // LN/LE
  CHECK(rules::find_plane("pandemonium")->side == -1);
  CHECK(rules::find_plane("limbo")->side == 0);
  CHECK(rules::find_plane("mechanus")->side == 0);
  CHECK(rules::find_plane("nowhere") == nullptr);

  // Dissonance: good on a lower plane, evil on an upper one; neutral, unaligned and unknown never.
  const auto& hells = *rules::find_plane("nine-hells");
  const auto& elysium = *rules::find_plane("elysium");
  CHECK(rules::dissonant(hells, "lg"));
  CHECK(rules::dissonant(hells, "cg"));
  CHECK_FALSE(rules::dissonant(hells, "n"));
  CHECK_FALSE(rules::dissonant(hells, "le"));
  CHECK(rules::dissonant(elysium, "ce"));
  CHECK_FALSE(rules::dissonant(elysium, "ng"));
  CHECK_FALSE(rules::dissonant(elysium, "unaligned"));
  CHECK_FALSE(rules::dissonant(elysium, std::nullopt));
  CHECK_FALSE(rules::dissonant(*rules::find_plane("mechanus"), "ce"));  // law against chaos: no dissonance
  CHECK_FALSE(rules::dissonant(*rules::find_plane("feywild"), "ce"));

  // Bytopia: the closer of LG and NG.
  CHECK(rules::closest_alignment("cg", {"lg", "ng"}) == "ng");
  CHECK(rules::closest_alignment("ln", {"lg", "ng"}) == "lg");
  CHECK(rules::closest_alignment("le", {"lg", "ng"}) == "lg");
  CHECK(rules::closest_alignment("n", {"lg", "ng"}) == "ng");
  CHECK(rules::closest_alignment("ce", {"lg", "ng"}) == "ng");
}

TEST_CASE("planes: SetPlane moves the party and a creature, undo, refusals, log", "[rules][planes]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 20);
  const std::string bran = t.pc("Bran", 20);
  CHECK(plane(t) == "material");
  CHECK(t.state().modules.is_object());
  const auto& tx = t.run({{"type", "SetPlane"}, {"plane", "mechanus"}});
  CHECK(tx.events.at(0).data == json{{"old", "material"}, {"new", "mechanus"}});
  CHECK(plane(t) == "mechanus");
  CHECK(t.state().modules["planes"]["plane"] == "mechanus");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "The party is now on Mechanus (was the Material Plane).");
  CHECK(t.session.log(Lang::cs).back().lines.at(0) == "Družina se přesunula: Mechanus (dříve Materiální sféra).");
  CHECK(t.session.log(Lang::uk).back().lines.at(0) == "Група перейшла: Механус (раніше Матеріальний план).");
  CHECK(rules::plane_of(t.state(), t.c(mira)) == "mechanus");

  // Bran alone in the Abyss; then back with the party.
  t.run({{"type", "SetPlane"}, {"target", bran}, {"plane", "abyss"}});
  CHECK(rules::plane_of(t.state(), t.c(bran)) == "abyss");
  CHECK(rules::plane_of(t.state(), t.c(mira)) == "mechanus");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Bran is now on the Abyss apart from the party (was Mechanus).");
  REQUIRE_REFUSED(t.run({{"type", "SetPlane"}, {"target", bran}, {"plane", "abyss"}}), "rules.err.plane_same");
  t.run({{"type", "SetPlane"}, {"target", bran}});
  CHECK_FALSE(rules::own_plane(t.c(bran)).has_value());
  CHECK(t.c(bran).modules.is_null() == false);
  CHECK_FALSE(t.c(bran).modules.contains("planes"));
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Bran is with the party again: Mechanus (was the Abyss).");
  REQUIRE_REFUSED(t.run({{"type", "SetPlane"}, {"target", bran}}), "rules.err.plane_same");

  REQUIRE_REFUSED(t.run({{"type", "SetPlane"}, {"plane", "mechanus"}}), "rules.err.plane_same");
  REQUIRE_REFUSED(t.run({{"type", "SetPlane"}, {"plane", "oz"}}), "rules.err.plane_unknown");
  t.run({{"type", "SetPlane"}});  // back to the Material Plane: the data is gone
  CHECK(plane(t) == "material");
  CHECK_FALSE(t.state().modules.contains("planes"));
  t.session.undo();
  CHECK(plane(t) == "mechanus");

  // A save with an unknown plane is refused.
  Campaign c = t.state();
  c.modules["planes"]["plane"] = "oz";
  CHECK(error_key([&] { Engine::standard().validate(c); }) == "rules.err.plane_unknown");
}

TEST_CASE("planes: Mechanus — every damage roll is the mean, rounded down, for every dice form", "[rules][planes][dice]") {
  CHECK(rules::mean_damage("1d10+5") == 10);  // 10.5 → 10: the SRD's example
  CHECK(rules::mean_damage("1d10 + 5") == 10);
  CHECK(rules::mean_damage("d10+5") == 10);
  CHECK(rules::mean_damage("1d6") == 3);      // 3.5
  CHECK(rules::mean_damage("2d6") == 7);      // a whole mean stays whole
  CHECK(rules::mean_damage("3d6") == 10);     // 10.5
  CHECK(rules::mean_damage("8d6") == 28);
  CHECK(rules::mean_damage("1d4-1") == 1);    // 1.5
  CHECK(rules::mean_damage("1d8-2") == 2);    // 2.5
  CHECK(rules::mean_damage("2d6+3") == 10);
  CHECK(rules::mean_damage("1d12+1d6+4") == 14);  // 6.5 + 3.5 + 4 = 14
  CHECK(rules::mean_damage("2d8+1d6-1") == 11);   // 9 + 3.5 − 1 = 11.5
  CHECK(rules::mean_damage("4d6kh3") == 12);      // 12.24…
  CHECK(rules::mean_damage("2d20kh1") == 13);     // 13.825
  CHECK(rules::mean_damage("2d20kl1") == 7);      // 7.175
  CHECK(rules::mean_damage("4d6pl1") == 12);      // drop the lowest: the same as kh3
  CHECK(rules::mean_damage("7") == 7);
  CHECK(rules::mean_damage("1d100") == 50);       // 50.5

  // The engine's damage rolls: a goblin's scimitar (1d6+2) deals 5 on every hit, whatever the seed.
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    CAPTURE(seed);
    RulesTable t(seed);
    new_campaign(t);
    t.run({{"type", "SetPlane"}, {"plane", "mechanus"}});
    t.run({{"type", "AddMonsters"}, {"monster", "goblin"}});
    const std::string g = t.state().creatures.back().id;
    const std::string m = t.pc("Mira", 30, {{"ac", 10}});
    const auto& hit = t.run({{"type", "MonsterAttack"}, {"attacker", g}, {"target", m}, {"roll", 15}, {"apply", true}});
    const json& d = hit.events.front().data;
    CHECK(d["damage"][0]["total"] == 5);
    CHECK(d["damage"][0]["average"] == true);
    CHECK(d["damage"][0]["text"] == "1d6+2 = 5 (Mechanus)");
    CHECK(t.c(m).hp == 25);
    const auto& crit = t.run({{"type", "MonsterAttack"}, {"attacker", g}, {"target", m}, {"roll", 20}, {"apply", true}});
    CHECK(crit.events.front().data["damage"][0]["total"] == 9);  // 2d6+2: 9
    CHECK(t.c(m).hp == 16);
    // Serpent venom (3d6 poison, DC 11): a failed save deals 10.
    t.run({{"type", "PoisonCreature"}, {"target", m}, {"poison", "serpent-venom"}, {"roll", 3}});
    CHECK(t.c(m).hp == 6);
  }

  SECTION("elsewhere, or with the rule off, the dice roll as before") {
    RulesTable t(9);
    new_campaign(t);
    t.run({{"type", "AddMonsters"}, {"monster", "goblin"}});
    const std::string g = t.state().creatures.back().id;
    auto totals = [&] {
      std::set<int> seen;
      for (int k = 0; k < 12; ++k) {
        const auto& tx = t.run({{"type", "MonsterAttack"}, {"attacker", g}});
        const json& d = tx.events.front().data["damage"][0];
        CHECK_FALSE(d.contains("average"));
        if (!tx.events.front().data.value("critical", false)) seen.insert(d["total"].get<int>());
      }
      return seen;
    };
    CHECK(totals().size() > 1);
    // A creature on Mechanus of its own: its rolls are averaged.
    t.run({{"type", "SetPlane"}, {"target", g}, {"plane", "mechanus"}});
    CHECK(t.run({{"type", "MonsterAttack"}, {"attacker", g}, {"roll", 10}}).events.front().data["damage"][0]["total"] == 5);
    // The rule switched off: the plane is remembered, the law of averages no longer applies.
    t.run({{"type", "SetSettings"}, {"rules", {{"planes", false}}}});
    CHECK(totals().size() > 1);
  }
}

TEST_CASE("planes: the long rest asks the plane's saves, failures do what the plane does", "[rules][planes]") {
  RulesTable t(5);
  new_campaign(t);
  const std::string paladin = t.pc("Ilse", 30, {{"abilities", {{"con", 14}}}});
  const std::string rogue = t.pc("Vex", 30);
  const std::string druid = t.pc("Oak", 30);
  t.run({{"type", "SetAlignment"}, {"target", paladin}, {"alignment", "lg"}});
  t.run({{"type", "SetAlignment"}, {"target", rogue}, {"alignment", "ce"}});
  t.run({{"type", "SetAlignment"}, {"target", druid}, {"alignment", "n"}});

  SECTION("the Nine Hells: dissonance for the good, evil's pull for the non-evil") {
    t.run({{"type", "SetPlane"}, {"plane", "nine-hells"}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.dissonance") == 1);  // only Ilse (good on a lower plane)
    CHECK(prompts_of(t.state(), "planes.dissonance")[0]->creature == paladin);
    CHECK(prompts_of(t.state(), "planes.dissonance")[0]->data["dc"] == 10);
    CHECK(prompts_of(t.state(), "planes.dissonance")[0]->data["dice"] == "1d20+2");
    CHECK(prompt_count(t.state(), "planes.nine_hells") == 2);  // Ilse and Oak, not Vex
    // Dissonance failed: 1 level of exhaustion, tracked under the plane.
    resolve(t, "planes.dissonance", 9);
    CHECK(t.c(paladin).exhaustion == 1);
    CHECK(t.c(paladin).exhaustion_sources.at("plane:nine-hells") == 1);
    // Oak fails the Hells' save: lawful evil; Ilse succeeds.
    for (const Prompt* p : prompts_of(t.state(), "planes.nine_hells")) {
      const std::string id = p->id, who = p->creature;
      t.run({{"type", "ResolvePrompt"}, {"prompt", id}, {"roll", who == druid ? 4 : 15}});
    }
    CHECK(*rules::alignment_of(t.c(druid)) == "le");
    CHECK(*rules::alignment_of(t.c(paladin)) == "lg");
    const auto log = t.session.log(Lang::en);
    bool said = false;
    for (const auto& e : log)
      for (const auto& l : e.lines) said = said || l == "the Nine Hells changes Oak's alignment: Lawful evil.";
    CHECK(said);
  }
  SECTION("Mount Celestia: the evil guest feels it; Mechanus: the non-LN are asked") {
    t.run({{"type", "SetPlane"}, {"plane", "mount-celestia"}});
    t.run({{"type", "LongRest"}});
    REQUIRE(prompt_count(t.state(), "planes.dissonance") == 1);
    CHECK(prompts_of(t.state(), "planes.dissonance")[0]->creature == rogue);
    resolve(t, "planes.dissonance", 10);  // 10 meets DC 10: no exhaustion
    CHECK(t.c(rogue).exhaustion == 0);

    t.run({{"type", "SetPlane"}, {"plane", "mechanus"}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.dissonance") == 0);
    CHECK(prompt_count(t.state(), "planes.mechanus") == 3);
    const std::string p = prompts_of(t.state(), "planes.mechanus")[1]->id;
    t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 2}});
    CHECK(*rules::alignment_of(t.c(rogue)) == "ln");
  }
  SECTION("Hades: every visitor, exhaustion on a failure") {
    t.run({{"type", "SetPlane"}, {"plane", "hades"}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.hades") == 3);
    CHECK(prompt_count(t.state(), "planes.dissonance") == 1);  // Ilse: good on a lower plane
    const std::string p = prompts_of(t.state(), "planes.hades")[2]->id;
    t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 1}});
    CHECK(t.c(druid).exhaustion == 1);
    CHECK(t.c(druid).exhaustion_sources.at("plane:hades") == 1);
  }
  SECTION("the Abyss: a failure rolls the corruption table; it is shaken off after a later rest") {
    t.run({{"type", "SetPlane"}, {"plane", "abyss"}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.abyss") == 2);  // not the chaotic evil rogue
    const std::string p = prompts_of(t.state(), "planes.abyss")[1]->id;
    const auto& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 3}});
    REQUIRE(count_events(tx, "table_rolled") == 1);
    REQUIRE(count_events(tx, "planar_affliction") == 1);
    const auto a = rules::affliction_of(t.c(druid));
    REQUIRE(a);
    CHECK(a->table == "abyssal-corruption");
    CHECK(a->roll >= 1);
    CHECK(a->roll <= 10);
    // Back home, the next long rest offers the CHA DC 15 save.
    t.run({{"type", "SetPlane"}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "LongRest"}});
    REQUIRE(prompt_count(t.state(), "planes.shake_off_corruption") == 1);
    CHECK(prompts_of(t.state(), "planes.shake_off_corruption")[0]->data["dc"] == 15);
    resolve(t, "planes.shake_off_corruption", 14);
    CHECK(rules::affliction_of(t.c(druid)));
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "LongRest"}});
    resolve(t, "planes.shake_off_corruption", 15);
    CHECK_FALSE(rules::affliction_of(t.c(druid)));
    CHECK(t.session.log(Lang::en).back().lines.back() == "Oak's abyssal corruption ends (a saving throw).");
  }
  SECTION("Bytopia pulls toward the closer good; Elysium's joy") {
    t.run({{"type", "SetPlane"}, {"plane", "bytopia"}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.bytopia") == 2);  // Vex and Oak, not the LG paladin
    CHECK(prompt_count(t.state(), "planes.dissonance") == 1);  // Vex: evil on an upper plane
    for (const Prompt* p : prompts_of(t.state(), "planes.bytopia")) {
      const std::string id = p->id;
      t.run({{"type", "ResolvePrompt"}, {"prompt", id}, {"roll", 1}});
    }
    CHECK(*rules::alignment_of(t.c(rogue)) == "ng");  // CE → NG (closer than LG)
    CHECK(*rules::alignment_of(t.c(druid)) == "ng");
    t.run({{"type", "SetPlane"}, {"plane", "elysium"}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "LongRest"}});
    CHECK(prompt_count(t.state(), "planes.elysium") == 3);
    const std::string p = prompts_of(t.state(), "planes.elysium")[0]->id;
    t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 2}});
    CHECK(t.session.log(Lang::en).back().lines.back() == "Ilse won't leave Elysium before finishing another long rest.");
  }
  SECTION("the Material Plane asks nothing; an alignment not set is never guessed") {
    t.run({{"type", "LongRest"}});
    for (const auto& p : t.state().prompts) CHECK(p.kind.rfind("planes.", 0) != 0);
    const std::string nobody = t.pc("Nobody", 10);
    t.run({{"type", "SetPlane"}, {"plane", "nine-hells"}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "LongRest"}});
    for (const auto& p : t.state().prompts) CHECK(p.creature != nobody);
  }
}

TEST_CASE("planes: the Shadowfell's despair — the DM's save, the table, ending it", "[rules][planes]") {
  RulesTable t(8);
  new_campaign(t);
  const std::string m = t.pc("Mira", 20, {{"abilities", {{"wis", 16}}}});
  REQUIRE_REFUSED(t.run({{"type", "DespairSave"}, {"target", m}}), "rules.err.despair_not_shadowfell");
  REQUIRE_REFUSED(t.run({{"type", "EndPlanarAffliction"}, {"target", m}, {"means", "dm"}}), "rules.err.no_affliction");
  t.run({{"type", "SetPlane"}, {"plane", "shadowfell"}});
  t.run({{"type", "DespairSave"}, {"target", m}});
  REQUIRE(prompt_count(t.state(), "planes.despair") == 1);
  CHECK(prompts_of(t.state(), "planes.despair")[0]->data["dice"] == "1d20+3");
  resolve(t, "planes.despair", 12);  // a success: nothing
  CHECK_FALSE(rules::affliction_of(t.c(m)));
  t.run({{"type", "DespairSave"}, {"target", m}});
  resolve(t, "planes.despair", 6);
  const auto a = rules::affliction_of(t.c(m));
  REQUIRE(a);
  CHECK(a->table == "shadowfell-despair");
  const std::string line = t.session.log(Lang::en).back().lines.back();
  CHECK(line.rfind("Mira falls into the Shadowfell's despair: ", 0) == 0);
  // Rolling the table by hand for her replaces it (a new failure replaces the old effect).
  const auto& again = t.run({{"type", "RollTable"}, {"table", "shadowfell-despair"}, {"target", m}, {"roll", 6}});
  CHECK(count_events(again, "planar_affliction") == 1);
  CHECK(rules::affliction_of(t.c(m))->roll == 6);
  CHECK(t.session.log(Lang::en).back().lines.back() ==
        "Mira falls into the Shadowfell's despair: Madness: disadvantage on Intelligence, Wisdom and Charisma checks and saving throws; flaw \"I can't tell what's real any more.\"");
  REQUIRE_REFUSED(t.run({{"type", "EndPlanarAffliction"}, {"target", m}, {"means", "magic"}}), "campaign.err.bad_choice");
  t.run({{"type", "EndPlanarAffliction"}, {"target", m}, {"means", "calm_emotions"}});
  CHECK_FALSE(rules::affliction_of(t.c(m)));
  CHECK(t.session.log(Lang::cs).back().lines.back() == "Zoufalství postavy Mira končí (kouzlo zklidnění emocí).");
  // Calm emotions does not end the Abyss's corruption.
  t.run({{"type", "RollTable"}, {"table", "abyssal-corruption"}, {"target", m}, {"roll", 10}});
  REQUIRE_REFUSED(t.run({{"type", "EndPlanarAffliction"}, {"target", m}, {"means", "calm_emotions"}}), "rules.err.affliction_means");
  t.run({{"type", "EndPlanarAffliction"}, {"target", m}, {"means", "dispel_evil"}});
  CHECK_FALSE(rules::affliction_of(t.c(m)));
}

TEST_CASE("planes: the planar tables validate and cover their dice", "[rules][planes][tables]") {
  for (const char* id : {"feywild-time-warp", "shadowfell-despair", "abyssal-corruption"}) {
    CAPTURE(id);
    const auto& tb = tables::table(id);
    CHECK(tables::validate(tb).empty());
  }
  CHECK(tables::row_for(tables::table("feywild-time-warp"), 1).text.en == "Days become minutes: as many minutes passed outside as the days the group spent here.");
  CHECK(tables::row_for(tables::table("feywild-time-warp"), 13).text.en == "No change: the same time passed outside.");
  CHECK(tables::row_for(tables::table("feywild-time-warp"), 20).text.en == "Days become years.");
  CHECK(tables::row_for(tables::table("shadowfell-despair"), 3).text.en.rfind("Apathy", 0) == 0);
  CHECK(tables::row_for(tables::table("shadowfell-despair"), 4).text.en.rfind("Dread", 0) == 0);
  CHECK(tables::row_for(tables::table("abyssal-corruption"), 4).text.en.rfind("Treachery", 0) == 0);
  CHECK(tables::row_for(tables::table("abyssal-corruption"), 5).text.en.rfind("Bloodlust", 0) == 0);
  CHECK(tables::row_for(tables::table("abyssal-corruption"), 9).text.en.rfind("Flawed ambition", 0) == 0);
  CHECK(tables::row_for(tables::table("abyssal-corruption"), 10).text.en.rfind("Demonic possession", 0) == 0);
}

TEST_CASE("planes: the limbo calculator", "[rules][planes][calc]") {
  Rng rng(1);
  auto dc = [&](json p) { return calc::run("limbo", p, rng).at("dc").get<int>(); };
  CHECK(dc({{"action", "move"}, {"size", "tiny"}}) == 5);
  CHECK(dc({{"action", "move"}, {"size", "small"}}) == 10);
  CHECK(dc({{"action", "move"}, {"size", "medium"}}) == 15);
  CHECK(dc({{"action", "move"}, {"size", "large"}}) == 20);
  CHECK(dc({{"action", "move"}, {"size", "huge"}}) == 25);
  CHECK(dc({{"action", "alter"}, {"size", "tiny"}}) == 10);
  CHECK(dc({{"action", "alter"}, {"size", "small"}}) == 15);
  CHECK(dc({{"action", "alter"}, {"size", "medium"}}) == 20);
  CHECK(dc({{"action", "alter"}, {"size", "large"}}) == 25);
  CHECK(dc({{"action", "alter"}, {"size", "huge"}}) == 25);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 1}}) == 5);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 10}}) == 5);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 11}}) == 10);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 20}}) == 10);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 25}}) == 15);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 30}}) == 15);
  CHECK(dc({{"action", "stabilize"}, {"radius-ft", 100}}) == 50);
  CHECK(error_key([&] { calc::run("limbo", {{"action", "move"}}, rng); }) == "calc.err.missing_param");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "stabilize"}}, rng); }) == "calc.err.missing_param");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "move"}, {"radius-ft", 10}}, rng); }) == "calc.err.limbo_size_not_radius");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "stabilize"}, {"size", "tiny"}}, rng); }) == "calc.err.limbo_radius_not_size");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "stabilize"}, {"radius-ft", 0}}, rng); }) == "calc.err.too_small");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "fly"}}, rng); }) == "calc.err.not_allowed");
  CHECK(error_key([&] { calc::run("limbo", {{"action", "move"}, {"size", "gargantuan"}}, rng); }) == "calc.err.not_allowed");
}
