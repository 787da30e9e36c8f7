// House rules "Výroba nemagických předmětů", "Výroba magických předmětů", art objects and scrolls as downtime
// projects (the module's campaign data Campaign::modules["crafting"].projects; the formulas are calc::craft,
// calc::craft_overtime, calc::art_value, calc::scroll — numbers in assets/data/rules/).
//   mundane  goal = market value, materials = half of it, rate by level 1/2/3/4/5 gp per hour (levels 1/5/9/13/17)
//   art      goal = materials = the gp the artist chooses to spend; at the end a tool check sets the value
//   magic    goal = materials = half the market value, rate 5/10/25/50/75/100 gp per hour (levels
//            1/3/6/11/17/20), a rarity above the crafter's limit is refused; the crafter must be able to cast the
//            item's spell (the DM confirms) and have it prepared every crafting day; material components of a
//            spell the item casts are spent every day
//   scroll   a magic project whose market price comes from the scroll table (calc::scroll); the material
//            components are spent once and add no time
// Collaborators add their own rates; added value (a gem in the hilt) adds no time. Up to 8 hours a day count as
// normal; each hour past 8 asks every crafter for a CON save DC 10 + hours past 8 (failure: 1 exhaustion, source
// "overtime").
// Crafting moves the clock: each working day advances it by the hours worked (time_advanced, reason "crafting").
// A crafter who has worked keeps creature data modules.crafting.workday {start, hours} until a long rest; the next
// working day starts with the night: the clock goes to the hour the last working day began, a day later (or stays,
// when it is already past that), and the night is a long rest for the crafters (a nested LongRest {targets:
// crafters}; with rest: false the time passes without one). same_day: true goes on with the same working day
// instead (its overtime counts the hours already worked). A finished project leaves its item in the crafter's
// inventory (crafted_item_stored: mundane, magic, scroll at the market value + added value; art, kind "art",
// at the value FinishArt gives it).
//
// Commands:
//   StartProject {kind: mundane | art | magic | scroll, crafter, collaborators?: [ids], name,
//                 value_gp (mundane, magic), materials_gp (art), rarity (magic), spell_level (scroll, 0–9),
//                 components_gp? (magic: per day, scroll: once), spell? (magic: the spell the item casts,
//                 scroll: default the name), spell_confirmed?: true, added_value_gp?}
//   WorkOnProject {project, hours: per day (1–24), days?: (default 1; with saves "ask" more than 1 only without
//                  overtime), saves?: "auto" (the engine rolls the overtime saves) | "ask" (prompts),
//                  spell_prepared?: true, rest?: true (the nights between working days are long rests) | false,
//                  same_day?: false | true (go on with the crafters' working day: no night first),
//                  start_hour?: 0–23 (a fresh first working day begins at this hour: the clock waits for it, a wait
//                  of 8 hours or more is a night as between working days; absent: at once)}
//     → per day: [crafting_night {creatures, rest, minutes, first?: the night before a fresh day (start_hour)}
//       + LongRest's events | time_advanced "night"],
//       project_worked {…, days: 1}, workday_set {creature, start, hours} (silent), time_advanced "crafting",
//       overtime_saves + exhaustion_changed | prompts; then crafting_days {project, name, days, nights, rest,
//       creatures, from, to} (when more than one day or a night), crafted_item_stored {creature, project, item}.
//     Refused during an encounter (campaign.err.in_encounter) and while a crafter's overtime save is open
//     (rules.err.overtime_pending).
//   FinishArt {project, check?: the tool check total, roll?: its d20, modifier?}
//   ConfirmProjectSpell {project, value: true | false}
// Prompts: "crafting.confirm_spell" {"project", "spell", "choices": ["yes", "no"], "dm_only": true} (creature =
// the crafter); "crafting.overtime_save" {"project", "hour", "dice", "dc", "ability": "con", "modifier"}.
// Project.data: {"crafter", "collaborators", "value_gp", "cost_gp" (art), "rarity", "spell", "spell_confirmed",
// "spell_level", "components_gp", "added_value_gp", "days_worked", "art_value_gp", "art_check", "worthless"}.
//
// Index:
//   [SECTION] crafting: its events, hooks and commands, one named unit each
//   [SECTION] the projects as data, and the generic project commands (any kind: training, research …)
#include "core/rules/crafting/crafting.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr long long kMaxGp = 1'000'000'000;
const std::vector<std::string> kKinds = {"mundane", "art", "magic", "scroll"};

int lvl(const Creature& x) { return std::clamp(x.level, 1, 20); }

Project plan_project(const Campaign& c, const json& cmd) {
  Project p;
  p.kind = param::str(cmd, "kind");
  if (std::find(kKinds.begin(), kKinds.end(), p.kind) == kKinds.end())
    throw UserError("campaign.err.param", jobj{"param", "kind", "expected", "mundane | art | magic | scroll"});
  p.name = param::str(cmd, "name");
  if (p.name.size() > 200) throw UserError("state.err.too_long", jobj{"path", "name", "max", 200});
  const Creature& crafter = actions::require_living(c, param::str(cmd, "crafter"));
  std::vector<std::string> collabs = id_list(cmd, "collaborators");
  std::vector<int> levels;
  for (const auto& id : collabs) {
    const Creature& x = actions::require_living(c, id);
    if (x.id == crafter.id) throw UserError("campaign.err.duplicate", jobj{"id", id});
    levels.push_back(lvl(x));
  }
  auto refuse_param = [&](const char* name) {
    if (param::find(cmd, name))
      throw UserError("rules.err.project_param", jobj{"param", name, "kind", p.kind});
  };
  const bool magical = p.kind == "magic" || p.kind == "scroll";
  if (!magical) {
    refuse_param("rarity");
    refuse_param("spell");
    refuse_param("spell_confirmed");
    refuse_param("components_gp");
  }
  if (p.kind != "scroll") refuse_param("spell_level");
  if (p.kind != "art") refuse_param("materials_gp");
  if (p.kind == "art" || p.kind == "scroll") refuse_param("value_gp");

  json data = jobj{"crafter", crafter.id, "collaborators", collabs};
  calc::Craft craft;
  long long components = 0;
  if (p.kind == "mundane") {
    long long value = param::integer(cmd, "value_gp", 1, kMaxGp);
    craft = calc::craft(calc::CraftKind::mundane, lvl(crafter), value, levels);
    data["value_gp"] = value;
  } else if (p.kind == "art") {
    long long cost = param::integer(cmd, "materials_gp", 1, kMaxGp);
    craft = calc::craft(calc::CraftKind::art, lvl(crafter), cost, levels);
    data["cost_gp"] = cost;
  } else if (p.kind == "magic") {
    long long value = param::integer(cmd, "value_gp", 1, kMaxGp);
    std::string rarity = param::str(cmd, "rarity");
    craft = calc::craft(calc::CraftKind::magic, lvl(crafter), value, levels, rarity);
    components = param::integer(cmd, "components_gp", 0, kMaxGp, 0);
    data["value_gp"] = value;
    data["rarity"] = rarity;
  } else {
    const int level = static_cast<int>(param::integer(cmd, "spell_level", 0, 9));
    components = param::integer(cmd, "components_gp", 0, kMaxGp, 0);
    calc::Scroll sc = calc::scroll(level, 0);
    craft = calc::craft(calc::CraftKind::magic, lvl(crafter), sc.price_gp, levels, sc.rarity);
    data["value_gp"] = sc.price_gp + components;
    data["rarity"] = sc.rarity;
    data["spell_level"] = level;
    data["save_dc"] = sc.save_dc;
    data["attack_bonus"] = sc.attack_bonus;
  }
  if (magical) {
    std::string spell = param::str(cmd, "spell", p.kind == "scroll" ? p.name : std::string());
    if (spell.size() > 200) throw UserError("state.err.too_long", jobj{"path", "spell", "max", 200});
    data["spell"] = spell;
    data["spell_confirmed"] = spell.empty() || param::boolean(cmd, "spell_confirmed", false);
    data["components_gp"] = components;
  }
  if (const json* v = param::find(cmd, "added_value_gp")) {
    (void)v;
    data["added_value_gp"] = param::integer(cmd, "added_value_gp", 0, kMaxGp);
  }
  data["days_worked"] = 0;
  p.owners.push_back(crafter.id);
  for (const auto& id : collabs) p.owners.push_back(id);
  p.goal_gp = static_cast<double>(craft.goal_cp) / 100.0;
  p.materials_gp = static_cast<double>(craft.materials_cp) / 100.0 + (p.kind == "scroll" ? static_cast<double>(components) : 0.0);
  p.data = std::move(data);
  return p;
}

constexpr const char* kProjects = "projects";
constexpr const char* kWorkday = "workday";

Project find_project(const Campaign& c, const std::string& id) {
  for (auto& p : projects_of(c))
    if (p.id == id) return p;
  throw UserError("campaign.err.no_project", jobj{"id", id});
}

Project craft_project(const Campaign& c, const json& cmd) {
  Project p = find_project(c, param::str(cmd, "project"));
  if (std::find(kKinds.begin(), kKinds.end(), p.kind) == kKinds.end() || !p.data.contains("crafter"))
    throw UserError("rules.err.not_craft_project", jobj{"project", p.name});
  return p;
}

// Writes the list back (absent when empty, so a campaign without projects holds no crafting data).
void store(Campaign& c, const std::vector<Project>& list) {
  json& d = data_ref(c, kCrafting);
  if (!list.empty()) {
    d[kProjects] = list;
    return;
  }
  d.erase(kProjects);
  if (d.empty()) c.modules.erase(kCrafting);
}

// A new project: its id, then project_added (StartProject and AddProject alike).
Project add_project(Ctx& ctx, Project p) {
  p.id = ctx.new_id("j");
  ctx.emit("project_added", jobj{"project", json(p)});
  return p;
}

// Changes one project of the state (an event's apply: a project it names must exist).
template <class F>
void change_project(Campaign& c, const std::string& id, F&& change) {
  std::vector<Project> list = projects_of(c);
  for (auto& p : list)
    if (p.id == id) {
      change(p);
      store(c, list);
      return;
    }
  throw std::out_of_range("no project " + id);
}

int rate_of(const Campaign& c, const Project& p, std::vector<std::string>* crafters) {
  const bool magical = p.kind == "magic" || p.kind == "scroll";
  int rate = 0;
  std::vector<std::string> ids = {p.data.value("crafter", "")};
  for (const auto& id : p.data.value("collaborators", json::array())) ids.push_back(id.get<std::string>());
  for (const auto& id : ids) {
    const Creature* x = campaign::find_creature(c, id);
    if (!x || x->death_saves.dead) continue;
    rate += magical ? calc::magic_rate_gp(lvl(*x)) : calc::mundane_rate_gp(lvl(*x));
    if (crafters) crafters->push_back(id);
  }
  return rate;
}

struct Work {
  std::string project;
  int hours = 0, days = 1;
  bool ask = false, rest = true, same_day = false;
  std::optional<int> start_hour;  // the hour of the day a fresh working day begins (absent: the clock's hour)
  std::vector<std::string> crafters;
  int rate = 0;
};

Work plan_work(const Campaign& c, const json& cmd) {
  const Project p = craft_project(c, cmd);
  if (c.encounter) throw UserError("campaign.err.in_encounter", jobj{"command", "WorkOnProject"});
  if (p.done) throw UserError("rules.err.project_done", jobj{"project", p.name});
  Work w;
  w.project = p.id;
  w.hours = static_cast<int>(param::integer(cmd, "hours", 1, 24));
  w.days = static_cast<int>(param::integer(cmd, "days", 1, 365, 1));
  std::string saves = param::str(cmd, "saves", "auto");
  if (saves != "auto" && saves != "ask") throw UserError("campaign.err.param", jobj{"param", "saves", "expected", "auto | ask"});
  w.ask = saves == "ask";
  w.rest = param::boolean(cmd, "rest", true);
  w.same_day = param::boolean(cmd, "same_day", false);
  w.start_hour = opt_int(cmd, "start_hour", 0, 23);
  const std::string spell = p.data.value("spell", "");
  if (!spell.empty()) {
    if (!p.data.value("spell_confirmed", false)) throw UserError("rules.err.spell_unconfirmed", jobj{"project", p.name, "spell", spell});
    if (!param::boolean(cmd, "spell_prepared", false)) throw UserError("rules.err.spell_not_prepared", jobj{"spell", spell});
  } else if (param::find(cmd, "spell_prepared")) {
    param::boolean(cmd, "spell_prepared", false);
  }
  const Creature* crafter = campaign::find_creature(c, p.data.value("crafter", ""));
  if (!crafter || crafter->death_saves.dead) throw UserError("rules.err.crafter_gone", jobj{"project", p.name});
  w.rate = rate_of(c, p, &w.crafters);
  // Overtime asked as prompts: the answers come after the command, so a second day (and the night's long rest
  // before it) would come before the first day's exhaustion. Such days are entered one at a time.
  int before = 0;
  if (w.same_day)
    for (const auto& id : w.crafters)
      if (auto d = workday_of(*campaign::find_creature(c, id))) before = std::max(before, d->hours);
  if (w.ask && w.days > 1 && (w.hours > 8 || before + w.hours > 8)) throw UserError("rules.err.overtime_one_day");
  // An overtime save still open for a crafter would land after the night that should have followed it.
  for (const auto& pr : c.prompts)
    if (pr.kind == "crafting.overtime_save" &&
        std::find(w.crafters.begin(), w.crafters.end(), pr.creature) != w.crafters.end())
      throw UserError("rules.err.overtime_pending", jobj{"name", campaign::find_creature(c, pr.creature)->name});
  return w;
}

std::string gp_text(double gp) {
  char buf[32];
  if (std::floor(gp) == gp)
    std::snprintf(buf, sizeof buf, "%.0f", gp);
  else
    std::snprintf(buf, sizeof buf, "%.2f", gp);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace

// [SECTION] crafting: its events, hooks and commands, one named unit each ---------------------------------------------
namespace {

void event_project_worked(Engine& e) {
  event(
      e, "project_worked",
      [](Campaign& c, const json& d) {
        change_project(c, d.at("project").get<std::string>(), [&](Project& p) {
          p.progress_gp = d.at("progress").get<double>();
          p.hours += d.at("hours").get<double>();
          p.done = d.at("done").get<bool>();
          if (d.contains("materials_gp")) p.materials_gp = d.at("materials_gp").get<double>();
          p.data["days_worked"] = p.data.value("days_worked", 0) + d.at("days").get<int>();
        });
      },
      [](const json& d, const LogContext& lc) {
        json args = jobj{"project", d.value("name", ""), "n", d.value("hours", 0), "gp", gp_text(d.value("gp", 0.0)),
                     "progress", gp_text(d.value("progress", 0.0)), "goal", gp_text(d.value("goal", 0.0)),
                     "days", d.value("days", 0)};
        return tr(lc.lang, d.value("done", false) ? "event.project_completed" : "event.project_worked", args);
      });
}

void event_overtime_saves(Engine& e) {
  event(e, "overtime_saves", [](Campaign&, const json&) {},
        [](const json& d, const LogContext& lc) {
          std::string parts;
          for (const auto& r : d.value("results", json::array())) {
            std::string one = tr(lc.lang, r.value("success", false) ? "rules.overtime.success" : "rules.overtime.failure",
                                 jobj{"name", name_of(lc, r), "hour", r.value("hour", 0), "total", r.value("total", 0),
                                  "dc", r.value("dc", 0)});
            append(parts, "; ", one);
          }
          return tr(lc.lang, "event.overtime_saves", jobj{"saves", parts});
        });
}

void event_art_finished(Engine& e) {
  event(
      e, "art_finished",
      [](Campaign& c, const json& d) {
        change_project(c, d.at("project").get<std::string>(), [&](Project& p) {
          p.data["art_check"] = d.at("check");
          p.data["art_value_gp"] = d.at("value_gp");
          p.data["worthless"] = d.at("worthless");
        });
      },
      [](const json& d, const LogContext& lc) {
        json args = jobj{"project", d.value("name", ""), "check", d.value("check", 0), "gp", gp_text(d.value("value_gp", 0.0))};
        return tr(lc.lang, d.value("worthless", false) ? "event.art_worthless" : "event.art_finished", args);
      });
}

void event_project_spell_confirmed(Engine& e) {
  event(
      e, "project_spell_confirmed",
      [](Campaign& c, const json& d) {
        change_project(c, d.at("project").get<std::string>(),
                       [&](Project& p) { p.data["spell_confirmed"] = d.at("value").get<bool>(); });
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, d.value("value", false) ? "event.project_spell_confirmed" : "event.project_spell_refused",
                  jobj{"project", d.value("name", ""), "spell", d.value("spell", "")});
      });
}

std::string clock(Lang lang, long long minutes) {
  char hm[16];
  std::snprintf(hm, sizeof hm, "%02lld:%02lld", (minutes % 1440) / 60, minutes % 60);
  return tr(lang, "campaign.time.clock", jobj{"day", minutes / 1440 + 1, "time", hm});
}

std::string names(const LogContext& lc, const json& ids) {
  std::string out;
  for (const auto& id : ids)
    if (id.is_string()) append(out, ", ", lc.name ? lc.name(id.get<std::string>()) : id.get<std::string>());
  return out;
}

// A crafter's working day (creature data "workday" {start, hours}); without start: the day is over (erased).
void event_workday_set(Engine& e) {
  event(
      e, "workday_set",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        if (!d.contains("start")) {
          set_creature_data(x, kCrafting, kWorkday, nullptr);
          return;
        }
        set_creature_data(x, kCrafting, kWorkday, jobj{"start", d.at("start").get<long long>(), "hours", d.at("hours").get<int>()});
      },
      {}, /*silent*/ true);
}

void event_crafting_night(Engine& e) {
  event(e, "crafting_night", [](Campaign&, const json&) {},
        [](const json& d, const LogContext& lc) {
          const bool first = d.value("first", false);  // the night before a fresh working day (start_hour)
          return tr(lc.lang, d.value("rest", true) ? (first ? "event.crafting_night_first" : "event.crafting_night")
                                                  : (first ? "event.crafting_night_first_no_rest" : "event.crafting_night_no_rest"),
                    jobj{"names", names(lc, d.value("creatures", json::array()))});
        });
}

void event_crafting_days(Engine& e) {
  event(e, "crafting_days", [](Campaign&, const json&) {},
        [](const json& d, const LogContext& lc) {
          std::string line = tr(lc.lang, "event.crafting_days",
                                jobj{"project", d.value("name", ""), "n", d.value("days", 0),
                                 "from", clock(lc.lang, d.value("from", 0LL)), "to", clock(lc.lang, d.value("to", 0LL))});
          if (d.value("nights", 0) > 0)
            line += " " + tr(lc.lang, d.value("rest", true) ? "rules.crafting.nights_rest" : "rules.crafting.nights_no_rest",
                             jobj{"names", names(lc, d.value("creatures", json::array())), "n", d.value("nights", 0)});
          return line;
        });
}

void event_crafted_item_stored(Engine& e) {
  event(
      e, "crafted_item_stored",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        campaign::Item item;
        campaign::jr::get(d.at("item"), item);
        x.inventory.push_back(std::move(item));
      },
      [](const json& d, const LogContext& lc) {
        const json& item = d.at("item");
        return tr(lc.lang, "event.crafted_item_stored",
                  jobj{"name", name_of(lc, d), "item", item.value("name", ""), "gp", gp_text(item.value("value_gp", 0.0))});
      });
}

// A long rest ends a crafter's working day: the next one starts fresh (and after no further night).
void end_workday_after_long_rest(Ctx& ctx, const campaign::Event& ev) {
  const std::string who = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (x && workday_of(*x)) ctx.emit("workday_set", jobj{"creature", who});
}

void command_start_project(Engine& e) {
  command(
      e, "StartProject",
      {"kind", "crafter", "collaborators", "name", "value_gp", "materials_gp", "rarity", "spell_level",
       "components_gp", "spell", "spell_confirmed", "added_value_gp"},
      [](const Campaign& c, const json& cmd) { plan_project(c, cmd); },
      [](Ctx& ctx, const json& cmd) {
        const Project p = add_project(ctx, plan_project(ctx.state(), cmd));
        const std::string spell = p.data.value("spell", "");
        if (!spell.empty() && !p.data.value("spell_confirmed", false))
          actions::create_prompt(ctx, "crafting.confirm_spell", p.data.value("crafter", ""),
                                 {{"project", p.id}, {"project_name", p.name}, {"spell", spell}, {"choices", {"yes", "no"}}, {"dm_only", true}});
      });
}

// The item a finished project leaves in its crafter's inventory: mundane, magic and scroll projects at their
// market value (plus the added value), an art object at the value its check gave it.
void store_item(Ctx& ctx, const Project& p, const std::string& crafter, double value_gp) {
  const Creature* x = campaign::find_creature(ctx.state(), crafter);
  if (!x) return;  // the crafter was removed since: nobody to hand it to
  json item = jobj{"name", p.name, "qty", 1, "weight", 0, "kind", p.kind == "art" ? "art" : "gear",
               "value_gp", value_gp};
  ctx.emit("crafted_item_stored", jobj{"creature", crafter, "project", p.id, "item", item});
}

// A night of `minutes` before a working day: a long rest for the crafters unless the DM says no.
void night_until(Ctx& ctx, const Work& w, long long minutes, bool first = false) {
  json data = jobj{"creatures", w.crafters, "rest", w.rest, "minutes", minutes};
  if (first) data["first"] = true;
  ctx.emit("crafting_night", std::move(data));
  if (w.rest) {
    ctx.run(jobj{"type", "LongRest", "targets", w.crafters, "minutes", minutes});
  } else {
    actions::advance_time(ctx, minutes, "night");
    for (const auto& id : w.crafters)
      if (const Creature* x = campaign::find_creature(ctx.state(), id))
        if (workday_of(*x)) ctx.emit("workday_set", jobj{"creature", id});
  }
}

// The night between two working days: the clock moves to the same hour the last working day began, a day later
// (or not at all when it is already past it).
void night(Ctx& ctx, const Work& w) {
  long long start = ctx.state().minutes;
  bool any = false;
  for (const auto& id : w.crafters)
    if (const Creature* x = campaign::find_creature(ctx.state(), id))
      if (auto d = workday_of(*x)) start = any ? std::max(start, d->start) : d->start, any = true;
  night_until(ctx, w, std::max(0LL, start + 1440 - ctx.state().minutes));
}

void command_work_on_project(Engine& e) {
  command(
      e, "WorkOnProject", {"project", "hours", "days", "saves", "spell_prepared", "rest", "same_day", "start_hour"},
      [](const Campaign& c, const json& cmd) { plan_work(c, cmd); },
      [](Ctx& ctx, const json& cmd) {
        const Work w = plan_work(ctx.state(), cmd);
        const Project p = find_project(ctx.state(), w.project);
        const double goal = p.goal_gp;
        const long long components = p.data.value("components_gp", 0LL);
        const bool spends_components = p.kind == "magic" && components > 0 && !p.data.value("spell", std::string()).empty();
        double progress = p.progress_gp;
        int days = 0, nights = 0;
        long long from = 0;
        for (int day = 0; day < w.days && progress < goal; ++day) {
          // a crafter who worked and has not had a long rest since starts the day after a night (unless the DM
          // says the work goes on the same day)
          bool worked = false;
          for (const auto& id : w.crafters)
            if (const Creature* x = campaign::find_creature(ctx.state(), id)) worked = worked || workday_of(*x).has_value();
          if (worked && (day > 0 || !w.same_day)) {
            night(ctx, w);
            ++nights;
          } else if (day == 0 && !worked && w.start_hour) {
            // a fresh working day begins at the hour the DM chose: the clock waits for it (the night a long rest
            // for the crafters when it is one, 8 hours or more, and the DM has not said otherwise)
            const long long wait = ((*w.start_hour * 60LL - ctx.state().minutes % 1440) % 1440 + 1440) % 1440;
            if (wait >= 480) {
              night_until(ctx, w, wait, true);
              ++nights;
            } else {
              actions::advance_time(ctx, wait, "crafting_wait");
            }
          }
          if (day == 0) from = ctx.state().minutes;
          ++days;

          const int need = static_cast<int>(std::ceil((goal - progress) / w.rate - 1e-9));
          const int h = std::min(w.hours, std::max(1, need));
          const double before = progress;
          progress = std::min(goal, progress + static_cast<double>(h) * w.rate);
          const Project now = find_project(ctx.state(), w.project);
          json data = jobj{"project", p.id, "name", p.name, "days", 1, "hours", h,
                       "hours_per_day", w.hours, "rate", w.rate, "gp", progress - before,
                       "progress", progress, "goal", goal, "done", progress >= goal, "crafters", w.crafters};
          if (spends_components) data["materials_gp"] = now.materials_gp + static_cast<double>(components);
          ctx.emit("project_worked", std::move(data));

          // each crafter's working day: the hours before (the same day), then these
          std::vector<std::pair<std::string, int>> earlier;
          const long long day_start = ctx.state().minutes;
          for (const auto& id : w.crafters) {
            const Creature* x = campaign::find_creature(ctx.state(), id);
            if (!x || x->death_saves.dead) continue;
            auto d = workday_of(*x);
            earlier.push_back({id, d ? d->hours : 0});
            ctx.emit("workday_set", jobj{"creature", id, "start", d ? d->start : day_start,
                                     "hours", std::min(24, (d ? d->hours : 0) + h)});
          }
          actions::advance_time(ctx, 60LL * h, "crafting");

          // Overtime: every hour past the 8th of a crafter's working day asks a CON save.
          json results = json::array();
          int first = 25, last = 0;
          for (const auto& [id, done_before] : earlier) {
            first = std::min(first, std::max(9, done_before + 1));
            last = std::max(last, std::min(24, done_before + h));
          }
          for (int hour = first; hour <= last; ++hour) {  // hour by hour, every crafter in that hour
            const int dc = *calc::craft_overtime(hour).dc;
            for (const auto& [id, done_before] : earlier) {
              if (hour <= done_before || hour > done_before + h) continue;
              const Creature* x = campaign::find_creature(ctx.state(), id);
              if (!x || x->death_saves.dead) continue;
              const int mod = save_bonus(ctx.state(), *x, "con");
              if (w.ask) {
                actions::create_prompt(ctx, "crafting.overtime_save", id,
                                       jobj{"project", p.id, "hour", hour, "dice", d20_plus(mod), "dc", dc,
                                        "ability", "con", "modifier", mod});
                continue;
              }
              const int d20 = ctx.rng().die(20);
              results.push_back(jobj{"creature", id, "hour", hour, "roll", d20, "modifier", mod,
                                 "total", d20 + mod, "dc", dc, "success", d20 + mod >= dc});
            }
          }
          if (!results.empty()) {
            ctx.emit("overtime_saves", jobj{"project", w.project, "results", results});
            for (const auto& r : results)
              if (!r.value("success", false)) add_exhaustion(ctx, r.value("creature", ""), 1, "overtime", "crafting_overtime");
          }
        }
        if (days > 1 || nights > 0)
          ctx.emit("crafting_days", jobj{"project", p.id, "name", p.name, "days", days, "nights", nights,
                                     "rest", w.rest, "creatures", w.crafters, "from", from, "to", ctx.state().minutes});
        if (progress >= goal && p.kind != "art") {
          const double value = p.data.value("value_gp", 0.0) + p.data.value("added_value_gp", 0.0);
          store_item(ctx, p, p.data.value("crafter", ""), value);
        }
      });
}

void prompt_crafting_overtime_save(Engine& e) {
  e.on_prompt("crafting.overtime_save", [](Ctx& ctx, const Prompt& p, const json& answer) {
    if (!answer.value("success", true)) add_exhaustion(ctx, p.creature, 1, "overtime", "crafting_overtime");
  });
}

void command_finish_art(Engine& e) {
  command(
      e, "FinishArt", {"project", "check", "roll", "modifier"},
      [](const Campaign& c, const json& cmd) {
        const Project p = craft_project(c, cmd);
        if (p.kind != "art") throw UserError("rules.err.not_art", jobj{"project", p.name});
        if (!p.done) throw UserError("rules.err.project_not_done", jobj{"project", p.name});
        if (p.data.contains("art_value_gp")) throw UserError("rules.err.art_valued", jobj{"project", p.name});
        opt_int(cmd, "check", -20, 100);
        opt_int(cmd, "roll", 1, 20);
        opt_int(cmd, "modifier", -20, 40);
        if (param::find(cmd, "check") && param::find(cmd, "roll")) throw UserError("rules.err.check_or_roll");
      },
      [](Ctx& ctx, const json& cmd) {
        const Project p = craft_project(ctx.state(), cmd);
        json data = jobj{"project", p.id, "name", p.name};
        int check = 0;
        if (auto c = opt_int(cmd, "check", -20, 100)) {
          check = *c;
          data["rolled"] = false;
        } else {
          auto entered = opt_int(cmd, "roll", 1, 20);
          const int d20 = entered ? *entered : ctx.rng().die(20);
          const int mod = opt_int(cmd, "modifier", -20, 40).value_or(0);
          check = d20 + mod;
          data["roll"] = d20;
          data["modifier"] = mod;
          data["rolled"] = !entered;
        }
        const long long cost = p.data.value("cost_gp", 1LL);
        calc::ArtValue v = calc::art_value(cost, check);
        data["check"] = check;
        data["cost_gp"] = cost;
        data["value_gp"] = static_cast<double>(v.value_cp) / 100.0;
        data["worthless"] = v.worthless;
        ctx.emit("art_finished", std::move(data));
        store_item(ctx, p, p.data.value("crafter", ""), static_cast<double>(v.value_cp) / 100.0);
      });
}

void command_confirm_project_spell(Engine& e) {
  command(
      e, "ConfirmProjectSpell", {"project", "value"},
      [](const Campaign& c, const json& cmd) {
        const Project p = craft_project(c, cmd);
        if (p.data.value("spell", "").empty()) throw UserError("rules.err.no_spell", jobj{"project", p.name});
        if (!param::find(cmd, "value")) throw UserError("campaign.err.param", jobj{"param", "value", "expected", "true/false"});
        param::boolean(cmd, "value", false);
      },
      [](Ctx& ctx, const json& cmd) {
        const Project p = craft_project(ctx.state(), cmd);
        ctx.emit("project_spell_confirmed", jobj{"project", p.id, "name", p.name, "spell", p.data.value("spell", ""),
                                             "value", param::boolean(cmd, "value", false)});
      });
}

void prompt_crafting_confirm_spell(Engine& e) {
  e.on_prompt("crafting.confirm_spell", [](Ctx& ctx, const Prompt& p, const json& answer) {
    const std::string id = p.data.value("project", "");
    for (const auto& pr : projects_of(ctx.state()))
      if (pr.id == id) {
        ctx.emit("project_spell_confirmed", jobj{"project", id, "name", pr.name, "spell", p.data.value("spell", ""),
                                             "value", answer.at("choice") == "yes"});
        return;
      }
  });
}

}  // namespace

// [SECTION] the projects as data, and the generic project commands (any kind: training, research …) -------------------
namespace {

// What the table sees of the projects: each one's name, kind, progress and who works on it, without the
// creatures players may not know (a project only they work on is left out).
json projects_for_table(const json& v, const campaign::Sees& sees) {
  json out = json::array();
  for (const Project& p : v.get<std::vector<Project>>()) {
    json owners = json::array();
    for (const auto& o : p.owners)
      if (sees(o)) owners.push_back(o);
    if (owners.empty() && !p.owners.empty()) continue;
    out.push_back(jobj{"id", p.id, "kind", p.kind, "name", p.name, "owners", owners, "goal_gp", p.goal_gp,
                       "progress_gp", p.progress_gp, "done", p.done});
  }
  return out.empty() ? json(nullptr) : out;
}

campaign::DataField projects_field() {
  campaign::DataField f{kProjects, "list of {id, kind, name, owners, goal_gp, progress_gp, materials_gp, hours, done, data}", false,
          [](const json& v) {
            namespace jr = campaign::jr;
            std::vector<Project> list;
            jr::get(v, list);
            if (list.size() > 10'000) jr::fail_value("too_many", jobj{"max", 10'000, "value", list.size()});
            std::set<std::string> seen;
            for (size_t i = 0; i < list.size(); ++i) {
              jr::PathGuard g(i);
              const Project& p = list[i];
              {
                jr::PathGuard gk("id");
                if (p.id.empty()) jr::fail_value("empty");
                if (!seen.insert(p.id).second) jr::fail_value("duplicate_id", jobj{"id", p.id});
              }
              {
                jr::PathGuard gk("kind");
                if (p.kind.empty()) jr::fail_value("empty");
              }
              for (auto [key, gp] : {std::pair{"goal_gp", p.goal_gp}, std::pair{"progress_gp", p.progress_gp},
                                     std::pair{"materials_gp", p.materials_gp}, std::pair{"hours", p.hours}}) {
                jr::PathGuard gk(key);
                if (!(gp >= 0)) jr::fail_value("negative", jobj{"value", gp});
              }
              if (!p.data.is_object()) {
                jr::PathGuard gk("data");
                jr::fail_value("wrong_type", jobj{"expected", "object"});
              }
            }
          }};
  f.for_table = projects_for_table;
  return f;
}

campaign::DataField workday_field() {
  return {kWorkday, "{start: minute the crafter's working day began, hours: 1..24 worked that day}: present until its next long rest",
          false, [](const json& v) {
            namespace jr = campaign::jr;
            if (!v.is_object()) jr::fail_type("object");
            {
              jr::PathGuard g("start");
              if (!v.contains("start")) jr::fail_value("empty");
              int_in(v.at("start"), 0, 1'000'000'000'000LL);
            }
            jr::PathGuard g("hours");
            if (!v.contains("hours")) jr::fail_value("empty");
            int_in(v.at("hours"), 1, 24);
          }};
}

Project generic_project(const Campaign& c, const json& cmd) {
  Project p;
  p.kind = param::str(cmd, "kind");
  p.name = param::str(cmd, "name");
  p.owners = id_list(cmd, "owners");
  for (const auto& o : p.owners) actions::require(c, o);
  for (const char* k : {"goal_gp", "materials_gp"}) {
    if (const json* v = param::find(cmd, k)) {
      if (!v->is_number() || v->get<double>() < 0)
        throw UserError("campaign.err.param", jobj{"param", k, "expected", "number ≥ 0"});
      (std::string(k) == "goal_gp" ? p.goal_gp : p.materials_gp) = v->get<double>();
    }
  }
  if (const json* d = param::find(cmd, "data")) {
    if (!d->is_object()) throw UserError("campaign.err.param", jobj{"param", "data", "expected", "object"});
    p.data = *d;
  }
  return p;
}

void command_add_project(Engine& e) {
  command(
      e, "AddProject", {"kind", "name", "owners", "goal_gp", "materials_gp", "data"},
      [](const Campaign& c, const json& cmd) { generic_project(c, cmd); },
      [](Ctx& ctx, const json& cmd) {
        add_project(ctx, generic_project(ctx.state(), cmd));
      });
}

void command_update_project(Engine& e) {
  command(
      e, "UpdateProject", {"project", "patch"},
      [](const Campaign& c, const json& cmd) {
        const Project p = find_project(c, param::str(cmd, "project"));
        const json& patch = param::object(cmd, "patch");
        if (patch.contains("id")) throw UserError("campaign.err.unknown_field", jobj{"field", "id"});
        json j = p;
        j.merge_patch(patch);
        campaign::jr::reset_path();
        campaign::jr::PathGuard g("patch");
        Project q;
        campaign::jr::get(j, q);
        campaign::jr::reset_path();
        for (const auto& o : q.owners) actions::require(c, o);
        for (double v : {q.goal_gp, q.progress_gp, q.materials_gp, q.hours})
          if (v < 0) throw UserError("state.err.negative", jobj{"path", "patch", "value", v});
      },
      [](Ctx& ctx, const json& cmd) {
        const Project p = find_project(ctx.state(), param::str(cmd, "project"));
        ctx.emit("project_updated", jobj{"project", p.id, "name", p.name, "patch", param::object(cmd, "patch")});
      });
}

void command_remove_project(Engine& e) {
  command(
      e, "RemoveProject", {"project"},
      [](const Campaign& c, const json& cmd) { find_project(c, param::str(cmd, "project")); },
      [](Ctx& ctx, const json& cmd) {
        const Project p = find_project(ctx.state(), param::str(cmd, "project"));
        ctx.emit("project_removed", jobj{"project", p.id, "name", p.name});
      });
}

void apply_project_added(Campaign& c, const json& d) {
  Project p;
  campaign::jr::get(d.at("project"), p);
  campaign::claim_id(c, p.id);
  std::vector<Project> list = projects_of(c);
  list.push_back(std::move(p));
  store(c, list);
}

void apply_project_updated(Campaign& c, const json& d) {
  change_project(c, d.at("project").get<std::string>(), [&](Project& p) {
    json j = p;
    j.merge_patch(d.at("patch"));
    Project fresh;
    from_json(j, fresh);
    p = std::move(fresh);
  });
}

void apply_project_removed(Campaign& c, const json& d) {
  const std::string id = d.at("project").get<std::string>();
  std::vector<Project> list = projects_of(c);
  auto it = std::find_if(list.begin(), list.end(), [&](const Project& p) { return p.id == id; });
  if (it == list.end()) throw std::out_of_range("no project " + id);
  list.erase(it);
  store(c, list);
}

std::string project_line(const char* key, const json& d, const LogContext& lc) {
  const std::string name = d.contains("name") ? d.value("name", "") : d.value("project", "");
  return tr(lc.lang, key, jobj{"project", name});
}

void events_of_projects(Engine& e) {
  event(e, "project_added", apply_project_added, [](const json& d, const LogContext& lc) {
    return tr(lc.lang, "event.project_added", jobj{"project", d.at("project").value("name", "")});
  });
  event(e, "project_updated", apply_project_updated,
        [](const json& d, const LogContext& lc) { return project_line("event.project_updated", d, lc); });
  event(e, "project_removed", apply_project_removed,
        [](const json& d, const LogContext& lc) { return project_line("event.project_removed", d, lc); });
}

}  // namespace

void to_json(json& j, const Project& v) {
  j = v.extra.is_object() ? v.extra : json::object();
  j["id"] = v.id, j["kind"] = v.kind, j["name"] = v.name, j["owners"] = v.owners, j["goal_gp"] = v.goal_gp;
  j["progress_gp"] = v.progress_gp, j["materials_gp"] = v.materials_gp, j["hours"] = v.hours;
  j["done"] = v.done, j["data"] = v.data;
}

void from_json(const json& j, Project& v) {
  using campaign::jr::field;
  field(j, "id", v.id), field(j, "kind", v.kind), field(j, "name", v.name), field(j, "owners", v.owners);
  field(j, "goal_gp", v.goal_gp), field(j, "progress_gp", v.progress_gp), field(j, "materials_gp", v.materials_gp);
  field(j, "hours", v.hours), field(j, "done", v.done), field(j, "data", v.data);
  v.extra = campaign::jr::unknown_fields(
      j, {"id", "kind", "name", "owners", "goal_gp", "progress_gp", "materials_gp", "hours", "done", "data"});
}

std::optional<Workday> workday_of(const Creature& x) {
  const json& d = creature_data(x, kCrafting, kWorkday);
  if (!d.is_object() || !d.contains("start")) return std::nullopt;
  return Workday{d.at("start").get<long long>(), d.value("hours", 0)};
}

std::vector<Project> projects_of(const Campaign& c) {
  std::vector<Project> list;
  const json& v = data_at(c, kCrafting, kProjects);
  if (v.is_array()) campaign::jr::get(v, list);
  return list;
}

Module crafting() {
  return {
      kCrafting,
      true,
      [](Engine& e) {
        events_of_projects(e);
        command_add_project(e);
        command_update_project(e);
        command_remove_project(e);
        event_project_worked(e);
        event_overtime_saves(e);
        event_art_finished(e);
        event_project_spell_confirmed(e);
        event_workday_set(e);
        event_crafting_night(e);
        event_crafting_days(e);
        event_crafted_item_stored(e);
        e.on_event("long_rest_applied", end_workday_after_long_rest);
        command_start_project(e);
        command_work_on_project(e);
        prompt_crafting_overtime_save(e);
        command_finish_art(e);
        command_confirm_project_spell(e);
        prompt_crafting_confirm_spell(e);
      },
      {.seed =
           "Výroba nemagických předmětů; Umělecké předměty; Výroba magických předmětů; Ceny svitků, magických předmětů",
       .prompts = {"crafting.confirm_spell", "crafting.overtime_save"},
       .own_calculators = crafting_calculators(),
       .reference = {"hr-mundane-crafting", "hr-crafting-overtime", "hr-art-objects", "hr-magic-crafting",
                     "hr-scroll-prices", "hr-magic-item-values"},
       .creature_data = {workday_field()},
       .campaign_data = {projects_field()}}};
}

}  // namespace druzina::rules
