// DM rule "diseases": the nine diseases as data and the `disease` calculator; exposure and the infection save,
// incubation ended by time, symptoms (conditions, held exhaustion), the long-rest saves as prompts (cackle fever's
// falling DC and its end at DC 0, three failures → an indefinite madness only with the madness rule on; sewer
// plague's exhaustion; sight rot's growing penalty, blindness at −5, eyebright), the contagion spell's saves, cures,
// undo, the log in three languages, the rule off.
#include "../support/cli.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::vector<rules::Infection> sick(const Table& t, const std::string& id) { return rules::infections_of(t.c(id)); }

const Event* last_event(const Transaction& tx, const std::string& type) {
  const Event* found = nullptr;
  for (const auto& e : tx.events)
    if (e.type == type) found = &e;
  return found;
}

int tracked(const Creature& x, const std::string& source) {
  auto it = x.exhaustion_sources.find(source);
  return it == x.exhaustion_sources.end() ? 0 : it->second;
}

std::string line(const Table& t, const Event& e, Lang lang) {
  LogContext lc{lang, [&](const std::string& id) { return t.c(id).name; }};
  return Engine::standard().render(e, lc);
}

json on(bool madness = false) { return {{"rules", {{"diseases", true}, {"madness", madness}}}}; }

}  // namespace

TEST_CASE("diseases: the nine diseases as data, with their saves, incubation and long-rest rules", "[rules][diseases]") {
  const auto& list = rules::disease_list();
  REQUIRE(list.size() == 9);
  const std::vector<std::string> ids = {"cackle-fever", "sewer-plague", "sight-rot",  "blinding-sickness", "filth-fever",
                                        "flesh-rot",    "mindfire",     "seizure",    "slimy-doom"};
  CHECK(rules::disease_ids() == ids);
  for (const auto& d : list) {
    CAPTURE(d.id);
    CHECK(d.name.complete());
    CHECK(d.symptoms.complete());
    CHECK(d.save == "con");
    CHECK((d.kind == "contagion") == !d.save_dc.has_value());
  }
  CHECK(*rules::find_disease("cackle-fever")->save_dc == 13);
  CHECK(rules::find_disease("cackle-fever")->incubation_dice == "1d4");
  CHECK(rules::find_disease("cackle-fever")->incubation_unit == "hours");
  CHECK(rules::find_disease("cackle-fever")->exhaustion == 1);
  CHECK(rules::find_disease("cackle-fever")->madness_after_failures == 3);
  CHECK(*rules::find_disease("sewer-plague")->save_dc == 11);
  CHECK(rules::find_disease("sewer-plague")->incubation_unit == "days");
  CHECK(*rules::find_disease("sight-rot")->save_dc == 15);
  CHECK(rules::find_disease("sight-rot")->blind_at == 5);
  CHECK(rules::find_disease("sight-rot")->doses_to_cure == 3);
  CHECK(rules::find_disease("blinding-sickness")->conditions == std::vector<std::string>{"blinded"});
  CHECK(rules::find_disease("slimy-doom")->stunned_on_damage);
  CHECK(rules::find_disease("flesh-rot")->vulnerable_to_all);
  CHECK(rules::find_disease("mindfire")->duration_minutes == 7 * 1440);
  CHECK(rules::find_disease("the-pox") == nullptr);
}

TEST_CASE("cli rule disease: a disease's facts by id, an unknown id exits 2", "[cli][calc][diseases]") {
  CHECK(cli_json("rule disease --disease sewer-plague") ==
        json{{"kind", "sample"}, {"save", "con"}, {"save_dc", 11}, {"incubation", "1d4"}, {"incubation_unit", "days"},
             {"exhaustion", 1}, {"long_rest", "save_exhaustion"}});
  CHECK(cli_json("rule disease --disease cackle-fever")["long_rest"] == "save_dc_drops");
  CHECK(cli_json("rule disease --disease sight-rot")["incubation"] == "1");
  const json slimy = cli_json("rule disease --disease slimy-doom");
  CHECK(slimy["save_dc"].is_null());
  CHECK(slimy["incubation_unit"] == "saves");
  CHECK(slimy["duration_days"] == 7);
  CHECK_FALSE(slimy.contains("incubation"));
  auto bad = cli("--lang cs rule disease --disease the-pox", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("the-pox") != std::string::npos);
  CHECK(bad.out.find("sight-rot") != std::string::npos);
  CHECK(cli("rules").out.find("disease") != std::string::npos);
}

TEST_CASE("diseases: off by default, its commands are refused until the DM switches it on", "[rules][diseases]") {
  RulesTable t(21);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  CHECK_FALSE(Engine::standard().module(rules::kDiseases)->default_on);
  REQUIRE_REFUSED(t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "sewer-plague"}}), "campaign.err.rule_off");
  REQUIRE_REFUSED(t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "sewer-plague"}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::diseases_view(t.state(), t.c(m)).on);
}

TEST_CASE("diseases: the infection save, incubation ended by time, the symptoms, the log, undo", "[rules][diseases]") {
  RulesTable t(22);
  new_campaign(t, on());
  std::string m = t.pc("Mira", 20);
  // a success (the total entered): not infected
  const auto& safe = t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "sewer-plague"}, {"roll", 11}});
  REQUIRE(find_event(safe, "disease_save") != nullptr);
  CHECK(find_event(safe, "disease_save")->data["success"] == true);
  CHECK(sick(t, m).empty());
  CHECK(line(t, *find_event(safe, "disease_save"), Lang::en) ==
        "Mira: CON save against Sewer plague: 11 vs DC 11 — not infected.");
  // a failure by one: infected, symptoms in 2 days (the 1d4 entered)
  const auto& hit = t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "sewer-plague"}, {"roll", 10},
                           {"incubation_roll", 2}, {"source", "a giant rat's bite"}});
  const Event* infected = find_event(hit, "disease_infected");
  REQUIRE(infected != nullptr);
  CHECK(line(t, *infected, Lang::en) == "Mira is infected with Sewer plague (a giant rat's bite; symptoms in 2 days).");
  CHECK(line(t, *infected, Lang::cs) == "Mira: nákaza — Stoková nákaza (a giant rat's bite; příznaky za 2 dny).");
  CHECK(line(t, *infected, Lang::uk) == "Mira: зараження — «Стічна пошесть» (a giant rat's bite; симптоми за 2 дні).");
  REQUIRE(sick(t, m).size() == 1);
  CHECK(sick(t, m)[0].stage == "incubating");
  CHECK(sick(t, m)[0].dc == 11);
  CHECK(*sick(t, m)[0].symptoms_at == 2 * 1440);
  CHECK(sick(t, m)[0].source == "a giant rat's bite");
  REQUIRE_REFUSED(t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "sewer-plague"}}), "rules.err.disease_already");
  // a minute short of two days: still incubating; then the symptoms and their exhaustion
  t.run({{"type", "AdvanceTime"}, {"minutes", 2 * 1440 - 1}});
  CHECK(sick(t, m)[0].stage == "incubating");
  CHECK(t.c(m).exhaustion == 0);
  const auto& due = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  REQUIRE(find_event(due, "disease_symptoms") != nullptr);
  CHECK(line(t, *find_event(due, "disease_symptoms"), Lang::en).find("Mira: the symptoms of Sewer plague appear. Fatigue") == 0);
  CHECK(sick(t, m)[0].stage == "sick");
  CHECK(sick(t, m)[0].exhaustion == 1);
  CHECK(t.c(m).exhaustion == 1);
  CHECK(tracked(t.c(m), "disease:sewer-plague") == 1);
  t.session.undo();
  CHECK(sick(t, m)[0].stage == "incubating");
  CHECK(t.c(m).exhaustion == 0);
  // rolled by the engine: d20 + the CON save bonus
  std::string b = t.pc("Bořek", 20, {{"abilities", {{"con", 14}}}});
  const auto& rolled = t.run({{"type", "ExposeToDisease"}, {"target", b}, {"disease", "sight-rot"}});
  const Event* save = find_event(rolled, "disease_save");
  REQUIRE(save != nullptr);
  CHECK(save->data["rolled"] == true);
  CHECK(save->data["modifier"] == 2);
  CHECK(save->data["total"] == save->data["roll"].get<int>() + 2);
  CHECK(save->data["dc"] == 15);
  CHECK(has_event(rolled, "disease_infected") == !save->data["success"].get<bool>());
  REQUIRE_REFUSED(t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "the-pox"}}), "rules.err.disease_unknown");
  REQUIRE_REFUSED(t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "cackle-fever"}, {"incubation_roll", 5}}),
                  "campaign.err.param_range");
}

TEST_CASE("diseases: cackle fever — held exhaustion, the DC falls by 1d6 per success and it ends at DC 0", "[rules][diseases]") {
  RulesTable t(23);
  new_campaign(t, on());
  // (the d6 entered as then_roll is this rule's parameter too, not only the injury and shock tables')
  t.run({{"type", "SetSettings"}, {"rules", {{"massive-damage", false}, {"lingering-injuries", false}}}});
  std::string m = t.pc("Mira", 30);
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "cackle-fever"}, {"incubation_roll", 1}});
  CHECK(*sick(t, m)[0].symptoms_at == 60);
  t.run({{"type", "AdvanceTime"}, {"minutes", 60}});
  CHECK(t.c(m).exhaustion == 1);
  // The long rest cannot take the disease's level; it asks the save with the DC now.
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).exhaustion == 1);
  CHECK(tracked(t.c(m), "disease:cackle-fever") == 1);
  std::string p = the_prompt(t.state(), "diseases.cackle_fever_save");
  CHECK(find_prompt(t.state(), p)->data["dc"] == 13);
  const auto& first = t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 13}, {"then_roll", 4}});
  REQUIRE(find_event(first, "disease_updated") != nullptr);
  CHECK(line(t, *find_event(first, "disease_updated"), Lang::en) ==
        "Mira fights off the cackle fever: its DC falls by 4 from 13 to 9.");
  CHECK(sick(t, m)[0].dc == 9);
  t.run({{"type", "LongRest"}});
  p = the_prompt(t.state(), "diseases.cackle_fever_save");
  CHECK(find_prompt(t.state(), p)->data["dc"] == 9);
  t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 9}, {"then_roll", 6}});
  CHECK(sick(t, m)[0].dc == 3);
  t.run({{"type", "LongRest"}});
  p = the_prompt(t.state(), "diseases.cackle_fever_save");
  const auto& last = t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 3}, {"then_roll", 3}});  // 3 − 3 = 0
  const Event* cured = find_event(last, "disease_cured");
  REQUIRE(cured != nullptr);
  CHECK(cured->data["reason"] == "saves");
  CHECK(line(t, *cured, Lang::en) == "Mira is cured of Cackle fever (its saves).");
  CHECK(sick(t, m).empty());
  CHECK_FALSE(t.c(m).modules.contains("diseases"));
  // Cured, its level is ordinary exhaustion again: the next long rest takes it.
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).exhaustion == 0);
  CHECK(prompt_count(t.state(), "diseases.cackle_fever_save") == 0);
  t.session.undo();
  t.session.undo();
  REQUIRE(sick(t, m).size() == 1);
  CHECK(sick(t, m)[0].dc == 3);
}

TEST_CASE("diseases: cackle fever — a failure is a fit of laughter, the third an indefinite madness", "[rules][diseases]") {
  for (bool madness : {true, false}) {
    CAPTURE(madness);
    RulesTable t(24);
    new_campaign(t, on(madness));
    std::string m = t.pc("Mira", 30);
    t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "cackle-fever"}, {"symptoms", true}});
    CHECK(sick(t, m)[0].stage == "sick");
    for (int k = 1; k <= 3; ++k) {
      CAPTURE(k);
      t.run({{"type", "LongRest"}});
      const int hp = t.c(m).hp;
      const auto& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "diseases.cackle_fever_save")}, {"roll", 12}});
      CHECK(sick(t, m)[0].failures == k);
      CHECK(sick(t, m)[0].dc == 13);
      CHECK(condition_of(t.c(m), "incapacitated", "disease:cackle-fever") != nullptr);
      CHECK(t.c(m).hp < hp);
      CHECK(t.c(m).hp >= hp - 10);
      CHECK(line(t, *find_event(tx, "disease_updated"), Lang::en) ==
            "Mira fails the save against cackle fever (" + std::to_string(k) + " of 3 failures): a fit of mad laughter.");
      if (k < 3) {
        CHECK_FALSE(has_event(tx, "madness_gained"));
        continue;
      }
      if (madness) {
        REQUIRE(has_event(tx, "madness_gained"));
        const auto list = rules::madness_of(t.c(m));
        REQUIRE(list.size() == 1);
        CHECK(list[0].kind == "indefinite");
        CHECK(list[0].table == "madness-indefinite");
      } else {
        CHECK_FALSE(has_event(tx, "madness_gained"));
        CHECK(rules::madness_of(t.c(m)).empty());
        const Event* off = last_event(tx, "disease_updated");
        REQUIRE(off != nullptr);
        CHECK(off->data["what"] == "madness_off");
        CHECK(line(t, *off, Lang::en).find("the madness rule is off") != std::string::npos);
        CHECK(line(t, *off, Lang::cs).find("pravidlo šílenství je vypnuté") != std::string::npos);
        CHECK(line(t, *off, Lang::uk).find("правило божевілля вимкнене") != std::string::npos);
      }
    }
    // The laughter lasts a minute.
    t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
    CHECK(condition_of(t.c(m), "incapacitated", "disease:cackle-fever") == nullptr);
    // A fourth failure gives no second madness.
    t.run({{"type", "LongRest"}});
    const auto& more = t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "diseases.cackle_fever_save")}, {"roll", 1}});
    CHECK_FALSE(has_event(more, "madness_gained"));
    CHECK(sick(t, m)[0].failures == 3);
  }
}

TEST_CASE("diseases: sewer plague — no HP from the long rest, half from Hit Dice, exhaustion +1 / −1, cured below 1", "[rules][diseases]") {
  RulesTable t(25);
  new_campaign(t, on());
  std::string m = t.pc("Mira", 30, {{"level", 4}, {"hit_die", 8}});
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "sewer-plague"}, {"symptoms", true}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 20}});
  t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 1}, {"rolls", {7}}}}}});
  CHECK(t.c(m).hp == 10 + 3);  // 7 halved
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).hp == 13);
  CHECK(t.c(m).exhaustion == 1);
  // a failure: +1
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "diseases.sewer_plague_save")}, {"roll", 10}});
  CHECK(t.c(m).exhaustion == 2);
  CHECK(sick(t, m)[0].exhaustion == 2);
  // two successes: 2 → 1 → 0, cured
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).exhaustion == 2);  // held through the rest
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "diseases.sewer_plague_save")}, {"roll", 11}});
  CHECK(t.c(m).exhaustion == 1);
  CHECK(sick(t, m).size() == 1);
  t.run({{"type", "LongRest"}});
  const auto& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "diseases.sewer_plague_save")}, {"roll", 15}});
  CHECK(t.c(m).exhaustion == 0);
  REQUIRE(find_event(tx, "disease_cured") != nullptr);
  CHECK(find_event(tx, "disease_cured")->data["reason"] == "recovered");
  CHECK(sick(t, m).empty());
  // Healthy again: the long rest heals.
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).hp == 30);
}

TEST_CASE("diseases: sight rot — −1 a long rest up to −5 and blindness, eyebright doses, lesser restoration", "[rules][diseases]") {
  RulesTable t(26);
  new_campaign(t, on());
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "sight-rot"}});
  CHECK(*sick(t, m)[0].symptoms_at == 1440);
  t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
  CHECK(sick(t, m)[0].penalty == 1);
  for (int want = 2; want <= 5; ++want) {
    const auto& tx = t.run({{"type", "LongRest"}});
    CAPTURE(want);
    CHECK(sick(t, m)[0].penalty == want);
    CHECK(prompt_count(t.state(), "diseases.cackle_fever_save") == 0);
    CHECK((condition_of(t.c(m), "blinded", "disease:sight-rot") != nullptr) == (want == 5));
    if (want == 2)
      CHECK(line(t, *find_event(tx, "disease_updated"), Lang::en) ==
            "Mira's sight rot worsens: −2 to attack rolls and ability checks that rely on sight.");
  }
  const auto& capped = t.run({{"type", "LongRest"}});
  CHECK(sick(t, m)[0].penalty == 5);
  CHECK_FALSE(has_event(capped, "disease_updated"));
  // lesser restoration cures it, the blindness with it; undo brings both back
  const auto& cured = t.run({{"type", "CureDisease"}, {"target", m}, {"means", "lesser_restoration"}});
  CHECK(find_event(cured, "disease_cured")->data == json{{"creature", m}, {"disease", "sight-rot"}, {"reason", "lesser_restoration"}});
  CHECK(sick(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  t.session.undo();
  CHECK(sick(t, m).size() == 1);
  CHECK(condition_of(t.c(m), "blinded", "disease:sight-rot") != nullptr);

  // eyebright: a dose before a rest stops the worsening after it; the third dose cures
  std::string b = t.pc("Bořek", 20);
  t.run({{"type", "InfectDisease"}, {"target", b}, {"disease", "sight-rot"}, {"symptoms", true}});
  CHECK(sick(t, b)[0].penalty == 1);
  const auto& dose = t.run({{"type", "CureDisease"}, {"target", b}, {"means", "eyebright"}});
  CHECK(line(t, *find_event(dose, "disease_updated"), Lang::en) == "Eyebright ointment on Bořek's eyes (dose 1 of 3).");
  REQUIRE_REFUSED(t.run({{"type", "CureDisease"}, {"target", b}, {"means", "eyebright"}}), "rules.err.eyebright_applied");
  t.run({{"type", "LongRest"}, {"targets", {b}}});
  CHECK(sick(t, b)[0].penalty == 1);
  CHECK_FALSE(sick(t, b)[0].ointment);
  t.run({{"type", "LongRest"}, {"targets", {b}}});
  CHECK(sick(t, b)[0].penalty == 2);
  t.run({{"type", "CureDisease"}, {"target", b}, {"means", "eyebright"}});
  t.run({{"type", "LongRest"}, {"targets", {b}}});
  CHECK(sick(t, b)[0].penalty == 2);
  CHECK(sick(t, b)[0].doses == 2);
  const auto& third = t.run({{"type", "CureDisease"}, {"target", b}, {"means", "eyebright"}});
  CHECK(find_event(third, "disease_cured")->data["reason"] == "eyebright");
  CHECK(sick(t, b).empty());
  // eyebright does nothing for another disease
  t.run({{"type", "InfectDisease"}, {"target", b}, {"disease", "cackle-fever"}});
  REQUIRE_REFUSED(t.run({{"type", "CureDisease"}, {"target", b}, {"means", "eyebright"}}), "rules.err.eyebright_sight_rot");
  REQUIRE_REFUSED(t.run({{"type", "CureDisease"}, {"target", b}, {"means", "prayer"}}), "campaign.err.param");
  t.run({{"type", "InfectDisease"}, {"target", b}, {"disease", "sight-rot"}});
  REQUIRE_REFUSED(t.run({{"type", "CureDisease"}, {"target", b}, {"means", "dm"}}), "rules.err.disease_which");
  t.run({{"type", "CureDisease"}, {"target", b}, {"means", "dm"}, {"disease", "cackle-fever"}});
  REQUIRE(sick(t, b).size() == 1);
  CHECK(sick(t, b)[0].disease == "sight-rot");
}

TEST_CASE("diseases: the contagion spell — poisoned, three failures give the disease for 7 days, three successes cure", "[rules][diseases]") {
  RulesTable t(27);
  new_campaign(t, on());
  std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "blinding-sickness"}}), "rules.err.disease_dc_needed");
  t.run({{"type", "ExposeToDisease"}, {"target", m}, {"disease", "blinding-sickness"}, {"dc", 15}});
  CHECK(condition_of(t.c(m), "poisoned", "disease:blinding-sickness") != nullptr);
  CHECK(sick(t, m)[0].dc == 15);
  REQUIRE_REFUSED(t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}}),
                  "rules.err.disease_success_or_roll");
  t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}, {"success", false}});
  t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}, {"roll", 15}});  // 15 vs 15
  t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}, {"roll", 9}});
  CHECK(sick(t, m)[0].successes == 1);
  CHECK(sick(t, m)[0].failures == 2);
  const auto& hold = t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}, {"success", false}});
  CHECK(line(t, *find_event(hold, "disease_symptoms"), Lang::en).find("Mira: Blinding sickness takes hold for 7 days.") == 0);
  CHECK(sick(t, m)[0].stage == "sick");
  CHECK(*sick(t, m)[0].ends_at == 7 * 1440);
  CHECK(condition_of(t.c(m), "poisoned", "disease:blinding-sickness") == nullptr);
  CHECK(condition_of(t.c(m), "blinded", "disease:blinding-sickness") != nullptr);
  const Condition* dis = condition_of(t.c(m), "disadvantage", "disease:blinding-sickness");
  REQUIRE(dis != nullptr);
  CHECK(dis->extra["rolls"] == json{"wis_checks", "wis_saves"});
  REQUIRE_REFUSED(t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "blinding-sickness"}, {"success", true}}),
                  "rules.err.disease_no_turn_saves");
  t.run({{"type", "AdvanceTime"}, {"minutes", 7 * 1440 - 1}});
  CHECK(sick(t, m).size() == 1);
  const auto& over = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  CHECK(find_event(over, "disease_cured")->data["reason"] == "expired");
  CHECK(sick(t, m).empty());
  CHECK(t.c(m).conditions.empty());

  // three successes: the spell ends
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "slimy-doom"}, {"dc", 14}});
  for (int k = 0; k < 3; ++k) t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "slimy-doom"}, {"success", true}});
  CHECK(sick(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  // slimy doom: stunned whenever it takes damage
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "slimy-doom"}, {"dc", 14}, {"symptoms", true}});
  CHECK(condition_of(t.c(m), "stunned", "disease:slimy-doom") == nullptr);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 2}});
  const Condition* stun = condition_of(t.c(m), "stunned", "disease:slimy-doom");
  REQUIRE(stun != nullptr);
  CHECK(stun->until.kind == "end_of_next_turn");
}

TEST_CASE("diseases: players see infections, bad stored data is refused, off keeps them and refuses cures", "[rules][diseases]") {
  RulesTable t(28);
  new_campaign(t, on());
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InfectDisease"}, {"target", m}, {"disease", "cackle-fever"}});
  json bad = t.c(m).modules["diseases"];
  bad["infections"][0]["stage"] = "dormant";
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"diseases", bad}}}}}}), "state.err.not_one_of");
  bad = t.c(m).modules["diseases"];
  bad["infections"][0]["disease"] = "the-pox";
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"diseases", bad}}}}}}), "state.err.not_one_of");
  t.run({{"type", "SetSettings"}, {"rules", {{"diseases", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "CureDisease"}, {"target", m}, {"means", "dm"}}), "campaign.err.rule_off");
  REQUIRE_REFUSED(t.run({{"type", "RecordDiseaseSave"}, {"target", m}, {"disease", "cackle-fever"}, {"success", true}}), "campaign.err.rule_off");
  auto v = rules::diseases_view(t.state(), t.c(m));
  CHECK_FALSE(v.on);
  REQUIRE(v.infections.size() == 1);
  CHECK(v.infections[0].info->id == "cackle-fever");
  // Off, time passing starts no symptoms (its hooks do not run).
  t.run({{"type", "AdvanceTime"}, {"minutes", 5 * 60}});
  CHECK(sick(t, m)[0].stage == "incubating");
}
