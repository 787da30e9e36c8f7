// Save migrations: the v1 fixture (tests/fixtures/save-v1.json) loads into today's schema.
#include <fstream>
#include <sstream>

#include "../scenario/campaign_fixture.hpp"
#include "core/io/migrate.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// What the v2 fixture means, field by field (read through the accessors of today's state).
void check_v2_fixture_meaning(const Campaign& c, const Creature& mira, const Creature& borek, const Creature& olena,
                              const Creature& host, const Creature& elixir) {
  REQUIRE(c.settings.rules.at("hero-points") == true);
  REQUIRE(c.settings.potion_warning_threshold == 2);
  REQUIRE(mira.int_picks.size() == 2);
  REQUIRE(mira.int_picks[0].kind == "language");
  REQUIRE(mira.int_picks[0].name == "elfština");
  REQUIRE(mira.int_picks[1].order == 2);
  REQUIRE(mira.int_picks[1].taken_at_level == 5);
  REQUIRE(mira.resurrection_attempts == 1);
  REQUIRE(mira.potions_drunk_since_long_rest == 1);
  REQUIRE(mira.hp == 1);
  REQUIRE(borek.injuries.size() == 2);
  REQUIRE(borek.injuries[0].id == "i5");
  REQUIRE(borek.injuries[0].table == "lingering-injury");
  REQUIRE(borek.injuries[0].table_row == 5);
  REQUIRE(borek.injuries[0].effects["injury"] == "blurred_vision");
  REQUIRE_FALSE(borek.injuries[0].cured);
  REQUIRE(borek.injuries[1].cured);
  REQUIRE(borek.injuries[1].text.en == "A cut on the cheek");
  REQUIRE(borek.scars.size() == 1);
  REQUIRE(borek.scars[0].from_injury == "i6");
  REQUIRE(borek.scars[0].text.cs == "Jizva na tváři");
  REQUIRE(olena.hero_points == 2);
  REQUIRE(host.loyalty == json{{"score", 4}, {"to", "c1"}});
  REQUIRE(host.renown.at("Harfeníci") == 2);
  REQUIRE(elixir.potions_drunk_since_long_rest == 3);
  REQUIRE(c.projects.size() == 1);
  REQUIRE(c.projects[0].id == "j7");
  REQUIRE(c.projects[0].owners == std::vector<std::string>{"c2"});
  REQUIRE(c.projects[0].progress_gp == 20.0);
  REQUIRE(c.projects[0].hours == 10.0);
  REQUIRE(c.projects[0].data["crafter"] == "c2");
  REQUIRE(c.prompts.size() == 1);
  REQUIRE(c.prompts[0].kind == "potions.too_many");
  REQUIRE(c.modules["resurrection-ritual"]["rituals"]["r9"]["status"] == "raised");
}
}  // namespace

TEST_CASE("migrate: the v1 fixture loads after the schema moved to v2", "[save][migrate]") {
  Session s = io::load(fixture("save-v1.json"), base_engine());
  const Campaign& c = s.state();
  REQUIRE(c.name == "Stříbrný les");
  REQUIRE(c.minutes == 1500);
  REQUIRE(c.settings.exhaustion_edition == 2014);
  REQUIRE(c.settings.rules.at("hero-points") == false);
  REQUIRE(c.creatures.size() == 3);
  const Creature& mira = c.creatures[0];
  REQUIRE(mira.id == "c1");
  REQUIRE(mira.hp == 9);
  REQUIRE(mira.max_hp == 17);
  REQUIRE(mira.temp_hp == 2);
  REQUIRE(mira.conditions.size() == 1);
  REQUIRE(mira.conditions[0].id == "poisoned");
  REQUIRE(mira.conditions[0].until.kind == "permanent");
  REQUIRE(mira.extra["favouriteColour"] == "zelená");  // unknown v1 field kept
  REQUIRE(c.encounter->order[0].creature == "c3");
  REQUIRE(c.encounter->round == 2);
  REQUIRE(c.next_id == 4);
  REQUIRE(c.extra["legacy_log"].size() == 2);
  REQUIRE(s.tail().empty());
  REQUIRE(s.extra["exportedBy"] == "druzina 0.0.3 prototype");

  SECTION("the migrated campaign plays on and saves as v2") {
    Rng rng(4);
    s.dispatch({{"type", "NextTurn"}}, rng);
    s.dispatch({{"type", "ApplyDamage"}, {"target", "c3"}, {"amount", 4}}, rng);
    REQUIRE(find_creature(s.state(), "c3")->death_saves.dead);
    json doc = io::save_json(s);
    REQUIRE(doc["schemaVersion"] == 2);
    REQUIRE_FALSE(doc.contains("campaign"));
    Session again = io::load(doc.dump(), base_engine());
    REQUIRE(to_j(again.state()) == to_j(s.state()));
  }
}

TEST_CASE("migrate: v1 → v2 step by step", "[save][migrate]") {
  json v1 = json::parse(fixture("save-v1.json"));
  json v2 = io::migrate_v1_to_v2(v1);
  REQUIRE(v2["snapshot"]["creatures"][1]["id"] == "c2");
  REQUIRE(v2["snapshot"]["creatures"][1]["max_hp"] == 28);
  REQUIRE_FALSE(v2["snapshot"]["encounter"].contains("active"));
  REQUIRE(v2["tail"] == json::array());
  SECTION("a shape the step cannot read is refused with the path") {
    json broken = v1;
    broken["campaign"]["creatures"][0]["id"] = -3;
    try {
      io::migrate_v1_to_v2(broken);
      FAIL("accepted");
    } catch (const UserError& e) {
      REQUIRE(e.key() == "save.err.migrate");
      REQUIRE(e.args()["path"] == "campaign.creatures[0].id");
    }
    broken = v1;
    broken.erase("campaign");
    REQUIRE_REFUSED(io::load(broken.dump(), base_engine()), "save.err.migrate");
  }
}

// tests/fixtures/save-v2.json was written by the schema-2 app (before the house-rule fields moved out of the
// base state) from tests/fixtures/save-v2.script.json (`druzina --json run … --seed 9 --save --tail 14`): part
// of the history is folded into the snapshot, 13 transactions are in the tail, the last one is on the redo stack.
TEST_CASE("migrate: the v2 fixture loads with the same meaning", "[save][migrate]") {
  const std::string text = fixture("save-v2.json");
  Session s = io::load(text, Engine::standard());
  const Campaign& c = s.state();
  REQUIRE(c.name == "Stříbrný les");
  REQUIRE(s.tail().size() == 13);
  REQUIRE(s.redo_stack().size() == 1);
  const Creature& mira = *find_creature(c, "c1");
  const Creature& borek = *find_creature(c, "c2");
  const Creature& olena = *find_creature(c, "c3");
  const Creature& host = *find_creature(c, "c4");
  const Creature& elixir = *find_creature(c, "c8");
  check_v2_fixture_meaning(c, mira, borek, olena, host, elixir);

  SECTION("undoing the whole tail replays the old events back to the snapshot, redo brings them back") {
    const json before = to_j(c);
    s.undo(s.tail().size());
    REQUIRE(s.tail().empty());
    s.redo(13);
    REQUIRE(to_j(s.state()) == before);
  }
  SECTION("it round-trips") {
    Session again = io::load(io::save(s), Engine::standard());
    REQUIRE(to_j(again.state()) == to_j(s.state()));
    REQUIRE(again.tail().size() == 13);
    REQUIRE(again.redo_stack().size() == 1);
  }
}
