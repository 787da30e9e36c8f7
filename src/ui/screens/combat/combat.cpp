// The combat screen. Before a fight: who takes part and their initiative (setup.cpp). During a fight: the
// round, the initiative order with the current turn highlighted (tap a row → the HP pad, ⋯ → the creature's
// sheet), turn-start reminders of the current creature, legendary action and resistance counters, death saves of the dying,
// open questions (massive damage, injuries, turn-start saves) on top, the attack helper (attack.cpp), and
// big ◀ / Next turn ▶ buttons fixed at the top (notices cover the bottom); End closes the fight (confirmed, and undoable).
// Test ids: screen.combat, combat.round, combat.row.<id>, combat.more.<id>, combat.lair_row, combat.next,
// combat.prev, combat.end, combat.attack, combat.legendary.<id>.<cost>, combat.legres.<id>(.use), combat.reminders,
// combat.delay (the current creature waits: DelayTurn), combat.ready (a readied action until its next turn), combat.reorder, combat.up.<id> / combat.down.<id> (MoveInitiative),
// combat.join (+ Add to the fight), combat.join.<id> (JoinEncounter), combat.join.srd (the SRD picker: the monsters join).
//
// Index:
//   [SECTION] the current creature: reminders, legendary actions, delay and ready
//   [SECTION] the initiative order
//   [SECTION] the header: turn buttons, ending the fight
//   [SECTION] under the order: reorder, attack helper, joining
//   [SECTION] the screen
#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/campaign/derived.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/combat/parts.hpp"
#include "ui/screens/party/creature_sheet.hpp"
#include "ui/screens/party/party_edit.hpp"
#include "ui/screens/party/srd_picker.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/hp_pad.hpp"
#include "ui/widgets/prompts.hpp"
#include "ui/widgets/row_cull.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

namespace {

struct CombatUi {
  std::string sheet;      // creature whose sheet is open ("" = none)
  bool attack = false;    // the attack helper is unfolded
  bool reorder = false;   // ▲ ▼ under each row: the DM moves creatures in the order (MoveInitiative)
  bool join = false;      // "+ Add to the fight" unfolded: who is not fighting, the SRD
  long long seen_turn = -1;  // round * 1000 + turn last scrolled to
};

CombatUi& cu() {
  static CombatUi s;
  return s;
}

// [SECTION] the current creature: reminders, legendary actions, delay and ready ---------------------------------------
std::string current_creature() {
  const auto& enc = model().state().encounter;
  if (!enc || enc->order.empty()) return {};
  int t = std::clamp(enc->turn, 0, static_cast<int>(enc->order.size()) - 1);
  const auto& e = enc->order[static_cast<size_t>(t)];
  return e.lair ? std::string() : e.creature;
}

void reminders(const Creature& c) {
  std::vector<std::string> lines;
  for (const auto& cond : c.conditions) {
    if (cond.id == "unconscious" && cond.source == "0hp") continue;
    lines.push_back(condition_text(cond, c));
  }
  for (const auto& x : model().state().creatures) {
    if (x.id == c.id) continue;
    for (const auto& cond : x.conditions)
      if (cond.until.turn_of == c.id && (cond.until.kind == "end_of_next_turn" || cond.until.kind == "start_of_next_turn"))
        lines.push_back(x.name + ": " + condition_text(cond, x));
  }
  if (c.exhaustion > 0) lines.push_back(Tf("ui.creature.exhaustion_n", jobj{"n", c.exhaustion}));
  SlotContext ctx;  // the rules' reminders (an injury's effects, the monster's attacks, the load)
  ctx.creature = &c;
  ctx.facts = &lines;
  draw_slot(Slot::combat_reminders, ctx);
  if (lines.empty()) return;
  begin_card("##remind", col_tint(hue_amber(), 0.18f));
  ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
  ImGui::TextWrapped("%s", Tf("ui.combat.remember", jobj{"name", c.name}).c_str());
  ImGui::PopStyleColor();
  std::string all;
  for (const auto& l : lines) {
    ImGui::BulletText("%s", l.c_str());
    all += l + "\n";
  }
  end_card();
  track("combat.reminders", all);
}

void legendary_strip(const Creature& c) {
  const auto& enc = *model().state().encounter;
  auto it = enc.legendary.find(c.id);
  int left = it == enc.legendary.end() ? c.legendary_actions : it->second;
  ImGui::PushID(("la" + c.id).c_str());
  // the DM's line ends "spend:" so the −1 −2 −3 below read as what they do (an action's cost)
  std::string label = Tf(ui_player_mode() ? "ui.combat.legendary" : "ui.combat.legendary_spend",
                         jobj{"left", left, "max", c.legendary_actions});
  ImGui::TextUnformatted(label.c_str());
  track("combat.legendary." + c.id, std::to_string(left));
  if (!ui_player_mode()) {
    const int n = std::min(3, c.legendary_actions);
    const float bw = std::min(96.0f, split_width(n));
    for (int cost = 1; cost <= n; ++cost) {
      if (cost > 1) ImGui::SameLine();
      ImGui::BeginDisabled(left < cost);
      std::string b = "\xE2\x88\x92" + std::to_string(cost);
      if (big_button(b.c_str(), ImVec2(bw, kTouchTarget)))
        dispatch_and_tell(jobj{"type", "UseLegendaryAction", "target", c.id, "cost", cost});
      ImGui::EndDisabled();
      track("combat.legendary." + c.id + "." + std::to_string(cost), b);
    }
  }
  ImGui::PopID();
}

// Legendary resistances left today with a button that uses one (the DM's; players see a party member's only,
// like the other numbers of monsters they do not know). Undo takes a use back.
void legendary_res_strip(const Creature& c) {
  const bool dm = !ui_player_mode();
  if (!dm && !campaign::in_party(c)) return;
  const int left = c.legendary_resistances - c.legendary_resistances_used;
  ImGui::PushID(("lr" + c.id).c_str());
  std::string label = Tf("ui.combat.legendary_res", jobj{"left", left, "max", c.legendary_resistances});
  const float bw = dm ? std::max(96.0f, ImGui::CalcTextSize(T("ui.combat.legendary_res_use")).x + 32) : 0;
  const float text_w = ImGui::GetContentRegionAvail().x - (dm ? bw + gap() : 0);
  const ImVec2 start = ImGui::GetCursorPos();
  const float th = ImGui::CalcTextSize(label.c_str(), nullptr, false, text_w).y;
  ImGui::SetCursorPosY(start.y + std::max(0.0f, (kTouchTarget - th) * 0.5f));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_w);
  ImGui::TextUnformatted(label.c_str());
  ImGui::PopTextWrapPos();
  track("combat.legres." + c.id, std::to_string(left));
  if (dm) {
    ImGui::SetCursorPos(ImVec2(start.x + text_w + gap(), start.y));
    ImGui::BeginDisabled(left <= 0);
    if (colored_button(T("ui.combat.legendary_res_use"), col_tint(hue_violet(), 0.55f), ImVec2(bw, kTouchTarget),
                       "combat.legres." + c.id + ".use"))
      dispatch_and_tell(jobj{"type", "UseLegendaryResistance", "target", c.id});
    ImGui::EndDisabled();
    ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), start.y + std::max(kTouchTarget, th) + ImGui::GetStyle().ItemSpacing.y));
  }
  ImGui::PopID();
}

// Under the current creature's row (beside the list on a wide screen): Delay and Ready (DM).
void turn_actions(const Creature& c) {
  if (ui_player_mode() || c.death_saves.dead) return;
  // the creature waits: it acts after the next one (DelayTurn), its turn at its new place
  const float w = split_width(2);
  ImGui::PushFont(ui().fonts.small);
  if (big_button(T("ui.combat.delay"), ImVec2(w, kTouchTarget))) dispatch_and_tell(jobj{"type", "DelayTurn"}, 5.0);
  track("combat.delay", T("ui.combat.delay"));
  ImGui::SameLine();
  // the Ready action (5e): a reaction held until the start of its next turn, shown on its card meanwhile
  if (big_button(T("ui.combat.ready"), ImVec2(w, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "SetCondition", "target", c.id, "condition", T("ui.combat.readied"),
                       "until", jobj{"kind", "start_of_next_turn"}});
  track("combat.ready", T("ui.combat.ready"));
  ImGui::PopFont();
}

// [SECTION] the initiative order --------------------------------------------------------------------------------------
void draw_rows() {
  const auto& st = model().state();
  const auto& enc = *st.encounter;
  CombatUi& u = cu();
  const bool dm = !ui_player_mode();
  const long long turn_key = static_cast<long long>(enc.round) * 1000 + enc.turn;
  RowCull cull("combat", enc.order.size() > RowCull::kFrom);
  for (size_t i = 0; i < enc.order.size(); ++i) {
    const auto& e = enc.order[i];
    const bool current = static_cast<int>(i) == enc.turn;
    const Creature* cp = creature(e.creature);
    if (!cp || hidden_from_players(*cp)) continue;
    if (!cull.begin((e.lair ? "lair." : "") + e.creature, !current)) {
      track(e.lair ? "combat.lair_row" : "combat.row." + e.creature, cp->name);
      continue;
    }
    const Creature c = *cp;  // a copy: the buttons below change the state (a reference would dangle)
    const float row_top = ImGui::GetCursorScreenPos().y;
    ImGui::PushID(static_cast<int>(i));
    if (e.lair) {
      std::string text = "20  \xC2\xB7  " + Tf("ui.combat.lair_row", jobj{"name", c.name});
      ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetContentRegionAvail().x, h = 52;
      ImGui::Dummy(ImVec2(w, h));
      track("combat.lair_row", text);
      ImDrawList* dl = ImGui::GetWindowDrawList();
      dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(col_tint(hue_violet(), 0.25f)), 12);
      if (current) dl->AddRect(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(col_accent()), 12, 0, 3.5f);
      dl->AddText(ImVec2(p.x + 12, p.y + (h - ImGui::GetTextLineHeight()) * 0.5f),
                  ImGui::GetColorU32(current ? col_accent() : ImGui::GetStyleColorVec4(ImGuiCol_Text)), text.c_str());
    } else {
      const float more_w = 60.0f;
      std::string init = std::to_string(e.initiative);
      SlotContext pick;  // a rule may take the rows' taps (picking several)
      pick.creature = &c;
      const bool picking = dm && draw_slot(Slot::combat_row_select, pick);
      if (creature_card(c, "combat.row." + c.id, picking ? pick.picked : current, more_w + gap(), init.c_str()) &&
          dm && !c.death_saves.dead) {
        if (picking) {
          pick.tapped = true;
          draw_slot(Slot::combat_row_select, pick);
        } else {
          pad::open_hp(c.id);
        }
      }
      float h = ImGui::GetItemRectSize().y;
      ImGui::SameLine();
      if (big_button("\xE2\x80\xA6", ImVec2(more_w, h))) u.sheet = c.id;  // …
      track("combat.more." + c.id, c.name);
      if (dm && u.reorder) {
        // ▲ ▼: one place up or down in the order (whose turn it is stays)
        const float w = split_width(2);
        const int n = static_cast<int>(enc.order.size());
        ImGui::BeginDisabled(i == 0);
        if (big_button(("\xE2\x96\xB2 " + std::string(T("ui.combat.move_up"))).c_str(), ImVec2(w, kTouchTarget)))
          dispatch_and_tell(jobj{"type", "MoveInitiative", "target", c.id, "position", static_cast<int>(i) - 1});
        ImGui::EndDisabled();
        track("combat.up." + c.id, T("ui.combat.move_up"));
        ImGui::SameLine();
        ImGui::BeginDisabled(static_cast<int>(i) + 1 >= n);
        if (big_button(("\xE2\x96\xBC " + std::string(T("ui.combat.move_down"))).c_str(), ImVec2(w, kTouchTarget)))
          dispatch_and_tell(jobj{"type", "MoveInitiative", "target", c.id, "position", static_cast<int>(i) + 1});
        ImGui::EndDisabled();
        track("combat.down." + c.id, T("ui.combat.move_down"));
      }
      if (current && !u.reorder && !wide_layout()) turn_actions(c);  // wide: in the side column
      draw_slot(Slot::combat_row, c);
      if (c.legendary_actions > 0 && !c.death_saves.dead) legendary_strip(c);
      if (c.legendary_resistances > 0 && !c.death_saves.dead) legendary_res_strip(c);
      if (c.hp == 0 && !c.death_saves.dead && !c.death_saves.stable) draw_death_saves(c, "combat." + c.id);
      if (current) reminders(c);
    }
    if (current && u.seen_turn != turn_key) {
      // a new turn: its row into view — unless it is in view already (the question cards on top stay readable)
      const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowHeight();
      if (row_top < top || ImGui::GetCursorScreenPos().y > bottom) ImGui::SetScrollHereY(0.25f);
      u.seen_turn = turn_key;
    }
    ImGui::PopID();
    cull.end();
  }
}

// [SECTION] the header: turn buttons, ending the fight ----------------------------------------------------------------
void turn_bar() {
  const float w = ImGui::GetContentRegionAvail().x;
  const float prev_w = std::max(90.0f, w * 0.3f);
  ImGui::BeginDisabled(ui_player_mode());
  ImGui::PushFont(ui().fonts.big);
  if (big_button("\xE2\x97\x80", ImVec2(prev_w, 68))) dispatch_and_tell(jobj{"type", "PrevTurn"});  // ◀
  track("combat.prev", T("ui.combat.prev"));
  ImGui::SameLine();
  std::string next = std::string(T("ui.combat.next")) + "  \xE2\x96\xB6";  // ▶
  if (colored_button(next.c_str(), ImVec4(0.55f, 0.40f, 0.12f, 1), ImVec2(0, 68), "combat.next"))
    dispatch_and_tell(jobj{"type", "NextTurn"}, 5.0);
  ImGui::PopFont();
  ImGui::EndDisabled();
}

// What the rules add to "End the fight?": EndEncounter's parameters for a yes, and their paragraphs of the question.
std::pair<json, std::vector<std::string>> end_answers() {
  json params = json::object();
  std::vector<std::string> paragraphs;
  SlotContext ctx;
  ctx.params = &params;
  ctx.facts = &paragraphs;
  draw_slot(Slot::combat_end, ctx);
  return {params, paragraphs};
}

// "End the fight?" — and first who of the party is still dying (0 HP, not stable): ending the fight ends their
// turns, so the death saves stop being asked.
std::string end_question() {
  std::string dying;
  for (const auto& c : model().state().creatures)
    if (campaign::in_party(c) && campaign::is_dying(c)) dying += (dying.empty() ? "" : ", ") + c.name;
  std::string end = T("ui.combat.end_confirm");
  for (const auto& paragraph : end_answers().second) end += "\n\n" + paragraph;
  return dying.empty() ? end : Tf("ui.combat.end_dying", jobj{"names", dying}) + "\n\n" + end;
}

// Ends the fight (the confirm's yes), with the XP award the question offered.
void end_fight() {
  json end = end_answers().first;
  end["type"] = "EndEncounter";
  if (dispatch_and_tell(end, 6.0)) reset_attack_helper();
}

// What the rules show under whose turn it is, handed the creature whose turn it is ("" on the lair's).
void header_slot(const std::string& current) {
  SlotContext ctx;
  ctx.current = current;
  draw_slot(Slot::combat_header, ctx);
}

void header() {
  const auto& enc = *model().state().encounter;
  const std::string cur = current_creature();
  std::string title = Tf("ui.combat.round", jobj{"n", enc.round});
  const float end_w = 96;
  ImGui::PushFont(ui().fonts.big);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopFont();
  track("combat.round", std::to_string(enc.round));
  if (!ui_player_mode()) {
    ImGui::SameLine(ImGui::GetContentRegionMax().x - end_w);
    if (big_button(T("ui.combat.end"), ImVec2(end_w, kTouchTarget))) ask_confirm("combat.end", end_question());
    track("combat.end", T("ui.combat.end"));
  }
  if (confirm_popup("combat.end")) end_fight();
  std::string who;
  if (!enc.order.empty()) {
    const auto& e = enc.order[static_cast<size_t>(std::clamp(enc.turn, 0, static_cast<int>(enc.order.size()) - 1))];
    who = e.lair ? Tf("ui.combat.lair_row", jobj{"name", creature_name(e.creature)}) : Tf("ui.combat.turn_of", jobj{"name", creature_name(cur)});
  }
  ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
  ImGui::TextWrapped("%s", who.c_str());
  ImGui::PopStyleColor();
  track("combat.turn", who);
  header_slot(cur);
}

// Landscape and tablets: the round, whose turn it is and the turn buttons in one row, so the order below gets
// the height.
void header_compact() {
  const auto& enc = *model().state().encounter;
  const bool dm = !ui_player_mode();
  const std::string next = std::string(T("ui.combat.next")) + " \xE2\x96\xB6";  // ▶
  const float prev_w = 60, end_w = 90;
  const float next_w = std::max(150.0f, ImGui::CalcTextSize(next.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x + 12);
  const float buttons = dm ? prev_w + next_w + end_w + 2 * gap() : 0;
  const float text_w = ImGui::GetContentRegionAvail().x - buttons - gap();
  ImVec2 start = ImGui::GetCursorPos();
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_w);
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(Tf("ui.combat.round", jobj{"n", enc.round}).c_str());
  ImGui::PopFont();
  track("combat.round", std::to_string(enc.round));
  std::string who;
  if (!enc.order.empty()) {
    const auto& e = enc.order[static_cast<size_t>(std::clamp(enc.turn, 0, static_cast<int>(enc.order.size()) - 1))];
    who = e.lair ? Tf("ui.combat.lair_row", jobj{"name", creature_name(e.creature)})
                 : Tf("ui.combat.turn_of", jobj{"name", creature_name(current_creature())});
  }
  ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
  ImGui::TextUnformatted(who.c_str());
  ImGui::PopStyleColor();
  track("combat.turn", who);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  if (!dm) {
    header_slot(current_creature());
    return;
  }
  ImGui::SetCursorPos(ImVec2(start.x + text_w + gap(), start.y));
  ImGui::PushFont(ui().fonts.big);
  if (big_button("\xE2\x97\x80", ImVec2(prev_w, 60))) dispatch_and_tell(jobj{"type", "PrevTurn"});
  track("combat.prev", T("ui.combat.prev"));
  ImGui::SameLine();
  ImGui::PopFont();
  if (colored_button(next.c_str(), ImVec4(0.55f, 0.40f, 0.12f, 1), ImVec2(next_w, 60), "combat.next"))
    dispatch_and_tell(jobj{"type", "NextTurn"}, 5.0);
  ImGui::SameLine();
  if (big_button(T("ui.combat.end"), ImVec2(end_w, 60))) ask_confirm("combat.end", end_question());
  track("combat.end", T("ui.combat.end"));
  if (confirm_popup("combat.end")) end_fight();
  header_slot(current_creature());
}

// [SECTION] under the order: reorder, attack helper, joining ----------------------------------------------------------
// Reorder and a rule's tool (Select several) side by side (one line: the order's first rows stay where they were).
void reorder_and_tools() {
  CombatUi& u = cu();
  SlotContext tools;
  const bool more = slot_shown(Slot::combat_tools, tools);
  tools.width = more ? split_width(2) : ImGui::GetContentRegionAvail().x;
  if (toggle_button(T("ui.combat.reorder"), u.reorder, "combat.reorder", ImVec2(tools.width, 0))) u.reorder = !u.reorder;
  if (!more) return;
  ImGui::SameLine();
  draw_slot(Slot::combat_tools, tools);
}

void attack_toggle() {
  CombatUi& u = cu();
  if (ui_player_mode()) return;
  if (toggle_button((std::string("\xE2\x9A\x94 ") + T("ui.combat.attack")).c_str(), u.attack, "combat.attack")) u.attack = !u.attack;
  if (u.attack) draw_attack_helper(current_creature());
  reorder_and_tools();
}

// Under the order (DM): "+ Add to the fight" — every living creature not in the order joins with its initiative
// rolled (JoinEncounter), or new SRD monsters join straight away (the SRD picker, AddMonsters join).
void join_panel() {
  CombatUi& u = cu();
  if (ui_player_mode()) return;
  if (toggle_button(T("ui.combat.join"), u.join, "combat.join")) u.join = !u.join;
  if (!u.join) return;
  const auto& st = model().state();
  int outside = 0;
  std::string joins;  // dispatched after the loop: the command replaces the state the loop walks
  for (const auto& c : st.creatures) {
    if (c.death_saves.dead) continue;
    bool in = false;
    for (const auto& e : st.encounter->order) in = in || (!e.lair && e.creature == c.id);
    if (in) continue;
    ++outside;
    const std::string label = Tf("ui.combat.join_one", jobj{"name", c.name});
    if (big_button((label + "##join" + c.id).c_str(), ImVec2(0, kTouchTarget))) joins = c.id;
    track("combat.join." + c.id, label);
  }
  if (outside == 0) muted(T("ui.combat.join_none"));
  if (!joins.empty()) dispatch_and_tell(jobj{"type", "JoinEncounter", "target", joins}, 6.0);
  draw_slot(Slot::combat_join);
}

}  // namespace

// [SECTION] the screen ------------------------------------------------------------------------------------------------
// The rules' panels under the order (traps and explosives).
void order_panels() {
  SlotContext ctx;
  ctx.current = current_creature();
  draw_slot(Slot::combat_order, ctx);
}

void draw_combat() {
  CombatUi& u = cu();
  if (creature_editor_open()) {  // "Edit" on a sheet opened from the order
    draw_creature_editor();
    return;
  }
  const auto& st = model().state();
  if (!u.sheet.empty() && !creature(u.sheet)) u.sheet.clear();
  static std::string shown_sheet;
  if (shown_sheet != u.sheet) {
    ImGui::SetScrollY(0);  // a sheet starts at its top; the list has its own scrolling child
    shown_sheet = u.sheet;
  }
  if (!u.sheet.empty() && !wide_layout()) {
    bool back = false;
    draw_creature_sheet(u.sheet, true, &back);
    if (back) u.sheet.clear();
    return;
  }
  if (srd_picker_open() && srd_picker_joins()) {  // "+ From the SRD" here: before or during a fight
    draw_srd_picker();
    return;
  }
  if (!st.encounter) {
    heading(T("ui.tab.combat"));
    track("screen.combat", T("ui.tab.combat"));
    draw_prompts();
    draw_combat_setup();
    return;
  }
  track("screen.combat", T("ui.tab.combat"));
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float bar_h = 68 + ImGui::GetStyle().ItemSpacing.y;
  if (wide_layout()) {
    const float left = std::max(340.0f, avail.x * 0.56f);
    ImGui::BeginGroup();
    ImGui::BeginChild("##combat_head", ImVec2(left, 0), ImGuiChildFlags_AutoResizeY);
    header_compact();
    ImGui::EndChild();
    float head_h = ImGui::GetItemRectSize().y + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##combat_list", ImVec2(left, avail.y - head_h));
    draw_prompts();
    draw_rows();
    if (!ui_player_mode()) reorder_and_tools();  // under the rows: the order itself comes first
    join_panel();
    order_panels();
    ImGui::EndChild();
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginChild("##combat_side", ImVec2(0, avail.y));
    if (const Creature* now = creature(current_creature()); now && !cu().reorder) turn_actions(*now);
    if (!ui_player_mode()) draw_attack_helper(current_creature());
    if (!u.sheet.empty()) {
      bool back = false;
      ImGui::Spacing();
      draw_creature_sheet(u.sheet, false, &back);
    }
    ImGui::EndChild();
  } else {
    ImGui::BeginChild("##combat_head", ImVec2(0, 0), ImGuiChildFlags_AutoResizeY);
    header();
    ImGui::EndChild();
    float head_h = ImGui::GetItemRectSize().y + ImGui::GetStyle().ItemSpacing.y;
    // The turn buttons sit at the top: notices appear over the bottom of the screen.
    turn_bar();
    ImGui::BeginChild("##combat_list", ImVec2(0, avail.y - head_h - bar_h));
    draw_prompts();
    attack_toggle();
    draw_rows();
    join_panel();
    order_panels();
    ImGui::Spacing();
    ImGui::EndChild();
  }
}

}  // namespace druzina::ui
