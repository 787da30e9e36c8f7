// The resurrection ritual's guided flow on a dead creature's sheet (see resurrection.hpp).
//
// Index:
//   [SECTION] step 1: caster, casting, the soul
//   [SECTION] the ritual's summary
//   [SECTION] helpers
//   [SECTION] the DC with its terms
//   [SECTION] the cast
//   [SECTION] the outcome
//   [SECTION] the entry points
#include "ui/screens/party/panels/resurrection.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/campaign/derived.hpp"
#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/prompts.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

namespace {

const char* const kCastings[] = {"action", "longer", "true-resurrection", "wish"};
constexpr int kSoulAsk = 2;

struct Flow {
  std::string creature;  // the flow is open for this creature ("" = closed)
  std::string ritual;    // the ritual it started or shows (its outcome stays on screen until "Done")
  bool scroll_top = false;
  // setting up
  std::string caster;
  int casting = 1;
  int soul = kSoulAsk;
  // the next helper
  std::string helper;
  int helper_dc = 10, helper_mod = 0;
  // the cast
  std::string cast_for;  // the ritual cast_mod was defaulted for
  int cast_mod = 0, hp = 1;
};

Flow& flow() {
  static Flow f;
  return f;
}

// The ritual still going on for this creature, "" when none; a failed casting as an action (the core's views).
std::string active_ritual(const std::string& target) { return rules::active_ritual(model().state(), target); }
bool action_failed(const std::string& target) { return rules::action_casting_failed(model().state(), target); }

// The spellcasting modifier a caster most likely uses: the best of INT, WIS and CHA.
int likely_spell_mod(const Creature& c) {
  return std::max({campaign::modifier(c, "int"), campaign::modifier(c, "wis"), campaign::modifier(c, "cha")});
}

// Living creatures that can take part (caster, helpers): the party first, then NPCs; no monsters, no DM secrets.
std::vector<const Creature*> participants(const std::string& target) {
  std::vector<const Creature*> out;
  const auto& cs = model().state().creatures;
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& c : cs) {
      if (c.id == target || c.death_saves.dead || campaign::gone_at_zero_hp(c) || hidden_from_players(c)) continue;
      if (campaign::in_party(c) != (pass == 0)) continue;
      out.push_back(&c);
    }
  return out;
}

std::string casting_name(const std::string& casting) { return Tk_or("rules.casting.", casting, casting); }

void colored_text(const std::string& text, ImVec4 color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// [SECTION] step 1: caster, casting, the soul -------------------------------------------------------------------------
void setup(const Creature& dead) {
  Flow& f = flow();
  const auto people = participants(dead.id);
  const bool failed_action = action_failed(dead.id);
  if (failed_action && f.casting == 0) f.casting = 1;
  if (!f.caster.empty() && std::none_of(people.begin(), people.end(), [&](const Creature* c) { return c->id == f.caster; }))
    f.caster.clear();
  if (f.caster.empty() && !people.empty()) f.caster = people.front()->id;

  section(T("ui.res.caster"));
  if (people.empty()) muted(T("ui.res.no_caster"));
  const float w = split_width(2);
  int k = 0;
  for (const Creature* c : people) {
    if (k++ % 2) ImGui::SameLine();
    if (toggle_button(c->name.c_str(), f.caster == c->id, "res.caster." + c->id, ImVec2(w, kTouchTarget))) f.caster = c->id;
  }

  section(T("ui.res.casting"));
  for (int i = 0; i < 4; ++i) {
    const std::string key = kCastings[i];
    const bool blocked = i == 0 && failed_action;
    std::string body = T(("ui.res.allows." + key).c_str());
    if (blocked) body = T("ui.res.action_blocked");
    ImGui::BeginDisabled(blocked);
    if (card_button("res.casting." + key, casting_name(key).c_str(), body.c_str(), f.casting == i)) f.casting = i;
    ImGui::EndDisabled();
  }

  const bool sure = f.casting >= 2;  // true resurrection / wish: the soul cannot refuse
  if (!ui_player_mode()) {
    section(T("ui.res.soul"));
    if (sure) {
      muted(T("ui.res.soul_sure"));
    } else {
      muted(T("ui.res.soul_hint"));
      std::vector<std::string> labels = {T("ui.res.soul.refuses"), T("ui.res.soul.accepts"), T("ui.res.soul.ask")};
      ImGui::PushFont(ui().fonts.small);
      segmented("res.soul", options({"refuses", "accepts", "ask"}, labels), f.soul);
      ImGui::PopFont();
    }
  }

  ImGui::Spacing();
  ImGui::BeginDisabled(f.caster.empty());
  ImGui::PushFont(ui().fonts.big);
  const bool go = colored_button(T("ui.res.start"), col_accent(), ImVec2(0, 60), "res.start");
  ImGui::PopFont();
  ImGui::EndDisabled();
  if (go) {
    json cmd = jobj{"type", "StartResurrection", "target", dead.id, "caster", f.caster, "casting", kCastings[f.casting]};
    if (!sure && !ui_player_mode() && f.soul != kSoulAsk) cmd["soul_refuses"] = f.soul == 0;
    if (dispatch_and_tell(cmd, 5.0)) {
      f.ritual = active_ritual(dead.id);
      f.helper.clear();
    }
  }
}

// [SECTION] the ritual's summary --------------------------------------------------------------------------------------
void summary(const json& r) {
  std::string line = Tf("ui.res.summary", jobj{"caster", creature_name(r.value("caster", "")),
                                           "casting", casting_name(r.value("casting", ""))});
  ImGui::TextWrapped("%s", line.c_str());
  track("res.summary", line);
  if (ui_player_mode()) return;
  const json& soul = r.contains("soul_refuses") ? r["soul_refuses"] : json();
  const char* key = soul.is_boolean() ? (soul.get<bool>() ? "ui.res.soul_now.refuses" : "ui.res.soul_now.accepts")
                                      : "ui.res.soul_now.ask";
  const std::string casting = r.value("casting", "");
  if (casting == "true-resurrection" || casting == "wish") key = "ui.res.soul_sure";
  muted(T(key));
}

// [SECTION] helpers ---------------------------------------------------------------------------------------------------
void helpers(const Creature& dead, const json& r) {
  Flow& f = flow();
  const json helpers_done = r.value("helpers", json::array());
  const int n = static_cast<int>(helpers_done.size());
  section(Tf("ui.res.helpers", jobj{"n", n, "max", 3}).c_str());
  int i = 0;
  for (const auto& h : helpers_done) {
    const bool ok = h.value("success", false);
    std::string line = Tf(ok ? "ui.res.helper_success" : "ui.res.helper_failure",
                          jobj{"name", creature_name(h.value("helper", "")), "roll", h.value("roll", 0),
                           "mod", signed_num(h.value("modifier", 0)), "total", h.value("total", 0),
                           "dc", h.value("dc", 0)});
    colored_text(std::string(ok ? "\xE2\x9C\x93 " : "\xE2\x9C\x95 ") + line, ok ? col_good() : col_bad());
    track("res.helper." + std::to_string(i++), line);
  }
  if (n >= 3) return;
  std::vector<const Creature*> free;
  for (const Creature* c : participants(dead.id)) {
    bool helped = std::any_of(helpers_done.begin(), helpers_done.end(),
                              [&](const json& h) { return h.value("helper", "") == c->id; });
    if (!helped) free.push_back(c);
  }
  if (free.empty()) {
    muted(T("ui.res.no_helpers_left"));
    return;
  }
  if (!f.helper.empty() && std::none_of(free.begin(), free.end(), [&](const Creature* c) { return c->id == f.helper; }))
    f.helper.clear();
  begin_card("##reshelper");
  ImGui::TextUnformatted(T("ui.res.add_helper"));
  const float w = split_width(2);
  int k = 0;
  ImGui::PushFont(ui().fonts.small);
  for (const Creature* c : free) {
    if (k++ % 2) ImGui::SameLine();
    if (toggle_button(c->name.c_str(), f.helper == c->id, "res.helper.pick." + c->id, ImVec2(w, 44))) f.helper = c->id;
  }
  ImGui::PopFont();
  stepper("res.helper.dc", f.helper_dc, 1, 40, {.label = T("ui.res.helper_dc")});
  stepper("res.helper.mod", f.helper_mod, -20, 30, {.label = T("ui.res.modifier")});
  ImGui::BeginDisabled(f.helper.empty());
  const json base = jobj{"type", "ResurrectionHelper", "ritual", r.value("id", ""), "helper", f.helper,
                     "dc", f.helper_dc, "modifier", f.helper_mod};
  const float bw = split_width(2);
  if (colored_button(T("ui.res.roll_d20"), col_accent(), ImVec2(bw, 52), "res.helper.roll")) {
    if (model().dispatch(base)) f.helper.clear();
  }
  ImGui::SameLine();
  if (big_button(T("ui.res.enter_d20"), ImVec2(bw, 52)))
    pad::open_value(Tf("ui.res.helper_d20", jobj{"name", creature_name(f.helper)}), 10, 1, 20, [base](int d20) {
      json cmd = base;
      cmd["roll"] = d20;
      if (model().dispatch(cmd)) flow().helper.clear();
    });
  track("res.helper.enter", T("ui.res.enter_d20"));
  ImGui::EndDisabled();
  end_card();
}

// [SECTION] the DC with its terms -------------------------------------------------------------------------------------
void dc_card(const Creature& dead, const json& dc) {
  begin_card("##resdc", col_tint(hue_blue(), 0.25f));
  if (!dc.value("check_needed", true)) {
    ImGui::TextWrapped("%s", T("ui.res.no_check"));
    track("res.dc", "-");
    end_card();
    return;
  }
  const int total = dc.value("dc", 0), prev = dc.value("previous", 0), s = dc.value("successes", 0),
            fl = dc.value("failures", 0);
  ImGui::PushFont(ui().fonts.big);
  std::string big = Tf("ui.res.dc", jobj{"dc", total});
  ImGui::TextUnformatted(big.c_str());
  ImGui::PopFont();
  track("res.dc", std::to_string(total));
  // 10 + previous − 3·successes + failures, each term on its own line
  struct Term {
    const char* id;
    std::string value, text;
  };
  std::vector<Term> terms = {
      {"base", "10", T("ui.res.term.base")},
      {"previous", "+" + std::to_string(prev), Tf("ui.res.term.previous", jobj{"n", prev, "name", dead.name})},
      {"successes", "\xE2\x88\x92" + std::to_string(3 * s), Tf("ui.res.term.successes", jobj{"n", s})},
      {"failures", "+" + std::to_string(fl), Tf("ui.res.term.failures", jobj{"n", fl})},
  };
  const float num_w = ImGui::CalcTextSize("\xE2\x88\x92" "99").x + 12;
  for (const auto& t : terms) {
    ImGui::PushID(t.id);
    ImGui::TextUnformatted(t.value.c_str());
    ImGui::SameLine(num_w + ImGui::GetStyle().WindowPadding.x);
    ImGui::TextWrapped("%s", t.text.c_str());
    track(std::string("res.dc.term.") + t.id, t.value + " " + t.text);
    ImGui::PopID();
  }
  std::string formula = "10 + " + std::to_string(prev) + " \xE2\x88\x92 " + std::to_string(3 * s) + " + " +
                        std::to_string(fl) + " = " + std::to_string(total);
  ImGui::Separator();
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", formula.c_str());
  ImGui::PopFont();
  track("res.dc.formula", formula);
  ImGui::PushFont(ui().fonts.small);
  ImGui::TextWrapped("%s", T("ui.res.nat20"));
  ImGui::PopFont();
  end_card();
}

// [SECTION] the cast --------------------------------------------------------------------------------------------------
void cast(const Creature& dead, const json& r, const json& dc) {
  Flow& f = flow();
  const std::string id = r.value("id", "");
  if (f.cast_for != id) {
    f.cast_for = id;
    const Creature* caster = creature(r.value("caster", ""));
    f.cast_mod = caster ? likely_spell_mod(*caster) : 0;
    f.hp = 1;
  }
  section(T("ui.res.cast"));
  const bool check = dc.value("check_needed", true);
  if (check) stepper("res.cast.mod", f.cast_mod, -10, 20, {.label = T("ui.res.spell_mod")});
  stepper("res.cast.hp", f.hp, 1, std::max(1, dead.max_hp), {.label = T("ui.res.hp_after")});
  json base = jobj{"type", "ResurrectionCast", "ritual", id, "hp", f.hp};
  if (check) base["ability_mod"] = f.cast_mod;
  ImGui::PushFont(ui().fonts.big);
  if (check) {
    const float bw = split_width(2);
    if (colored_button(T("ui.res.cast_roll"), col_accent(), ImVec2(bw, 60), "res.cast.roll")) dispatch_and_tell(base, 8.0);
    ImGui::SameLine();
    if (big_button(T("ui.res.enter_d20"), ImVec2(bw, 60)))
      pad::open_value(Tf("ui.res.cast_d20", jobj{"name", creature_name(r.value("caster", ""))}), 10, 1, 20, [base](int d20) {
        json cmd = base;
        cmd["roll"] = d20;
        dispatch_and_tell(cmd, 8.0);
      });
    track("res.cast.enter", T("ui.res.enter_d20"));
  } else if (colored_button(T("ui.res.cast_sure"), col_accent(), ImVec2(0, 60), "res.cast.go")) {
    dispatch_and_tell(base, 8.0);
  }
  ImGui::PopFont();
}

void cancel_button(const json& r) {
  ImGui::Spacing();
  const std::string id = r.value("id", "");
  if (colored_button(T("ui.res.cancel"), col_bad(), ImVec2(0, 52), "res.cancel"))
    ask_confirm_destructive("res.cancel." + id, T("ui.res.cancel_confirm"));
  if (confirm_popup("res.cancel." + id)) dispatch_and_tell(jobj{"type", "CancelResurrection", "ritual", id});
}

// [SECTION] the outcome -----------------------------------------------------------------------------------------------
std::string attempt_line(const json& a) {
  if (!a.is_object()) return {};
  if (!a.value("check_needed", true)) return T("ui.res.attempt_no_check");
  std::string s = Tf("ui.res.attempt", jobj{"roll", a.value("roll", 0), "mod", signed_num(a.value("ability_mod", 0)),
                                        "total", a.value("total", 0), "dc", a.value("dc", 0)});
  if (a.value("natural20", false)) s += " " + std::string(T("ui.res.attempt_nat20"));
  return s;
}

void outcome(const Creature& dead, const json& r) {
  Flow& f = flow();
  const std::string status = r.value("status", "");
  const json a = r.value("attempt", json());
  ImVec4 hue = status == "raised" ? hue_green() : status == "awaiting_soul" ? hue_amber() : hue_red();
  begin_card("##resout", col_tint(hue, 0.30f));
  std::string head;
  if (status == "raised") head = Tf("ui.res.out.raised", jobj{"name", dead.name, "hp", dead.hp});
  else if (status == "failed") head = Tf("ui.res.out.failed", jobj{"name", dead.name});
  else if (status == "refused") head = Tf("ui.res.out.refused", jobj{"name", dead.name});
  else if (status == "awaiting_soul") head = Tf("ui.res.out.awaiting", jobj{"name", dead.name});
  else if (status == "cancelled") head = T("ui.res.out.cancelled");
  else head = Tf("ui.res.out.succeeded", jobj{"name", dead.name});
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", head.c_str());
  ImGui::PopFont();
  track("res.outcome", status);
  std::string al = attempt_line(a);
  if (!al.empty()) {
    ImGui::TextWrapped("%s", al.c_str());
    track("res.attempt", al);
  }
  if (a.is_object() && a.value("check_needed", true))
    muted(Tf("ui.res.attempts_now", jobj{"name", dead.name, "n", rules::resurrection_attempts_of(dead)}).c_str());
  if (status == "failed" && action_failed(dead.id)) muted(T("ui.res.action_blocked"));
  end_card();
  if (status == "awaiting_soul") {
    if (ui_player_mode()) muted(T("ui.res.waiting_dm"));
    else draw_prompts(dead.id);
    cancel_button(r);
    return;
  }
  ImGui::Spacing();
  const bool again = dead.death_saves.dead && status != "raised";
  const float w = again ? split_width(2) : ImGui::GetContentRegionAvail().x;
  if (again) {
    if (colored_button(T("ui.res.again"), col_accent(), ImVec2(w, 56), "res.again")) {
      f.ritual.clear();
      f.helper.clear();
      f.scroll_top = true;
    }
    ImGui::SameLine();
  }
  if (big_button(T("ui.res.done"), ImVec2(w, 56))) f = Flow{};
  track("res.done", T("ui.res.done"));
}

}  // namespace

// [SECTION] the entry points ------------------------------------------------------------------------------------------
void resurrection_button(const Creature& c) {
  if (!c.death_saves.dead || !rule_on(rules::kResurrection)) return;
  const char* label = active_ritual(c.id).empty() ? T("ui.res.open") : T("ui.res.continue");
  if (colored_button(label, col_tint(hue_violet(), 0.55f), ImVec2(0, 56), "sheet.resurrect")) {
    Flow& f = flow();
    f = Flow{};
    f.creature = c.id;
    f.scroll_top = true;
  }
}

bool resurrection_open(const std::string& creature_id) { return !creature_id.empty() && flow().creature == creature_id; }

void draw_resurrection(const std::string& creature_id) {
  Flow& f = flow();
  const Creature* found = creature(creature_id);
  if (!found) {
    f = Flow{};
    return;
  }
  const Creature dead = *found;  // a copy: the buttons below change the state
  if (f.scroll_top) {
    ImGui::SetScrollY(0);
    f.scroll_top = false;
  }
  std::string back = std::string("\xE2\x86\x90 ") + dead.name;
  if (big_button(back.c_str(), ImVec2(split_width(2), kTouchTarget))) {
    f = Flow{};
    f.scroll_top = false;
    return;
  }
  track("res.back", back);
  heading(Tf("ui.res.title", jobj{"name", dead.name}).c_str());
  track("res.title", dead.name);
  muted(Tf("ui.res.attempts_before", jobj{"n", rules::resurrection_attempts_of(dead)}).c_str());

  const std::string active = active_ritual(dead.id);
  if (!active.empty()) f.ritual = active;
  json view = f.ritual.empty() ? json() : rules::ritual_view(model().state(), f.ritual);
  if (view.is_null() || view.value("target", "") != dead.id) {  // none yet, or undone
    f.ritual.clear();
    if (!dead.death_saves.dead) {
      muted(T("ui.res.not_dead"));
      if (big_button(T("ui.res.done"))) f = Flow{};
      track("res.done", T("ui.res.done"));
      return;
    }
    setup(dead);
    return;
  }
  summary(view);
  const std::string status = view.value("status", "");
  if (status != "open") {
    outcome(dead, view);
    return;
  }
  const json dc = view.value("dc", json::object());
  if (view.value("casting", "") == "longer") helpers(dead, view);
  else muted(T("ui.res.no_helpers"));
  ImGui::Spacing();
  dc_card(dead, dc);
  cast(dead, view, dc);
  cancel_button(view);
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels resurrection_ritual_ui() {
  return {{Slot::sheet_instead,
           [](SlotContext& x) {
             if (!resurrection_open(x.creature->id)) return;
             draw_resurrection(x.creature->id);
             x.done = true;
           }},
          {Slot::sheet_hp, [](SlotContext& x) { resurrection_button(*x.creature); }}};
}

}  // namespace druzina::ui
