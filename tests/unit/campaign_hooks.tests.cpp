// The hook API the rule modules use: before/after/on_event/on_prompt, switching a module off, nested commands,
// module events and data, ids, extra parameters, and the recursion guard.
#include "../scenario/campaign_fixture.hpp"
#include "core/campaign/actions.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

void base(Engine& e) {
  register_base_events(e);
  register_base_commands(e);
}

// A small "massive damage" module written the way the house-rules author will: after ApplyDamage, if the
// damage was at least half the maximum, ask for a CON save DC 15; on a failure, the creature is stunned until
// the end of its next turn.
Module massive_damage() {
  return {"massive-damage", true, [](Engine& e) {
            e.after("ApplyDamage", [](Ctx& ctx, const json& cmd) {
              const Creature* c = find_creature(ctx.state(), cmd["target"].get<std::string>());
              int amount = cmd["amount"];
              if (!c || c->death_saves.dead || 2 * amount < c->max_hp) return;
              actions::create_prompt(ctx, "massive-damage.save", c->id, {{"dice", "1d20"}, {"dc", 15}});
            });
            e.on_prompt("massive-damage.save", [](Ctx& ctx, const Prompt& p, const json& answer) {
              if (answer.value("success", true)) return;
              Condition s;
              s.id = "stunned";
              s.source = "shock";
              s.until.kind = "end_of_next_turn";
              actions::add_condition(ctx, p.creature, s);
            });
          }};
}

}  // namespace

TEST_CASE("hooks: a module asks, the table answers, the module acts", "[campaign][hooks]") {
  Engine e;
  base(e);
  e.add_module(massive_damage());
  Table t(e, 9);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 4}});  // 2·4 < 17
  REQUIRE(t.state().prompts.empty());
  const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});  // 2·9 ≥ 17
  REQUIRE(t.last_types() == std::vector<std::string>{"hp_changed", "prompt_created"});
  REQUIRE(t.state().prompts.size() == 1);
  const Prompt p = t.state().prompts[0];
  REQUIRE(p.created_by_tx == tx.id);
  REQUIRE(p.creature == m);

  SECTION("an entered failing roll") {
    const Transaction& r = t.run({{"type", "ResolvePrompt"}, {"prompt", p.id}, {"roll", 9}});
    REQUIRE(find_event(r, "prompt_resolved")->data["success"] == false);
    REQUIRE(has_condition(t.c(m), "stunned"));
    REQUIRE(t.state().prompts.empty());
  }
  SECTION("an entered success") {
    t.run({{"type", "ResolvePrompt"}, {"prompt", p.id}, {"roll", 15}});
    REQUIRE_FALSE(has_condition(t.c(m), "stunned"));
  }
  SECTION("no roll given: the engine rolls and records it") {
    const Transaction& r = t.run({{"type", "ResolvePrompt"}, {"prompt", p.id}});
    const json& d = find_event(r, "prompt_resolved")->data;
    REQUIRE(d["rolled"] == true);
    REQUIRE(d["text"].get<std::string>().find("1d20") == 0);
    REQUIRE(d["success"] == (d["total"].get<int>() >= 15));
  }
  SECTION("dismissed") {
    t.run({{"type", "DismissPrompt"}, {"prompt", p.id}});
    REQUIRE(t.state().prompts.empty());
    REQUIRE_REFUSED(t.run({{"type", "ResolvePrompt"}, {"prompt", p.id}}), "campaign.err.no_prompt");
  }
  SECTION("switched off in this campaign: its hooks do not run") {
    t.run({{"type", "DismissPrompt"}, {"prompt", p.id}});
    t.run({{"type", "SetSettings"}, {"rules", {{"massive-damage", false}}}});
    t.run({{"type", "Heal"}, {"target", m}, {"amount", 20}});
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
    REQUIRE(t.state().prompts.empty());
  }
}

TEST_CASE("hooks: choices, before-hooks that refuse or go first, on_event with old and new HP", "[campaign][hooks]") {
  Engine e;
  base(e);
  std::vector<std::string> seen;
  e.add_module({"order", true, [&seen](Engine& en) {
                  en.before("ApplyDamage", [&seen](Ctx& ctx, const json& cmd) {
                    seen.push_back("before");
                    if (cmd.value("amount", 0) == 13) throw UserError("campaign.err.nothing_to_change");
                    ctx.emit("module_data_set", {{"module", "order"}, {"patch", {{"hits", 1}}}});
                  });
                  en.on_event("hp_changed", [&seen](Ctx&, const Event& ev) {
                    seen.push_back("hp " + ev.data["old"].dump() + "→" + ev.data["new"].dump());
                  });
                  en.after("ApplyDamage", [&seen](Ctx& ctx, const json&) {
                    seen.push_back("after, events so far: " + std::to_string(ctx.events().size()));
                  });
                  en.on_event("*", [&seen](Ctx&, const Event& ev) {
                    if (ev.type == "died") seen.push_back("saw died");
                  });
                }});
  e.add_module({"soul", false, [](Engine& en) {  // off unless the campaign switches it on
                  en.register_command("AskSoul", {{"target"}, nullptr, [](Ctx& ctx, const json& cmd) {
                                                     actions::create_prompt(ctx, "soul.refuses", cmd["target"],
                                                                            {{"choices", {"yes", "no"}}, {"dm_only", true}});
                                                   }});
                }});
  Table t(e, 3);
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}});
  REQUIRE(seen == std::vector<std::string>{"before", "hp 7→0", "saw died", "after, events so far: 3"});
  REQUIRE(t.state().modules["order"]["hits"] == 1);
  std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 13}}), "campaign.err.nothing_to_change");
  REQUIRE(t.c(m).hp == 20);

  REQUIRE_REFUSED(t.run({{"type", "AskSoul"}, {"target", m}}), "campaign.err.rule_off");
  t.run({{"type", "SetSettings"}, {"rules", {{"soul", true}}}});
  t.run({{"type", "AskSoul"}, {"target", m}});
  std::string p = t.state().prompts.at(0).id;
  REQUIRE_REFUSED(t.run({{"type", "ResolvePrompt"}, {"prompt", p}}), "campaign.err.choice_needed");
  REQUIRE_REFUSED(t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"choice", "maybe"}}), "campaign.err.bad_choice");
  REQUIRE_REFUSED(t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"choice", "no"}, {"roll", 3}}), "campaign.err.roll_not_expected");
  const Transaction& r = t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"choice", "no"}});
  REQUIRE(find_event(r, "prompt_resolved")->data["choice"] == "no");
}

TEST_CASE("hooks: nested commands, module events, ids and extra parameters", "[campaign][hooks]") {
  Engine e;
  base(e);
  e.add_module({"wounds", true, [](Engine& en) {
                  EventDef def;
                  def.apply = [](Campaign& c, const json& d) {
                    creature_ref(c, d.at("creature").get<std::string>()).notes += d.at("text").get<std::string>();
                  };
                  en.register_event("wounds.noted", def);
                  en.allow_params("ApplyDamage", {"wound"});
                  en.after("ApplyDamage", [](Ctx& ctx, const json& cmd) {
                    if (!cmd.contains("wound")) return;
                    ctx.emit("wounds.noted", {{"creature", cmd["target"]}, {"text", "scratch;"}});
                    // one more point through the base command, with all its consequences
                    if (cmd["wound"] == "bleeding") ctx.run({{"type", "ApplyDamage"}, {"target", cmd["target"]}, {"amount", 1}});
                  });
                  // A module's event that brings a new id into the state (claimed by its apply function).
                  EventDef opened;
                  opened.apply = [](Campaign& c, const json& d) {
                    claim_id(c, d.at("wound").get<std::string>());
                    creature_ref(c, d.at("creature").get<std::string>()).modules["wounds"]["open"].push_back(d.at("wound"));
                  };
                  en.register_event("wounds.opened", opened);
                  en.on_event("time_advanced", [](Ctx& ctx, const Event&) {
                    std::string id = ctx.new_id("i");
                    std::string id2 = ctx.new_id("i");
                    REQUIRE(id != id2);
                    ctx.emit("wounds.opened", {{"creature", ctx.state().creatures[0].id}, {"wound", id}});
                  });
                }});
  Table t(e, 3);
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 2}, {"wound", "bleeding"}});
  REQUIRE(t.c(m).hp == 17);
  REQUIRE(t.c(m).notes == "scratch;");
  REQUIRE(t.last_types() == std::vector<std::string>{"hp_changed", "wounds.noted", "hp_changed"});
  REQUIRE_REFUSED(t.run({{"type", "Heal"}, {"target", m}, {"amount", 2}, {"wound", "x"}}), "campaign.err.unknown_param");

  t.run({{"type", "AdvanceTime"}, {"minutes", 60}});
  REQUIRE(t.c(m).modules["wounds"]["open"].size() == 1);
  long long next = t.state().next_id;
  // replaying the events gives the same next_id (claimed by the apply function)
  REQUIRE(t.session.refold().next_id == next);
  t.run({{"type", "AddNote"}, {"text", "x"}});
  REQUIRE(t.state().notes[0].id == "n" + std::to_string(next));
}

TEST_CASE("hooks: endless reactions are stopped and refused", "[campaign][hooks]") {
  Engine e;
  base(e);
  e.add_module({"loop", true, [](Engine& en) {
                  en.on_event("hp_changed", [](Ctx& ctx, const Event& ev) {
                    const Creature* c = find_creature(ctx.state(), ev.data["creature"].get<std::string>());
                    if (c && c->hp > 0) ctx.run({{"type", "Heal"}, {"target", c->id}, {"amount", 0}});
                  });
                }});
  Table t(e, 3);
  std::string m = t.pc("Mira", 20);
  json before = to_j(t.state());
  REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}}), "campaign.err.hook_loop");
  REQUIRE(to_j(t.state()) == before);
}

TEST_CASE("the standard engine has every base command", "[campaign][hooks]") {
  const Engine& e = Engine::standard();
  for (const char* type :
       {"CreateCampaign", "SetSettings", "AddCreature", "UpdateCreature", "RemoveCreature", "ApplyDamage", "Heal",
        "SetTempHp", "SetCondition", "RemoveCondition", "SetExhaustion", "DeathSave", "Stabilize", "ShortRest",
        "LongRest", "AdvanceTime", "StartEncounter", "NextTurn", "PrevTurn", "EndEncounter", "UseLegendaryAction",
        "SetInspiration", "SetHeroPoints", "RollTable", "AddNote", "RemoveNote", "ResolvePrompt", "DismissPrompt",
        "AddInjury", "CureInjury", "AddProject", "UpdateProject", "RemoveProject"})
    REQUIRE(e.has_command(type));
}
