// House rule "Oživení mrtvého" as a guided ritual.
//   - A spell whose casting takes longer than 1 action ("longer"): up to three creatures (the caster included)
//     may help; the DM sets each helper's check and DC; the caster's DC = 10 + the creature's earlier attempts
//     − 3 per helper success + 1 per helper failure (calc::resurrection). Natural 20 always succeeds.
//   - A 1-action spell ("action"): no helpers; after such a failure only longer spells may try (for this death).
//   - Every attempt raises the creature's DC by 1 for good (its module data: Creature::modules
//     ["resurrection-ritual"].attempts), success or not.
//   - True resurrection and wish: no check, no helpers, no DC increase, and the soul cannot refuse.
//   - The soul may refuse a successful raising (the DM's call): StartResurrection's soul_refuses (true/false),
//     else the DM is asked after the successful check (prompt "resurrection.soul").
// Commands:
//   StartResurrection {target: the dead creature, caster, casting: action | longer | true-resurrection | wish,
//                      soul_refuses?: true | false}                  → ritual_started {ritual: {id "r…", …}}
//   ResurrectionHelper {ritual, helper, dc, roll?: the d20, modifier?} → ritual_helper_checked
//   ResurrectionCast {ritual, roll?: the caster's d20, ability_mod?: spellcasting ability modifier, hp?: HP after
//                     raising (default 1)}                          → resurrection_attempt, then resurrected /
//                                                                     resurrection_soul / prompt
//   CancelResurrection {ritual}
// Prompt "resurrection.soul" (creature = the dead one): {"ritual", "choices": ["accepts", "refuses"],
// "dm_only": true}.
// Module data: {"rituals": {"r7": {"id", "target", "caster", "casting", "soul_refuses", "helpers": [{"helper",
// "dc", "roll", "modifier", "total", "success"}], "status": open | awaiting_soul | raised | refused | failed |
// cancelled, "attempt": {…}}}, "creatures": {"<id>": {"action_failed": true}}}. ritual_view() adds the DC terms.
#include "core/rules/resurrection_ritual/resurrection_ritual.hpp"

#include <algorithm>

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* M = kResurrection;
constexpr const char* kAttempts = "attempts";

campaign::DataField attempts_field() {
  return {kAttempts, "int 1..1000: attempts to raise the creature so far (absent = 0)", false,
          [](const json& v) { int_in(v, 1, 1000); }};
}

const json& ritual_of(const Campaign& c, const std::string& id) {
  const json& r = data_at(c, M, "rituals", id);
  if (!r.is_object()) throw UserError("rules.err.no_ritual", jobj{"id", id});
  return r;
}

const json& open_ritual(const Campaign& c, const json& cmd) {
  const json& r = ritual_of(c, param::str(cmd, "ritual"));
  if (r.value("status", "") != "open") throw UserError("rules.err.ritual_closed", jobj{"id", r.value("id", "")});
  return r;
}

calc::Casting casting_of(const std::string& s) {
  auto c = calc::parse_casting(s);
  if (!c) throw UserError("campaign.err.param", jobj{"param", "casting", "expected", "action | longer | true-resurrection | wish"});
  return *c;
}

bool action_failed(const Campaign& c, const std::string& creature) {
  const json& d = data_at(c, M, "creatures", creature);
  return d.is_object() && d.value("action_failed", false);
}

std::pair<int, int> helper_counts(const json& ritual) {
  int s = 0, f = 0;
  for (const auto& h : ritual.value("helpers", json::array())) (h.value("success", false) ? s : f)++;
  return {s, f};
}

void raise(Ctx& ctx, const json& ritual, int hp) {
  ctx.emit("resurrected", jobj{"creature", ritual.at("target"), "ritual", ritual.at("id"), "hp", hp});
}

json& ritual_ref(Campaign& c, const json& d) {
  json& r = data_ref(c, M)["rituals"][d.at("ritual").get<std::string>()];
  if (!r.is_object()) throw std::out_of_range("no ritual");
  return r;
}

std::string casting_label(Lang lang, const std::string& casting) { return label(lang, "rules.casting." + casting, casting); }

}  // namespace

std::string active_ritual(const Campaign& c, std::string_view target) {
  const json& rituals = data_at(c, M, "rituals");
  if (rituals.is_object())
    for (const auto& r : rituals) {
      if (!r.is_object() || r.value("target", "") != target) continue;
      const std::string status = r.value("status", "");
      if (status == "open" || status == "awaiting_soul") return r.value("id", "");
    }
  return {};
}

bool action_casting_failed(const Campaign& c, std::string_view creature) { return action_failed(c, std::string(creature)); }

json ritual_view(const Campaign& c, std::string_view id) {
  const json& r = data_at(c, M, "rituals", id);
  if (!r.is_object()) return nullptr;
  json out = r;
  const Creature* x = campaign::find_creature(c, r.value("target", ""));
  const int previous = x ? resurrection_attempts_of(*x) : 0;
  auto [s, f] = helper_counts(r);
  calc::Resurrection res = calc::resurrection(std::min(previous, 1000), casting_of(r.value("casting", "")), s, f);
  out["dc"] = jobj{"check_needed", res.check_needed, "dc", res.dc ? json(*res.dc) : json(nullptr), "base", 10,
               "previous", previous, "successes", s, "failures", f, "helpers_allowed", res.helpers_allowed};
  return out;
}

// [SECTION] resurrection_ritual: its events, hooks and commands, one named unit each ----------------------------------
namespace {

void event_ritual_started(Engine& e) {
  event(
      e, "ritual_started",
      [](Campaign& c, const json& d) {
        const json& r = d.at("ritual");
        const std::string id = r.at("id").get<std::string>();
        campaign::creature_ref(c, r.at("target").get<std::string>());
        campaign::claim_id(c, id);
        data_ref(c, M)["rituals"][id] = r;
      },
      [](const json& d, const LogContext& lc) {
        const json& r = d.at("ritual");
        return tr(lc.lang, "event.ritual_started",
                  jobj{"name", name_of(lc, r, "target"), "caster", name_of(lc, r, "caster"),
                   "casting", casting_label(lc.lang, r.value("casting", ""))});
      });
}

void event_ritual_helper_checked(Engine& e) {
  event(
      e, "ritual_helper_checked",
      [](Campaign& c, const json& d) {
        json h = d;
        h.erase("ritual");
        ritual_ref(c, d)["helpers"].push_back(std::move(h));
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, d.value("success", false) ? "event.ritual_helper_success" : "event.ritual_helper_failure",
                  jobj{"name", name_of(lc, d, "helper"), "total", d.value("total", 0), "dc", d.value("dc", 0)});
      });
}

void event_resurrection_attempt(Engine& e) {
  event(
      e, "resurrection_attempt",
      [](Campaign& c, const json& d) {
        json& r = ritual_ref(c, d);
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        const int n = d.at("attempts").get<int>();
        set_creature_data(x, M, kAttempts, n == 0 ? json(nullptr) : json(n));
        json a = d;
        a.erase("ritual");
        r["attempt"] = a;
        const bool ok = d.at("success").get<bool>();
        r["status"] = ok ? "succeeded" : "failed";
        if (!ok && d.value("casting", "") == "action") data_ref(c, M)["creatures"][x.id]["action_failed"] = true;
      },
      [](const json& d, const LogContext& lc) {
        json args = jobj{"name", name_of(lc, d), "total", d.value("total", 0), "dc", d.value("dc", 0),
                     "n", d.value("attempts", 0)};
        if (!d.value("check_needed", true)) return tr(lc.lang, "event.resurrection_no_check", args);
        if (d.value("natural20", false)) return tr(lc.lang, "event.resurrection_natural20", args);
        return tr(lc.lang, d.value("success", false) ? "event.resurrection_success" : "event.resurrection_failure", args);
      });
}

void event_resurrection_soul(Engine& e) {
  event(
      e, "resurrection_soul",
      [](Campaign& c, const json& d) {
        json& r = ritual_ref(c, d);
        r["soul_refuses"] = d.at("refuses").get<bool>();
        if (d.at("refuses").get<bool>()) r["status"] = "refused";
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, d.value("refuses", false) ? "event.soul_refuses" : "event.soul_accepts", jobj{"name", name_of(lc, d)});
      });
}

void event_resurrected(Engine& e) {
  event(
      e, "resurrected",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        x.death_saves = campaign::DeathSaves{};
        x.hp = std::min(x.max_hp, std::max(1, d.at("hp").get<int>()));
        x.conditions.erase(std::remove_if(x.conditions.begin(), x.conditions.end(),
                                          [](const Condition& k) { return k.id == "unconscious" && k.source == "0hp"; }),
                           x.conditions.end());
        ritual_ref(c, d)["status"] = "raised";
        json& m = data_ref(c, M);
        if (m.contains("creatures")) m["creatures"].erase(x.id);
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.resurrected", jobj{"name", name_of(lc, d), "hp", d.value("hp", 1)});
      });
}

void event_ritual_cancelled(Engine& e) {
  event(
      e, "ritual_cancelled", [](Campaign& c, const json& d) { ritual_ref(c, d)["status"] = "cancelled"; },
      [](const json& d, const LogContext& lc) { return tr(lc.lang, "event.ritual_cancelled", jobj{"name", name_of(lc, d)}); });
}

void command_start_resurrection(Engine& e) {
  command(
      e, "StartResurrection", {"target", "caster", "casting", "soul_refuses"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = actions::require(c, param::str(cmd, "target"));
        if (!x.death_saves.dead) throw UserError("rules.err.not_dead", jobj{"name", x.name});
        const Creature& caster = actions::require_living(c, param::str(cmd, "caster"));
        if (caster.id == x.id) throw UserError("rules.err.not_dead", jobj{"name", x.name});
        const std::string casting = param::str(cmd, "casting");
        calc::Casting k = casting_of(casting);
        if (k == calc::Casting::action && action_failed(c, x.id))
          throw UserError("rules.err.action_after_failure", jobj{"name", x.name});
        const json* soul = param::find(cmd, "soul_refuses");
        if (soul && !soul->is_boolean()) throw UserError("campaign.err.param", jobj{"param", "soul_refuses", "expected", "true/false"});
        if (soul && soul->get<bool>() && (k == calc::Casting::true_resurrection || k == calc::Casting::wish))
          throw UserError("rules.err.soul_cannot_refuse", jobj{"casting", casting});
        const json& rituals = data_at(c, M, "rituals");
        if (rituals.is_object())
          for (const auto& r : rituals)
            if (r.value("target", "") == x.id && (r.value("status", "") == "open" || r.value("status", "") == "awaiting_soul"))
              throw UserError("rules.err.ritual_open", jobj{"name", x.name, "id", r.value("id", "")});
      },
      [](Ctx& ctx, const json& cmd) {
        json r = jobj{"id", ctx.new_id("r"),
                  "target", param::str(cmd, "target"),
                  "caster", param::str(cmd, "caster"),
                  "casting", param::str(cmd, "casting"),
                  "soul_refuses", param::find(cmd, "soul_refuses") ? cmd.at("soul_refuses") : json(nullptr),
                  "helpers", json::array(),
                  "status", "open",
                  "started_at", ctx.state().minutes};
        ctx.emit("ritual_started", jobj{"ritual", std::move(r)});
      });
}

void command_resurrection_helper(Engine& e) {
  command(
      e, "ResurrectionHelper", {"ritual", "helper", "dc", "roll", "modifier"},
      [](const Campaign& c, const json& cmd) {
        const json& r = open_ritual(c, cmd);
        if (r.value("casting", "") != "longer") throw UserError("rules.err.helpers_only_longer");
        const Creature& h = actions::require_living(c, param::str(cmd, "helper"));
        const json& helpers = r.at("helpers");
        for (const auto& x : helpers)
          if (x.value("helper", "") == h.id) throw UserError("rules.err.already_helped", jobj{"name", h.name});
        if (static_cast<int>(helpers.size()) >= calc::kMaxRitualHelpers)
          throw UserError("rules.err.too_many_helpers", jobj{"max", calc::kMaxRitualHelpers});
        param::integer(cmd, "dc", 1, 40);
        opt_int(cmd, "roll", 1, 20);
        opt_int(cmd, "modifier", -20, 30);
      },
      [](Ctx& ctx, const json& cmd) {
        auto entered = opt_int(cmd, "roll", 1, 20);
        const int d20 = entered ? *entered : ctx.rng().die(20);
        const int mod = opt_int(cmd, "modifier", -20, 30).value_or(0);
        const int dc = static_cast<int>(param::integer(cmd, "dc", 1, 40));
        ctx.emit("ritual_helper_checked", jobj{"ritual", param::str(cmd, "ritual"), "helper", param::str(cmd, "helper"),
                                           "dc", dc, "roll", d20, "modifier", mod, "total", d20 + mod,
                                           "success", d20 + mod >= dc, "rolled", !entered});
      });
}

void command_resurrection_cast(Engine& e) {
  command(
      e, "ResurrectionCast", {"ritual", "roll", "ability_mod", "hp"},
      [](const Campaign& c, const json& cmd) {
        const json& r = open_ritual(c, cmd);
        const Creature& x = actions::require(c, r.value("target", ""));
        if (!x.death_saves.dead) throw UserError("rules.err.not_dead", jobj{"name", x.name});
        actions::require_living(c, r.value("caster", ""));
        opt_int(cmd, "roll", 1, 20);
        opt_int(cmd, "ability_mod", -10, 20);
        opt_int(cmd, "hp", 1, 1'000'000);
      },
      [](Ctx& ctx, const json& cmd) {
        const json r = open_ritual(ctx.state(), cmd);  // a copy: events change module data
        const Creature& x = actions::require(ctx.state(), r.value("target", ""));
        const std::string casting = r.value("casting", "");
        auto [s, f] = helper_counts(r);
        calc::Resurrection res = calc::resurrection(std::min(resurrection_attempts_of(x), 1000), casting_of(casting), s, f);
        const int hp = std::min(x.max_hp, opt_int(cmd, "hp", 1, 1'000'000).value_or(1));
        json a = jobj{"ritual", r.at("id"), "creature", x.id, "casting", casting, "check_needed", res.check_needed,
                  "attempts_old", resurrection_attempts_of(x), "hp", hp};
        bool success = true;
        if (res.check_needed) {
          auto entered = opt_int(cmd, "roll", 1, 20);
          const int d20 = entered ? *entered : ctx.rng().die(20);
          const int mod = opt_int(cmd, "ability_mod", -10, 20).value_or(0);
          const int total = d20 + mod;
          success = d20 == 20 || total >= *res.dc;
          a["roll"] = d20;
          a["rolled"] = !entered;
          a["ability_mod"] = mod;
          a["total"] = total;
          a["dc"] = *res.dc;
          a["terms"] = jobj{"base", 10, "previous", resurrection_attempts_of(x), "successes", s, "failures", f};
          a["natural20"] = d20 == 20;
          a["attempts"] = resurrection_attempts_of(x) + 1;
        } else {
          a["attempts"] = resurrection_attempts_of(x);
        }
        a["success"] = success;
        ctx.emit("resurrection_attempt", a);
        if (!success) return;
        const json& soul = r.at("soul_refuses");
        if (!res.check_needed || soul == false) {
          raise(ctx, r, hp);
        } else if (soul == true) {
          ctx.emit("resurrection_soul", jobj{"ritual", r.at("id"), "creature", x.id, "refuses", true});
        } else {
          json patch;
          patch["rituals"][r.at("id").get<std::string>()]["status"] = "awaiting_soul";
          actions::set_module_data(ctx, M, std::move(patch));
          actions::create_prompt(ctx, "resurrection.soul", x.id,
                                 {{"ritual", r.at("id")}, {"hp", hp}, {"choices", {"accepts", "refuses"}}, {"dm_only", true}});
        }
      });
}

void prompt_resurrection_soul(Engine& e) {
  e.on_prompt("resurrection.soul", [](Ctx& ctx, const Prompt& p, const json& answer) {
    const std::string id = p.data.value("ritual", "");
    const json r = data_at(ctx.state(), M, "rituals", id);
    if (!r.is_object() || r.value("status", "") != "awaiting_soul") return;
    const bool refuses = answer.at("choice") == "refuses";
    ctx.emit("resurrection_soul", jobj{"ritual", id, "creature", p.creature, "refuses", refuses});
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    if (!refuses && x && x->death_saves.dead) raise(ctx, r, p.data.value("hp", 1));
  });
}

void command_cancel_resurrection(Engine& e) {
  command(
      e, "CancelResurrection", {"ritual"},
      [](const Campaign& c, const json& cmd) {
        const json& r = ritual_of(c, param::str(cmd, "ritual"));
        std::string st = r.value("status", "");
        if (st != "open" && st != "awaiting_soul") throw UserError("rules.err.ritual_closed", jobj{"id", r.value("id", "")});
      },
      [](Ctx& ctx, const json& cmd) {
        const json& r = ritual_of(ctx.state(), param::str(cmd, "ritual"));
        ctx.emit("ritual_cancelled", jobj{"ritual", r.at("id"), "creature", r.at("target")});
      });
}

}  // namespace

int resurrection_attempts_of(const Creature& x) {
  const json& n = creature_data(x, M, kAttempts);
  return n.is_number_integer() ? n.get<int>() : 0;
}

Module resurrection_ritual() {
  return {M,
          true,
          [](Engine& e) {
            event_ritual_started(e);
            event_ritual_helper_checked(e);
            event_resurrection_attempt(e);
            event_resurrection_soul(e);
            event_resurrected(e);
            e.count_event("resurrected", "resurrections");
            event_ritual_cancelled(e);
            command_start_resurrection(e);
            command_resurrection_helper(e);
            command_resurrection_cast(e);
            prompt_resurrection_soul(e);
            command_cancel_resurrection(e);
          },
          {.seed = "Oživení mrtvého",
           .prompts = {"resurrection.soul"},
           .own_calculators = {resurrection_calculator()},
           .reference = {"hr-resurrection"},
           .creature_data = {attempts_field()}}};
}

}  // namespace druzina::rules
