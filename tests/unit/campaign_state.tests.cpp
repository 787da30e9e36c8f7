// Campaign state: JSON round trips, unknown fields kept, strict types with paths, validation, derived values.
#include "../scenario/campaign_fixture.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("state: a full campaign survives JSON → struct → JSON unchanged", "[campaign][state]") {
  Campaign c;
  c.name = "Stříbrný les";
  c.settings.language = "cs";
  c.settings.rules["massive-damage"] = false;
  c.settings.exhaustion_edition = 2024;
  c.modules["price-list"]["overrides"]["basic-poison"] = 20;  // a rule's campaign data
  Creature m;
  m.id = "c1";
  m.name = "Mira";
  m.max_hp = 17;
  m.hp = 9;
  m.temp_hp = 3;
  m.initiative_bonus = 4;
  m.conditions.push_back({"paralyzed", "shock", {"end_of_next_turn", 0, 0, "", 2, "c3", 60}, json::object()});
  m.exhaustion = 2;
  m.exhaustion_sources["rage"] = 1;
  // A rule's per-creature data (the lingering-injuries rule's injuries) round-trips with the creature.
  m.modules["lingering-injuries"]["injuries"] = json::array({{{"id", "i4"}, {"table", "lingering-injury"}, {"table_row", 46},
      {"effects", {{"hp_per_hour", -1}}}, {"since_minutes", 60}, {"text", {{"cs", "Otevřená rána"}, {"uk", "Відкрита рана"}, {"en", "Open wound"}}},
      {"cured", false}}});
  m.inventory.push_back({"Řetězová košile", 55, 1, true, "armor_heavy", 75, json::object()});
  m.modules["intelligence"]["picks"] = json::array({{{"kind", "language"}, {"name", "elfština"}, {"taken_at_level", 1}, {"order", 1}}});
  m.modules["renown"]["organizations"]["Harfenici"] = 2;
  m.modules["npc-loyalty"]["legacy"] = 7;  // a DM secret of a rule's data
  c.creatures.push_back(m);
  c.encounter = Encounter{{{"c1", 15, false, json::object()}}, 2, 0, {}, json::object()};
  c.next_id = 5;
  json once = c;
  Campaign back = once.get<Campaign>();
  REQUIRE(json(back) == once);
  REQUIRE(back.creatures[0].modules["lingering-injuries"]["injuries"][0]["text"]["uk"] == "Відкрита рана");
  REQUIRE(back.creatures[0].initiative_bonus == 4);
}

TEST_CASE("state: unknown fields are kept at every level", "[campaign][state]") {
  json j = json(Campaign{});
  j["future_top"] = {1, 2, 3};
  j["settings"]["future_setting"] = "x";
  Creature cr;
  cr.id = "c1";
  cr.name = "A";
  json cj = cr;
  cj["future_field"] = {{"nested", true}};
  cj["abilities"]["luck"] = 11;
  cj["conditions"] = json::array({{{"id", "prone"}, {"source", ""}, {"until", {{"kind", "permanent"}, {"x", 1}}}, {"y", 2}}});
  j["creatures"] = json::array({cj});
  j["next_id"] = 2;
  Campaign c = j.get<Campaign>();
  json again = c;
  REQUIRE(again["future_top"] == json({1, 2, 3}));
  REQUIRE(again["settings"]["future_setting"] == "x");
  REQUIRE(again["creatures"][0]["future_field"]["nested"] == true);
  REQUIRE(again["creatures"][0]["abilities"]["luck"] == 11);
  REQUIRE(again["creatures"][0]["conditions"][0]["y"] == 2);
  REQUIRE(again["creatures"][0]["conditions"][0]["until"]["x"] == 1);
  // extra holds only the unknown fields, not a second copy of the known ones
  REQUIRE_FALSE(c.creatures[0].extra.contains("name"));
}

TEST_CASE("state: a wrong type is refused with its path", "[campaign][state]") {
  struct Case {
    const char* what;
    json patch;
    const char* path;
  };
  Creature cr;
  cr.id = "c1";
  cr.name = "A";
  std::vector<Case> cases = {
      {"hp as text", {{"hp", "ten"}}, "creatures[0].hp"},
      {"fractional level", {{"level", 2.5}}, "creatures[0].level"},
      {"ability as text", {{"abilities", {{"str", "strong"}}}}, "creatures[0].abilities.str"},
      {"conditions not a list", {{"conditions", "prone"}}, "creatures[0].conditions"},
      {"inventory weight as text", {{"inventory", json::array({{{"name", "rope"}, {"weight", "heavy"}}})}}, "creatures[0].inventory[0].weight"},
  };
  for (const auto& k : cases) {
    SECTION(k.what) {
      json cj = cr;
      cj.merge_patch(k.patch);
      json j = {{"creatures", json::array({cj})}, {"next_id", 2}};
      try {
        (void)j.get<Campaign>();
        FAIL("accepted");
      } catch (const UserError& e) {
        REQUIRE(e.key() == "state.err.wrong_type");
        REQUIRE(e.args()["path"] == k.path);
        REQUIRE(e.message(Lang::en).find(k.path) != std::string::npos);
      }
    }
  }
}

TEST_CASE("state: validation refuses impossible values", "[campaign][state]") {
  auto base = [] {
    Campaign c;
    Creature x;
    x.id = "c1";
    x.name = "A";
    x.max_hp = 10;
    x.hp = 10;
    c.creatures.push_back(x);
    c.next_id = 2;
    return c;
  };
  REQUIRE(error_key([&] { validate_campaign(base()); }) == "");
  struct Case {
    const char* what;
    std::function<void(Campaign&)> change;
    const char* key;
  };
  std::vector<Case> cases = {
      {"negative hp", [](Campaign& c) { c.creatures[0].hp = -1; }, "state.err.out_of_range"},
      {"hp above max", [](Campaign& c) { c.creatures[0].hp = 11; }, "state.err.hp_above_max"},
      {"empty name", [](Campaign& c) { c.creatures[0].name = ""; }, "state.err.empty"},
      {"unknown kind", [](Campaign& c) { c.creatures[0].kind = "dragon"; }, "state.err.not_one_of"},
      {"exhaustion 7", [](Campaign& c) { c.creatures[0].exhaustion = 7; }, "state.err.out_of_range"},
      {"sources above total", [](Campaign& c) { c.creatures[0].exhaustion_sources["rage"] = 1; }, "state.err.sources_exceed_total"},
      {"duplicate id", [](Campaign& c) { c.creatures.push_back(c.creatures[0]); }, "state.err.duplicate_id"},
      // Ids are unique across the lists too, in sorted lists (no set is built for them) and unsorted ones.
      {"a note with a creature's id",
       [](Campaign& c) {
         c.next_id = 9;
         c.notes.push_back(Note{"n2", "x"});
         c.notes.push_back(Note{"c1", "y"});
       },
       "state.err.duplicate_id"},
      {"a note with a creature's id, creatures unsorted",
       [](Campaign& c) {
         c.next_id = 9;
         Creature b = c.creatures[0];
         b.id = "c5";
         c.creatures = CowList<Creature>{b, c.creatures[0]};
         c.notes.push_back(Note{"c1", "y"});
       },
       "state.err.duplicate_id"},
      {"a prompt with a note's id",
       [](Campaign& c) {
         c.next_id = 9;
         c.notes.push_back(Note{"n3", "x"});
         Prompt p;
         p.id = "n3";
         p.kind = "x";
         c.prompts.push_back(p);
       },
       "state.err.duplicate_id"},
      {"the same note twice", [](Campaign& c) {
         c.next_id = 9;
         c.notes.push_back(Note{"n3", "x"});
         c.notes.push_back(Note{"n3", "x"});
       },
       "state.err.duplicate_id"},
      {"id not below next_id", [](Campaign& c) { c.next_id = 1; }, "state.err.id_not_below_next"},
      {"encounter with unknown creature",
       [](Campaign& c) { c.encounter = Encounter{{{"c9", 10, false, json::object()}}, 1, 0, {}, json::object()}; },
       "state.err.unknown_creature"},
      {"turn outside the order",
       [](Campaign& c) { c.encounter = Encounter{{{"c1", 10, false, json::object()}}, 1, 3, {}, json::object()}; },
       "state.err.out_of_range"},
      {"prompt about a missing creature",
       [](Campaign& c) {
         Prompt p;
         p.id = "p1";
         p.kind = "x";
         p.creature = "c7";
         c.prompts.push_back(p);
       },
       "state.err.unknown_creature"},
      {"bad language", [](Campaign& c) { c.settings.language = "de"; }, "state.err.not_one_of"},
      {"bad edition", [](Campaign& c) { c.settings.exhaustion_edition = 2020; }, "state.err.not_one_of"},
  };
  for (const auto& k : cases) {
    SECTION(k.what) {
      Campaign c = base();
      k.change(c);
      REQUIRE(error_key([&] { validate_campaign(c); }) == k.key);
    }
  }
}

TEST_CASE("derived values are computed, not stored", "[campaign][state][derived]") {
  REQUIRE(ability_modifier(10) == 0);
  REQUIRE(ability_modifier(11) == 0);
  REQUIRE(ability_modifier(9) == -1);
  REQUIRE(ability_modifier(8) == -1);
  REQUIRE(ability_modifier(1) == -5);
  REQUIRE(ability_modifier(30) == 10);
  REQUIRE(proficiency_bonus(1) == 2);
  REQUIRE(proficiency_bonus(5) == 3);
  REQUIRE(proficiency_bonus(17) == 6);
  Creature c;
  c.abilities.dex = 14;
  REQUIRE(initiative_modifier(c) == 2);
  c.initiative_bonus = 5;
  REQUIRE(initiative_modifier(c) == 5);
  c.max_hp = 17;
  c.hp = 9;
  REQUIRE(health_status(c) == "healthy");
  c.hp = 8;
  REQUIRE(health_status(c) == "bloodied");
  c.hp = 0;
  REQUIRE(health_status(c) == "down");
  c.death_saves.dead = true;
  REQUIRE(health_status(c) == "dead");

  Creature t;
  t.speed = 30;
  t.exhaustion = 2;
  auto old = exhaustion_effects(t, 2014);
  REQUIRE(old.disadvantage_checks);
  REQUIRE(old.speed == 15);
  REQUIRE_FALSE(old.disadvantage_attacks_saves);
  auto now = exhaustion_effects(t, 2024);
  REQUIRE(now.d20_penalty == -4);
  REQUIRE(now.speed == 20);
  t.exhaustion = 6;
  REQUIRE(exhaustion_effects(t, 2014).dead);
  REQUIRE(exhaustion_effects(t, 2024).dead);

  Creature bag;
  bag.inventory = {{"rope", 10, 2, false, "gear", 1, json::object()}, {"torch", 1, 5, false, "gear", 0, json::object()}};
  REQUIRE(carried_weight(bag) == Approx(25));
}
