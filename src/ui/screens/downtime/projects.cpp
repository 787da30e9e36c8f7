// Crafting projects on the downtime screen, and the art value calculator (see parts.hpp).
//
// Index:
//   [SECTION] the new project form
//   [SECTION] a project's card
//   [SECTION] the projects, the art calculator, the rule's panel
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "core/calc/formulas.hpp"
#include "core/error.hpp"
#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/downtime/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/preview.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

const char* const kKinds[] = {"mundane", "art", "magic", "scroll"};

void append_to(std::string& list, const std::string& item) { list += (list.empty() ? "" : "\n") + item; }

std::string gp(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 0.005)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

int level_of(const campaign::Creature& c) { return std::clamp(c.level, 1, 20); }

struct NewProject {
  bool open = false;
  int kind = 0;
  std::string name, spell;
  std::string crafter;
  std::set<std::string> collabs;
  int value = 50, materials = 50, rarity = 0, spell_level = 1, components = 0;
};

NewProject& np() {
  static NewProject p;
  return p;
}

struct WorkUi {
  int hours = 8, days = 1, saves = 0;  // saves: 0 auto, 1 ask
  int day = 0;                         // 0: the next day (after the night), 1: the same working day goes on
  bool prepared = false, rest = true;  // rest: the nights between working days are long rests
  int start = 1;                       // a fresh working day begins: 0 now, 1 in the morning (start_hour)
  int start_hour = 8;
};

WorkUi& work(const std::string& id) {
  static std::map<std::string, WorkUi> m;
  return m[id];
}

void progress_bar(double value, double goal, const std::string& text) {
  const float w = ImGui::GetContentRegionAvail().x, h = 30;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImVec4(0, 0, 0, 0.35f)), 6);
  float f = goal > 0 ? static_cast<float>(std::clamp(value / goal, 0.0, 1.0)) : 0;
  if (f > 0) dl->AddRectFilled(p, ImVec2(p.x + w * f, p.y + h), ImGui::GetColorU32(col_good()), 6);
  ImVec2 ts = ImGui::CalcTextSize(text.c_str());
  dl->AddText(ImVec2(p.x + (w - ts.x) * 0.5f, p.y + (h - ts.y) * 0.5f), IM_COL32(255, 255, 255, 255), text.c_str());
}

// [SECTION] the new project form --------------------------------------------------------------------------------------
// A number stepper bound to an int that also accepts big gold amounts through the pad.
void gold_stepper(const char* label, int& value, const std::string& test) {
  stepper(test, value, 1, 1000000, {.label = label, .step = value >= 1000 ? 100 : value >= 100 ? 10 : 1});
}

void new_project_form() {
  NewProject& d = np();
  const auto& st = model().state();
  begin_card("##newproject");
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(T("ui.project.new_title"));
  ImGui::PopFont();
  std::vector<std::string> kinds;
  for (const char* k : kKinds) kinds.push_back(T(std::string("ui.project.kind.") + k));
  ImGui::PushFont(ui().fonts.small);
  segmented("project.kind", options({"mundane", "art", "magic", "scroll"}, kinds), d.kind);
  ImGui::PopFont();
  const std::string kind = kKinds[d.kind];
  text_field("##pname", T("ui.project.name_hint"), d.name);
  track("project.name", d.name);

  muted(T("ui.project.crafter"));
  std::vector<const campaign::Creature*> people;
  for (const auto& c : st.creatures)
    if (!c.death_saves.dead && !campaign::gone_at_zero_hp(c)) people.push_back(&c);
  if (d.crafter.empty() || !creature(d.crafter)) d.crafter = people.empty() ? std::string() : people.front()->id;
  // two names a row, or one when a name (with its level and the ✓) would not fit half the width
  bool narrow = false;
  for (const auto* c : people)
    narrow = narrow || ImGui::CalcTextSize(("\xE2\x9C\x93 " + c->name + " (" + std::to_string(c->level) + ")").c_str()).x >
                           split_width(2) - 2 * ImGui::GetStyle().FramePadding.x;
  const int per_row = narrow ? 1 : 2;
  const float w = split_width(per_row);
  int k = 0;
  for (const auto* c : people) {
    if (k++ % per_row) ImGui::SameLine();
    std::string label = c->name + " (" + std::to_string(c->level) + ")";
    if (toggle_button(label.c_str(), d.crafter == c->id, "project.crafter." + c->id, ImVec2(w, kTouchTarget))) {
      d.crafter = c->id;
      d.collabs.erase(c->id);
    }
  }
  if (people.size() > 1) {
    muted(T("ui.project.collaborators"));
    k = 0;
    for (const auto* c : people) {
      if (c->id == d.crafter) continue;
      if (k++ % per_row) ImGui::SameLine();
      bool on = d.collabs.count(c->id);
      if (toggle_button(c->name.c_str(), on, "project.collab." + c->id, ImVec2(w, kTouchTarget))) {
        if (on)
          d.collabs.erase(c->id);
        else
          d.collabs.insert(c->id);
      }
    }
  }
  if (kind == "mundane" || kind == "magic") gold_stepper(T("ui.project.value"), d.value, "project.value");
  if (kind == "art") gold_stepper(T("ui.project.materials"), d.materials, "project.materials");
  if (kind == "magic") {
    muted(T("ui.project.rarity"));
    const auto& rar = calc::rarities();
    std::vector<std::string> labels;
    for (const auto& r : rar) labels.push_back(Tk("ui.project.rarity.", r));
    const float rw = split_width(3);
    for (int i = 0; i < static_cast<int>(rar.size()); ++i) {
      if (i % 3) ImGui::SameLine();
      ImGui::PushFont(ui().fonts.small);
      if (toggle_button(labels[static_cast<size_t>(i)].c_str(), d.rarity == i, "project.rarity." + rar[static_cast<size_t>(i)],
                        ImVec2(rw, kTouchTarget)))
        d.rarity = i;
      ImGui::PopFont();
    }
  }
  if (kind == "scroll") stepper("project.spell_level", d.spell_level, 0, 9, {.label = T("ui.project.spell_level")});
  if (kind == "magic" || kind == "scroll") {
    text_field("##spell", T("ui.project.spell_hint"), d.spell);
    track("project.spell", d.spell);
    stepper("project.components", d.components, 0, 100000,
            {.label = T(kind == "scroll" ? "ui.project.components_once" : "ui.project.components_day")});
  }

  // preview (calc::craft) and the command
  json cmd = jobj{"type", "StartProject", "kind", kind, "name", d.name, "crafter", d.crafter};
  json collabs = json::array();
  std::vector<int> levels;
  for (const auto& id : d.collabs)
    if (const auto* c = creature(id)) {
      collabs.push_back(id);
      levels.push_back(level_of(*c));
    }
  if (!collabs.empty()) cmd["collaborators"] = collabs;
  std::string preview, error;
  try {
    const auto* crafter = creature(d.crafter);
    if (!crafter) throw UserError("ui.project.need_crafter");
    calc::Craft cr;
    if (kind == "mundane") {
      cmd["value_gp"] = d.value;
      cr = calc::craft(calc::CraftKind::mundane, level_of(*crafter), d.value, levels);
    } else if (kind == "art") {
      cmd["materials_gp"] = d.materials;
      cr = calc::craft(calc::CraftKind::art, level_of(*crafter), d.materials, levels);
    } else if (kind == "magic") {
      cmd["value_gp"] = d.value;
      cmd["rarity"] = calc::rarities()[static_cast<size_t>(d.rarity)];
      cr = calc::craft(calc::CraftKind::magic, level_of(*crafter), d.value, levels, calc::rarities()[static_cast<size_t>(d.rarity)]);
    } else {
      cmd["spell_level"] = d.spell_level;
      calc::Scroll sc = calc::scroll(d.spell_level, 0);
      cr = calc::craft(calc::CraftKind::magic, level_of(*crafter), sc.price_gp, levels, sc.rarity);
      preview = Tf("ui.project.scroll_info", jobj{"rarity", Tk("ui.project.rarity.", sc.rarity), "dc", sc.save_dc,
                                               "attack", sc.attack_bonus, "price", sc.price_gp + d.components}) + "\n";
    }
    if ((kind == "magic" || kind == "scroll")) {
      if (!d.spell.empty()) cmd["spell"] = d.spell;
      if (d.components > 0) cmd["components_gp"] = d.components;
    }
    preview += Tf("ui.project.preview", jobj{"rate", cr.gp_per_hour, "goal", gp(static_cast<double>(cr.goal_cp) / 100.0),
                                         "hours", cr.hours, "days", Tf("campaign.time.days", {{"n", cr.days}}),
                                         "materials", gp(static_cast<double>(cr.materials_cp) / 100.0)});
    if (cr.max_rarity) preview += "\n" + Tf("ui.project.max_rarity", jobj{"rarity", Tk("ui.project.rarity.", *cr.max_rarity)});
  } catch (const UserError& e) {
    error = e.message(ui().lang);
  }
  if (!error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", error.c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextWrapped("%s", preview.c_str());
  }
  track("project.preview", error.empty() ? preview : error);
  if (error.empty() && d.name.empty()) muted(T("ui.project.name_needed"));  // why Start is greyed out
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 56))) d.open = false;
  track("project.cancel", T("ui.common.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(d.name.empty() || !error.empty());
  if (colored_button(T("ui.project.start"), col_good(), ImVec2(bw, 56), "project.start")) {
    if (downtime_dispatch(cmd)) d = NewProject{};
  }
  ImGui::EndDisabled();
  end_card();
}

// [SECTION] a project's card ------------------------------------------------------------------------------------------
void project_card(const rules::Project& p) {
  const auto& st = model().state();
  const bool dm = !ui_player_mode();
  const std::string base = "project." + p.id;
  ImGui::PushID(p.id.c_str());
  begin_card("##project");
  std::string title = p.name + "  \xC2\xB7  " + Tk_or("ui.project.kind.", p.kind, p.kind);
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", title.c_str());
  ImGui::PopFont();
  track(base, p.name);
  std::string crafter = p.data.value("crafter", p.owners.empty() ? std::string() : p.owners.front());
  std::string who = creature(crafter) ? creature_name(crafter) : "\xE2\x80\x94";  // a crafter removed since: —
  std::string with;
  for (const auto& id : p.owners)
    if (id != crafter && creature(id)) with += (with.empty() ? "" : ", ") + creature_name(id);
  muted((with.empty() ? Tf("ui.project.by", jobj{"name", who}) : Tf("ui.project.by_with", jobj{"name", who, "with", with})).c_str());
  progress_bar(p.progress_gp, p.goal_gp, Tf("ui.project.gp_of", jobj{"done", gp(p.progress_gp), "goal", gp(p.goal_gp)}));
  track(base + ".progress", gp(p.progress_gp));
  std::string facts = Tf("ui.project.facts", jobj{"days", p.data.value("days_worked", 0), "materials", gp(p.materials_gp)});
  if (p.data.contains("rarity")) facts += "  \xC2\xB7  " + Tk("ui.project.rarity.", p.data.value("rarity", std::string("common")));
  if (!p.data.value("spell", std::string()).empty()) {
    facts += "  \xC2\xB7  " + Tf("ui.project.spell", jobj{"spell", p.data.value("spell", std::string())});
    if (!p.data.value("spell_confirmed", false)) facts += " (" + std::string(T("ui.project.spell_unconfirmed")) + ")";
  }
  ImGui::PushFont(ui().fonts.small);
  ImGui::TextWrapped("%s", facts.c_str());
  ImGui::PopFont();

  if (p.done) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_good());
    ImGui::TextUnformatted(T("ui.project.done"));
    ImGui::PopStyleColor();
    if (p.kind == "art") {
      if (p.data.contains("art_value_gp")) {
        std::string v = p.data.value("worthless", false)
                            ? Tf("ui.project.art_worthless", jobj{"check", p.data.value("art_check", 0)})
                            : Tf("ui.project.art_value", jobj{"value", gp(p.data.value("art_value_gp", 0.0)), "check", p.data.value("art_check", 0)});
        ImGui::PushFont(ui().fonts.big);
        ImGui::TextWrapped("%s", v.c_str());
        ImGui::PopFont();
        track(base + ".art_value", gp(p.data.value("art_value_gp", 0.0)));
      } else if (dm) {
        muted(T("ui.project.art_check"));
        const float w = split_width(2);
        const std::string id = p.id;
        if (colored_button(T("ui.project.finish_roll"), col_accent(), ImVec2(w, 56), base + ".finish_roll"))
          downtime_dispatch(jobj{"type", "FinishArt", "project", id});
        ImGui::SameLine();
        if (big_button(T("ui.project.finish_enter"), ImVec2(w, 56)))
          pad::open_value(T("ui.project.check_title"), 10, -20, 100, [id](int n) {
            downtime_dispatch(jobj{"type", "FinishArt", "project", id, "check", n});
          }, true);
        track(base + ".finish_enter", T("ui.project.finish_enter"));
      }
    }
  } else if (dm && rule_on(rules::kCrafting)) {
    WorkUi& wu = work(p.id);
    // the crafters' working day so far: the next work begins after the night, or goes on the same day
    std::string worked;
    int worked_hours = 0;
    for (const auto& id : p.owners)
      if (const auto* x = creature(id))
        if (auto d = rules::workday_of(*x)) {
          worked_hours = std::max(worked_hours, d->hours);
          append_to(worked, Tf("ui.project.worked_today", jobj{"name", x->name, "n", d->hours, "clock", clock_text(d->start)}));
        }
    if (!worked.empty()) {
      ImGui::PushFont(ui().fonts.small);
      ImGui::TextWrapped("%s", worked.c_str());
      segmented(base + ".day", options({"next", "same"}, {T("ui.project.next_day"), T("ui.project.same_day")}), wu.day);
      ImGui::PopFont();
      track(base + ".worked", worked);
    } else {
      wu.day = 0;
    }
    const bool same = !worked.empty() && wu.day == 1;
    stepper(base + ".hours", wu.hours, 1, 24, {.label = T("ui.project.hours_per_day")});
    const int from_hour = same ? worked_hours : 0;  // overtime counts the hours already worked that day
    if (from_hour + wu.hours > 8) {
      std::string dcs;
      for (int h = std::max(9, from_hour + 1); h <= std::min(24, from_hour + wu.hours); ++h)
        dcs += (dcs.empty() ? "" : ", ") + std::to_string(*calc::craft_overtime(h).dc);
      ImGui::PushStyleColor(ImGuiCol_Text, col_hp(0.4f));
      ImGui::TextWrapped("%s", Tf("ui.project.overtime", jobj{"dcs", dcs}).c_str());
      ImGui::PopStyleColor();
      ImGui::PushFont(ui().fonts.small);
      segmented(base + ".saves", options({"auto", "ask"}, {T("ui.project.saves_auto"), T("ui.project.saves_ask")}), wu.saves);
      ImGui::PopFont();
    }
    const bool ask = wu.saves == 1 && (from_hour + wu.hours > 8 || wu.hours > 8);
    if (ask) {
      wu.days = 1;  // the asked saves come one day at a time
    } else {
      stepper(base + ".days", wu.days, 1, 365, {.label = T("ui.project.days")});
    }
    const bool nights = wu.days > 1 || (!worked.empty() && !same);
    if (nights) {
      ImGui::PushFont(ui().fonts.small);
      if (toggle_button(T("ui.project.nights_rest"), wu.rest, base + ".rest")) wu.rest = !wu.rest;
      ImGui::PopFont();
    }
    const bool spell = !p.data.value("spell", std::string()).empty();
    if (spell) {
      if (toggle_button(Tf("ui.project.prepared", jobj{"spell", p.data.value("spell", std::string())}).c_str(), wu.prepared,
                        base + ".prepared"))
        wu.prepared = !wu.prepared;
    }
    muted(Tf("ui.project.clock_hint", jobj{"clock", clock_text(st.minutes)}).c_str());
    // a fresh working day begins in the morning unless the DM says now (after a working day the night decides)
    const bool fresh = worked.empty();
    if (fresh) {
      ImGui::PushFont(ui().fonts.small);
      segmented(base + ".start", options({"now", "hour"}, {T("ui.project.start_now"), T("ui.project.start_at")}), wu.start);
      ImGui::PopFont();
      if (wu.start == 1) stepper(base + ".start_hour", wu.start_hour, 0, 23, {.label = T("ui.project.start_hour")});
    }
    std::string label = Tf("ui.project.work", jobj{"hours", wu.hours, "days", wu.days});
    if (colored_button(label.c_str(), col_good(), ImVec2(0, 56), base + ".work")) {
      json cmd = jobj{"type", "WorkOnProject", "project", p.id, "hours", wu.hours};
      if (wu.days > 1) cmd["days"] = wu.days;
      if (from_hour + wu.hours > 8) cmd["saves"] = wu.saves == 1 ? "ask" : "auto";
      if (spell) cmd["spell_prepared"] = wu.prepared;
      if (same) cmd["same_day"] = true;
      if ((nights || (fresh && wu.start == 1)) && !wu.rest) cmd["rest"] = false;
      if (fresh && wu.start == 1) cmd["start_hour"] = wu.start_hour;
      // a skip says what it will do to whom before it happens (injuries that take HP with the days …)
      ask_before(base + ".work", Tf("ui.project.work_q", jobj{"project", p.name}), cmd, T("ui.project.work_yes"));
    }
    if (auto cmd = confirmed_command(base + ".work"))
      if (downtime_dispatch(*cmd, base)) wu.day = 0;
  }
  draw_downtime_summary(base);
  if (dm) {
    ImGui::PushFont(ui().fonts.small);
    if (big_button(T("ui.project.remove"), ImVec2(0, 44)))
      ask_confirm_destructive("project.remove." + p.id, Tf("ui.project.remove_confirm", jobj{"name", p.name}));
    ImGui::PopFont();
    track(base + ".remove", T("ui.project.remove"));
    if (confirm_popup("project.remove." + p.id)) downtime_dispatch(jobj{"type", "RemoveProject", "project", p.id});
  }
  end_card();
  ImGui::PopID();
  (void)st;
}

}  // namespace

// [SECTION] the projects, the art calculator, the rule's panel --------------------------------------------------------
void draw_projects() {
  const auto& st = model().state();
  section(T("ui.downtime.projects"));
  const bool module = rule_on(rules::kCrafting);
  const std::vector<rules::Project> projects = rules::projects_of(st);  // a copy: buttons change the state
  if (projects.empty()) muted(T("ui.project.none"));
  for (const auto& p : projects) project_card(p);
  if (ui_player_mode()) return;
  if (!module) {
    muted(T("ui.project.module_off"));
    return;
  }
  NewProject& d = np();
  if (d.open) {
    new_project_form();
  } else {
    if (big_button((std::string("+ ") + T("ui.project.new")).c_str(), ImVec2(0, 56))) d.open = true;
    track("project.new", T("ui.project.new"));
  }
}

void draw_art_calculator() {
  static int cost = 50, check = 10;
  section(T("ui.artcalc.title"));
  stepper("artcalc.cost", cost, 1, 1000000, {.label = T("ui.artcalc.cost"), .step = cost >= 100 ? 10 : 1});
  stepper("artcalc.check", check, -10, 60, {.label = T("ui.artcalc.check")});
  std::string out;
  try {
    calc::ArtValue v = calc::art_value(cost, check);
    out = v.worthless ? std::string(T("ui.artcalc.worthless")) : Tf("ui.artcalc.value", jobj{"value", gp(static_cast<double>(v.value_cp) / 100.0)});
  } catch (const UserError& e) {
    out = e.message(ui().lang);
  }
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", out.c_str());
  ImGui::PopFont();
  track("artcalc.value", out);
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels crafting_ui() {
  return {{Slot::downtime_side, [](SlotContext&) {
             draw_projects();
             draw_art_calculator();
           }}};
}

}  // namespace druzina::ui
