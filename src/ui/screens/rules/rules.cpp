// The rules screen: Reference | Tables (Generators) | Prices | Notes.
//   Reference: search every rule entry (core/reference) in the reader's language; a result opens the entry (body
//   with paragraphs and bullets), its roll tables (→ the Tables tab) and its tools (calculator forms).
//   Tables: every roll table (core/tables) with its rows; Roll (nested rolls shown), or enter a physical die's
//   result; "apply to a creature" records it through the engine's RollTable command.
//   Prices: the price list with the DM's campaign prices (prices.cpp).
//   Notes: the house-rule notes (players see them) and the DM's secret notes (hidden in player mode), saved with
//   SetSettings.
// Portrait: one column (a list, or the entry / table / price item opened from it, with a back button). Wide
// (≥ 700 CSS px, landscape or tablet): the list or search on the left, the open entry / table / item on the right.
//
// Index:
//   [SECTION] Reference
//   [SECTION] Tables
//   [SECTION] Notes
//   [SECTION] the screen's layout
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/error.hpp"
#include "core/reference/reference.hpp"
#include "core/tables/table.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/rules/calculator.hpp"
#include "ui/screens/rules/prices.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/row_cull.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

struct State {
  int section = 0;  // 0 reference, 1 tables, 2 prices, 3 notes
  std::string query;
  std::string entry;  // open entry id ("" = the list)
  std::string table;  // open table id ("" = the list)
  std::string gen;    // open generator page: a rule's card in the tables slot ("traps"; "" = none)
  std::optional<tables::TableRoll> result;
  int entered = 1;
  std::string target;  // creature to apply a table roll to
  std::string house_notes, dm_notes;
  bool house_dirty = false, dm_dirty = false;
  bool scroll_top = false;
  bool wide = false;  // this frame: two columns (no back buttons on the right)
  // search cache
  std::string cached_query;
  Lang cached_lang = Lang::en;
  bool cache_valid = false;
  std::vector<reference::Hit> hits;
};

State& st() {
  static State s;
  return s;
}

void go_top() { st().scroll_top = true; }

// At most n bytes of s, never cutting a UTF-8 character in half.
std::string utf8_prefix(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

void back_button(const char* id) {
  if (st().wide) return;  // the list stays on the left
  std::string l = std::string("\xE2\x86\x90 ") + T("ui.ctl.back");  // ←
  if (big_button(l.c_str())) {
    if (std::string(id) == "rules.entry.back") st().entry.clear();
    else if (std::string(id) == "rules.gen.back") st().gen.clear();
    else {
      st().table.clear();
      st().result.reset();
    }
    go_top();
  }
  track(id, l);
}

// [SECTION] Reference -------------------------------------------------------------------------------------------------
const char* source_label(const std::string& source) {
  std::string source_key = "ui.rules.source." + source;
  return has_key(ui().lang, source_key) ? T(source_key) : T("ui.rules.source.other");
}

void open_table(const std::string& id) {
  State& s = st();
  s.section = 1;
  s.table = id;
  s.gen.clear();
  s.result.reset();
  go_top();
}

void draw_entry(const reference::Entry& e) {
  const Lang lang = ui().lang;
  back_button("rules.entry.back");
  heading(e.title.in(lang).c_str());
  track("rules.entry.title", e.title.in(lang));
  std::string src = source_label(e.source);
  if (!e.edition.empty()) src += "  \xC2\xB7  " + e.edition;
  small_label(src.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", e.summary.in(lang).c_str());
  ImGui::PopStyleColor();
  ImGui::Spacing();
  for (const auto& b : reference::blocks(e.body.in(lang))) {
    if (b.bullet) bullet(b.text.c_str());
    else paragraph(b.text.c_str());
  }
  track("rules.entry.body", utf8_prefix(e.body.in(lang), 200));
  auto tabs = reference::tables_now(e);
  if (!tabs.empty()) {
    ImGui::Spacing();
    small_label(T("ui.rules.entry.tables"));
    for (const auto& id : tabs) {
      if (!tables::has_table(id)) continue;
      std::string l = std::string("\xE2\x9A\x84  ") + tables::table(id).title.in(lang);  // ⚄
      ImGui::PushID(id.c_str());
      if (big_button(l.c_str())) open_table(id);
      ImGui::PopID();
      track("rules.entry.table." + id, l);
    }
  }
  if (!e.tools.empty()) {
    ImGui::Spacing();
    small_label(T("ui.rules.entry.tools"));
    for (const auto& t : e.tools) draw_calculator(t);
  }
  if (!e.related.empty()) {
    ImGui::Spacing();
    small_label(T("ui.rules.entry.related"));
    for (const auto& id : e.related) {
      const reference::Entry* r = reference::find(id);
      if (!r) continue;
      if (card_button("rules.related." + id, r->title.in(lang).c_str(), r->summary.in(lang).c_str())) {
        st().entry = id;
        go_top();
      }
    }
  }
}

// The open entry; false when none is open.
bool draw_open_entry() {
  State& s = st();
  if (s.entry.empty()) return false;
  if (const reference::Entry* e = reference::find(s.entry)) {
    draw_entry(*e);
    return true;
  }
  s.entry.clear();
  return false;
}

void draw_reference_list() {
  State& s = st();
  text_field("##search", T("ui.rules.search"), s.query);
  track("rules.search", s.query);
  if (!s.cache_valid || s.cached_query != s.query || s.cached_lang != ui().lang) {
    s.hits = reference::search(s.query, ui().lang);
    s.cached_query = s.query;
    s.cached_lang = ui().lang;
    s.cache_valid = true;
  }
  const Lang lang = ui().lang;
  if (s.hits.empty()) {
    muted(T("ui.rules.no_results"));
    track("rules.no_results", T("ui.rules.no_results"));
    return;
  }
  small_label(Tf("ui.rules.results", jobj{"n", static_cast<long long>(s.hits.size())}).c_str());
  std::string last_source;
  const bool grouped = s.query.find_first_not_of(' ') == std::string::npos;
  RowCull cull("reference", s.hits.size() > RowCull::kFrom);  // only the cards on screen are laid out
  for (const auto& h : s.hits) {
    const reference::Entry& e = *h.entry;
    if (grouped && e.source != last_source) {
      ImGui::Spacing();
      ImGui::PushFont(ui().fonts.big);
      ImGui::TextWrapped("%s", source_label(e.source));  // a long source's name in a large text: wrapped, not past the edge
      ImGui::PopFont();
      last_source = e.source;
    }
    if (!cull.begin(e.id)) {
      track("rules.ref." + e.id, e.title.in(lang));
      continue;
    }
    if (card_button("rules.ref." + e.id, e.title.in(lang).c_str(), e.summary.in(lang).c_str(), s.wide && s.entry == e.id)) {
      s.entry = e.id;
      go_top();
    }
    cull.end();
  }
}

// [SECTION] Tables ----------------------------------------------------------------------------------------------------
std::string range_text(const tables::Row& r) {
  return r.lo == r.hi ? std::to_string(r.lo) : std::to_string(r.lo) + "\xE2\x80\x93" + std::to_string(r.hi);  // –
}

void draw_nested(const tables::TableRoll& r, int depth) {
  const Lang lang = ui().lang;
  for (const auto& n : r.nested) {
    std::string title = tables::has_table(n.table) ? tables::table(n.table).title.in(lang) : n.table;
    std::string line = std::string(static_cast<size_t>(depth) * 2, ' ') + "\xE2\x86\x92 " + title + " (" +
                       std::to_string(n.roll) + "): " + n.row.text.in(lang);
    ImGui::TextWrapped("%s", line.c_str());
    track("rules.table.nested." + n.table, line);
    draw_nested(n, depth + 1);
  }
  if (r.then_dice) {
    std::string line = std::string(static_cast<size_t>(depth) * 2, ' ') + "\xE2\x86\x92 " + r.then_dice->text;
    ImGui::TextWrapped("%s", line.c_str());
    track("rules.table.nested.dice", line);
  }
}

void apply_to_creature(const tables::Table& t) {
  State& s = st();
  const auto& state = model().state();
  const campaign::Creature* who = s.target.empty() ? nullptr : campaign::find_creature(state, s.target);
  if (!who) s.target.clear();
  if (state.creatures.empty()) return;
  ImGui::Spacing();
  small_label(T("ui.rules.table.apply_label"));
  std::string l = who ? Tf("ui.rules.table.for", jobj{"name", who->name}) : std::string(T("ui.rules.table.for_nobody"));
  if (big_button((l + "##target").c_str())) open_popup("target");
  track("rules.table.target", l);
  if (begin_popup("target")) {
    for (const auto& c : state.creatures) {
      if (c.hidden && ui_player_mode()) continue;
      ImGui::PushID(c.id.c_str());
      if (choice_button(c.name.c_str(), s.target == c.id)) {
        s.target = c.id;
        ImGui::CloseCurrentPopup();
      }
      ImGui::PopID();
      track("rules.table.target." + c.id, c.name);
    }
    end_popup();
  }
  if (who && s.result) {
    std::string al = Tf("ui.rules.table.apply", jobj{"name", who->name, "roll", s.result->roll});
    if (choice_button(al.c_str(), true)) {
      if (model().dispatch(jobj{"type", "RollTable", "table", t.id, "target", who->id, "roll", s.result->roll}))
        model().notify(Tf("ui.rules.table.applied", jobj{"name", who->name}));
    }
    track("rules.table.apply", al);
  }
}

void draw_table(const tables::Table& t) {
  State& s = st();
  const Lang lang = ui().lang;
  back_button("rules.table.back");
  heading(t.title.in(lang).c_str());
  track("rules.table.title", t.title.in(lang));
  small_label(Tf("ui.rules.table.die", jobj{"die", t.die}).c_str());
  ImGui::PushFont(ui().fonts.big);
  std::string roll_label = Tf("ui.rules.table.roll", jobj{"die", t.die});
  bool roll = choice_button(roll_label.c_str(), true, ImVec2(0, 64));
  ImGui::PopFont();
  track("rules.table.roll", roll_label);
  if (roll) {
    try {
      s.result = tables::roll_table(t, model().rng());
      s.entered = s.result->roll;
    } catch (const UserError& e) {
      model().notify(e.message(lang), true);
    }
  }
  small_label(T("ui.rules.table.enter"));
  const float w = ImGui::GetContentRegionAvail().x;
  if (s.entered < t.min || s.entered > t.max) s.entered = t.min;
  stepper("rules.table.entered", s.entered, t.min, t.max, {.width = w * 0.62f});
  ImGui::SameLine(0, 8);
  if (big_button(T("ui.rules.table.lookup"))) {
    try {
      s.result = tables::roll_table_with(t, s.entered, model().rng());
    } catch (const UserError& e) {
      model().notify(e.message(lang), true);
    }
  }
  track("rules.table.lookup", T("ui.rules.table.lookup"));
  if (s.result && s.result->table == t.id) {
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12.0f);
    ImGui::PushStyleColor(ImGuiCol_ChildBg, color_card());
    ImGui::BeginChild("##tresult", ImVec2(0, 0),
                      ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding | ImGuiChildFlags_Border);
    ImGui::PushFont(ui().fonts.big);
    ImGui::PushStyleColor(ImGuiCol_Text, color_good());
    std::string n = std::to_string(s.result->roll);
    ImGui::TextUnformatted(n.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    track("rules.table.result.roll", n);
    ImGui::TextWrapped("%s", s.result->row.text.in(lang).c_str());
    track("rules.table.result", s.result->row.text.in(lang));
    draw_nested(*s.result, 0);
    ImGui::EndChild();
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    apply_to_creature(t);
  }
  ImGui::Spacing();
  small_label(T("ui.rules.table.rows"));
  RowCull cull("table-rows", t.rows.size() > RowCull::kFrom);  // a d100 table's rows: only those on screen
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const tables::Row& r = t.rows[i];
    bool hit = s.result && s.result->table == t.id && s.result->roll >= r.lo && s.result->roll <= r.hi;
    std::string title = range_text(r) + "    " + r.text.in(lang);
    if (!cull.begin(t.id + "." + std::to_string(i) + "." + std::string(lang_code(lang)), !hit)) {
      track("rules.table.row." + std::to_string(i), title);
      continue;
    }
    if (card_button("rules.table.row." + std::to_string(i), title.c_str(), nullptr, hit)) {
      try {
        s.result = tables::roll_table_with(t, r.lo, model().rng());
        s.entered = r.lo;
        go_top();  // the result card sits above the rows
      } catch (const UserError& e) {
        model().notify(e.message(lang), true);
      }
    }
    cull.end();
  }
}

// The open table or generator page; false when none is open.
bool draw_open_table() {
  State& s = st();
  for (const Panel& p : rule_panels()) {
    if (p.slot != Slot::tables || s.gen.empty() || s.gen != p.card) continue;
    back_button("rules.gen.back");
    SlotContext ctx;
    p.draw(ctx);
    return true;
  }
  if (s.table.empty()) return false;
  if (tables::has_table(s.table)) {
    draw_table(tables::table(s.table));
    return true;
  }
  s.table.clear();
  return false;
}

void draw_tables_list() {
  State& s = st();
  const Lang lang = ui().lang;
  // The rules' generators first (the trap builder with the SRD's sample traps, the explosives and firearms).
  for (const Panel& p : rule_panels()) {
    if (p.slot != Slot::tables || (p.shown && !p.shown(SlotContext{}))) continue;
    if (card_button(std::string("rules.gen.") + p.card, T(p.title), T(p.body), s.wide && s.gen == p.card)) {
      s.gen = p.card;
      s.table.clear();
      go_top();
    }
  }
  muted(T("ui.rules.tables_intro"));
  for (const auto& id : tables::table_ids()) {
    const tables::Table& t = tables::table(id);
    std::string body = Tf("ui.rules.table.die", jobj{"die", t.die}) + "  \xC2\xB7  " +
                       Tf("ui.rules.table.row_count", jobj{"n", static_cast<long long>(t.rows.size())});
    if (card_button("rules.table." + id, t.title.in(lang).c_str(), body.c_str(), s.wide && s.table == id)) {
      s.table = id;
      s.gen.clear();
      s.result.reset();
      go_top();
    }
  }
}

// [SECTION] Notes -----------------------------------------------------------------------------------------------------
void draw_notes() {
  State& s = st();
  const auto& settings = model().state().settings;
  if (!s.house_dirty) s.house_notes = settings.house_rule_notes;
  if (!s.dm_dirty) s.dm_notes = settings.dm_notes;
  heading(T("ui.rules.notes.house"));
  muted(T("ui.rules.notes.house_hint"));
  if (ui_player_mode()) {
    if (settings.house_rule_notes.empty()) muted(T("ui.rules.notes.empty"));
    else ImGui::TextWrapped("%s", settings.house_rule_notes.c_str());
    track("rules.notes.house_text", settings.house_rule_notes);
    return;
  }
  if (text_area("##house", s.house_notes, 220)) s.house_dirty = true;
  track("rules.notes.house", s.house_notes);
  ImGui::BeginDisabled(!s.house_dirty);
  if (choice_button(T("ui.rules.notes.save"), s.house_dirty)) {
    if (model().dispatch(jobj{"type", "SetSettings", "house_rule_notes", s.house_notes})) s.house_dirty = false;
  }
  ImGui::EndDisabled();
  track("rules.notes.house_save", T("ui.rules.notes.save"));
  ImGui::Spacing();
  heading(T("ui.rules.notes.dm"));
  muted(T("ui.rules.notes.dm_hint"));
  if (text_area("##dm", s.dm_notes, 220)) s.dm_dirty = true;
  track("rules.notes.dm", s.dm_notes);
  ImGui::BeginDisabled(!s.dm_dirty);
  if (choice_button((std::string(T("ui.rules.notes.save")) + "##dm").c_str(), s.dm_dirty)) {
    if (model().dispatch(jobj{"type", "SetSettings", "dm_notes", s.dm_notes})) s.dm_dirty = false;
  }
  ImGui::EndDisabled();
  track("rules.notes.dm_save", T("ui.rules.notes.save"));
}


// [SECTION] the screen's layout ---------------------------------------------------------------------------------------
// The section's list (left column, or the whole screen in portrait) and what is open from it.
void draw_list(int section) {
  switch (section) {
    case 0: draw_reference_list(); break;
    case 1: draw_tables_list(); break;
    default: draw_price_list(); break;
  }
}

bool draw_open(int section) {
  switch (section) {
    case 0: return draw_open_entry();
    case 1: return draw_open_table();
    default: return draw_price_item(!st().wide);
  }
}

}  // namespace

void draw_rules() {
  State& s = st();
  s.wide = wide_layout() && s.section != 3;
  if (s.scroll_top && !s.wide) {
    ImGui::SetScrollY(0);
    s.scroll_top = false;
  }
  const std::vector<Option> sections = {{"reference", T("ui.rules.section.reference")},
                                             {"tables", T("ui.rules.section.tables")},
                                             {"prices", T("ui.prices.section")},
                                             {"notes", T("ui.rules.section.notes")}};
  bool changed = false;
  if (wide_layout() && ImGui::BeginTable("##rules_head", 2)) {  // landscape is short: sections next to the title
    ImGui::PushFont(ui().fonts.big);
    const float title_w = ImGui::CalcTextSize(T("ui.tab.rules")).x + 24;
    ImGui::PopFont();
    ImGui::TableSetupColumn("t", ImGuiTableColumnFlags_WidthFixed, title_w);
    ImGui::TableSetupColumn("s", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextColumn();
    ImGui::PushFont(ui().fonts.big);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::max(0.0f, (kTouchTarget - ImGui::GetFontSize()) * 0.5f));
    ImGui::TextUnformatted(T("ui.tab.rules"));
    ImGui::PopFont();
    track("screen.rules", T("ui.tab.rules"));
    ImGui::TableNextColumn();
    changed = segmented("rules.section", sections, s.section);
    ImGui::EndTable();
  } else {
    heading(T("ui.tab.rules"));
    track("screen.rules", T("ui.tab.rules"));
    changed = segmented("rules.section", sections, s.section);
  }
  if (changed) go_top();
  ImGui::Spacing();
  if (s.section == 3) {
    draw_notes();
    return;
  }
  if (!s.wide) {
    if (!draw_open(s.section)) draw_list(s.section);
    return;
  }
  // Two columns: each scrolls on its own; a newly opened entry starts at the top of the right one.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float left = std::max(320.0f, avail.x * 0.42f);
  ImGui::BeginChild("##rules_list", ImVec2(left, avail.y), ImGuiChildFlags_None);
  draw_list(s.section);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##rules_open", ImVec2(0, avail.y), ImGuiChildFlags_None);
  if (s.scroll_top) {
    ImGui::SetScrollY(0);
    s.scroll_top = false;
  }
  if (!draw_open(s.section)) {
    muted(T("ui.rules.pick_one"));
    track("rules.pick_one", T("ui.rules.pick_one"));
  }
  ImGui::EndChild();
}

}  // namespace druzina::ui
