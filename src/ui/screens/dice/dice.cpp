// The dice screen: one tap on d4…d100 rolls count × die + modifier (with advantage/disadvantage on a d20),
// or type any expression of the dice grammar (docs/dice.md) with a live error under the field. The result shows
// every die (dropped and rerolled dice dimmed and struck through, exploded dice marked, natural 20 / 1
// highlighted) and the total large; after a d20 rolled by a creature with inspiration or hero points it offers
// them. Favourite rolls and the roll history live on this device (store.hpp).
// Rolls here use model().rng(): they are not campaign commands (spending inspiration/hero points is).
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/dice/dice.hpp"
#include "core/dice/luck.hpp"
#include "core/error.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/screens/dice/store.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

using campaign::Creature;

struct LastRoll {
  dice::Roll roll;
  std::string who_id, who_name;
  int d20 = -1;          // index of the one kept d20 (inspiration / hero points apply), else -1
  std::string luck;      // what inspiration or a hero point did, once used
  long long shown_total = 0;
  std::string id;        // "dice-<ms>-<n>": the roll's id for UseHeroPoint (one hero point per roll)
};

struct State {
  int count = 1, modifier = 0, mode = 0;  // mode: 0 normal, 1 advantage, 2 disadvantage
  std::string expr;
  std::optional<UserError> error;
  std::string who;  // creature id; "" = me
  std::optional<LastRoll> last;
  bool adding_fav = false;
  int reveal_result = 0;  // frames until the new result is scrolled the new result into view (e.g. after rolling a favourite below it)
  std::string fav_name;
  size_t fav_menu = 0;
};

State& st() {
  static State s;
  return s;
}

const int kSides[] = {4, 6, 8, 10, 12, 20, 100};

std::string trimmed(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n"), b = s.find_last_not_of(" \t\n");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

void revalidate() {
  State& s = st();
  s.error.reset();
  if (trimmed(s.expr).empty()) return;
  try {
    dice::validate(s.expr);
  } catch (const UserError& e) {
    s.error = e;
  }
}

// Who may roll on this phone: anyone for the DM; in player mode only the party (PCs and sidekicks), never a
// monster, an NPC or a hidden creature.
bool may_roll_for(const Creature& x) {
  return !ui_player_mode() || (!x.hidden && campaign::in_party(x));
}

const Creature* roller() {
  if (st().who.empty()) return nullptr;
  const Creature* c = campaign::find_creature(model().state(), st().who);
  return c && may_roll_for(*c) ? c : nullptr;
}

std::string total_text(long long v) { return std::to_string(v); }

// Rolls the expression (advantage/disadvantage applied to its first single d20) for the chosen roller.
void roll_now(const std::string& typed) {
  State& s = st();
  std::string expr = s.mode == 1 ? dice::with_advantage(typed) : s.mode == 2 ? dice::with_disadvantage(typed) : typed;
  try {
    LastRoll lr;
    static long long rolls = 0;
    lr.id = "dice-" + std::to_string(static_cast<long long>(dice_store::wall_clock_ms())) + "-" + std::to_string(++rolls);
    lr.roll = dice::roll(expr, model().rng());
    if (const Creature* c = roller()) {
      lr.who_id = c->id;
      lr.who_name = c->name;
    }
    int kept20 = 0;
    for (size_t i = 0; i < lr.roll.dice.size(); ++i) {
      const dice::Die& d = lr.roll.dice[i];
      if (d.sides == 20 && d.kept) {
        ++kept20;
        lr.d20 = static_cast<int>(i);
      }
    }
    if (kept20 != 1) lr.d20 = -1;
    lr.shown_total = static_cast<long long>(lr.roll.total);
    dice_store::add_history({lr.who_name, lr.roll.expr, lr.roll.text, lr.shown_total, dice_store::wall_clock_ms(),
                             lr.roll.nat20, lr.roll.nat1});
    s.last = std::move(lr);
    s.reveal_result = 2;  // the card has its size a frame later
  } catch (const UserError& e) {
    model().notify(e.message(ui().lang), true);
  }
}

std::string die_expr(int sides) {
  const State& s = st();
  std::string e = (s.count > 1 ? std::to_string(s.count) : std::string()) + "d" + std::to_string(sides);
  e = dice_notation(ui().lang, e);  // what the reader's table writes: 1k20, 1к20 (the parser takes every notation)
  if (s.modifier > 0) e += "+" + std::to_string(s.modifier);
  if (s.modifier < 0) e += "-" + std::to_string(-s.modifier);
  return e;
}

// Inspiration as luck (house rule "inspiration-luck"): after seeing a d20, roll another and keep the better; the
// inspiration is spent. The engine's UseInspiration rolls the second die (undoable, logged).
void use_inspiration() {
  State& s = st();
  if (!s.last || s.last->d20 < 0) return;
  LastRoll& lr = *s.last;
  const int first = lr.roll.dice[static_cast<size_t>(lr.d20)].value;
  const long long rest = lr.shown_total - first;  // everything but the d20: modifiers, other dice
  nlohmann::json cmd = jobj{"type", "UseInspiration", "target", lr.who_id, "first_roll", first};
  const bool with_rest = rest >= -50 && rest <= 50;  // the command takes a modifier of −50…50
  if (with_rest) cmd["modifier"] = rest;
  const Outcome o = model().dispatch(cmd);
  if (!o) return;
  // The rule's result: the second d20, the die kept and the total (the modifier added when the command had it).
  const nlohmann::json* ev = o.event("inspiration_used");
  if (!ev) return;
  const int second = ev->value("second", first), kept = ev->value("kept", first);
  const long long total = with_rest ? ev->value("total", 0LL) : kept + rest;
  lr.shown_total = total;
  // one result, the one that counts: the tiles, the line and the total all show the kept die
  lr.roll = dice::with_second_d20(lr.roll, static_cast<size_t>(lr.d20), second);
  if (second > first) lr.d20 += 1;
  lr.luck = Tf("ui.dice.luck.inspiration_done", jobj{"first", first, "second", second, "total", total});
  dice_store::add_history({lr.who_name, lr.roll.expr + " + " + T("ui.dice.luck.inspiration_short"), lr.luck, total,
                           dice_store::wall_clock_ms(), kept == 20, false});
}

// Hero point (the DM's optional rule "hero-points"): roll a d6 and add it to the d20 roll.
void use_hero_point() {
  State& s = st();
  if (!s.last || s.last->d20 < 0) return;
  LastRoll& lr = *s.last;
  nlohmann::json cmd = jobj{"type", "UseHeroPoint", "target", lr.who_id, "roll_id", lr.id};
  if (lr.shown_total >= -100 && lr.shown_total <= 1000) cmd["total"] = lr.shown_total;
  const Outcome o = model().dispatch(cmd);
  if (!o) return;
  const nlohmann::json* ev = o.event("hero_point_used");
  const int d6 = ev ? ev->value("d6", 0) : 0;
  lr.shown_total += d6;
  lr.luck = Tf("ui.dice.luck.hero_done", jobj{"d6", d6, "total", lr.shown_total});
  dice_store::add_history({lr.who_name, lr.roll.expr + " + " + T("ui.dice.luck.hero_short"), lr.luck, lr.shown_total,
                           dice_store::wall_clock_ms(), false, false});
}

// Text with "~~x~~" parts drawn struck through (the dice formatter marks dropped dice so), wrapped at words.
void struck_text(const std::string& text, ImFont* font, ImU32 color) {
  const float px = font->FontSize * ImGui::GetIO().FontGlobalScale;
  const float left = ImGui::GetCursorScreenPos().x;
  const float right = left + ImGui::GetContentRegionAvail().x;
  float x = left, y = ImGui::GetCursorScreenPos().y;
  const float space = font->CalcTextSizeA(px, FLT_MAX, 0, " ").x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  bool struck = false;
  size_t i = 0;
  ImU32 dim = (color & 0x00FFFFFF) | (static_cast<ImU32>(((color >> 24) & 0xFF) * 0.55f) << 24);
  while (i < text.size()) {
    // next word: up to a space, toggling strike at "~~"
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    std::string word = text.substr(i, j - i);
    // split the word at ~~ markers into pieces
    std::vector<std::pair<std::string, bool>> pieces;
    size_t k = 0;
    std::string cur;
    while (k < word.size()) {
      if (word.compare(k, 2, "~~") == 0) {
        if (!cur.empty()) pieces.push_back({cur, struck});
        cur.clear();
        struck = !struck;
        k += 2;
      } else {
        cur += word[k++];
      }
    }
    if (!cur.empty()) pieces.push_back({cur, struck});
    float w = 0;
    for (auto& p : pieces) w += font->CalcTextSizeA(px, FLT_MAX, 0, p.first.c_str()).x;
    if (x > left && x + w > right) {
      x = left;
      y += px * 1.25f;
    }
    for (auto& p : pieces) {
      float pw = font->CalcTextSizeA(px, FLT_MAX, 0, p.first.c_str()).x;
      dl->AddText(font, px, ImVec2(x, y), p.second ? dim : color, p.first.c_str());
      if (p.second) dl->AddLine(ImVec2(x - 1, y + px * 0.55f), ImVec2(x + pw + 1, y + px * 0.55f), color, 2.0f);
      x += pw;
    }
    x += space;
    i = j + 1;
  }
  ImGui::SetCursorScreenPos(ImVec2(left, y));
  ImGui::Dummy(ImVec2(right - left, px * 1.25f));
}

void draw_die(size_t index, const dice::Die& d) {
  const float w = 58, h = 62;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  const bool dropped = !d.kept;
  const bool nat20 = d.kept && d.sides == 20 && d.value == 20;
  const bool nat1 = d.kept && d.sides == 20 && d.value == 1;
  std::string label = std::to_string(d.value);
  if (d.rerolled) label += " rerolled";
  else if (dropped) label += " dropped";
  if (d.exploded) label += " exploded";
  if (d.added) label += " added";
  if (nat20) label += " nat20";
  if (nat1) label += " nat1";
  track("dice.die." + std::to_string(index), label);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float alpha = dropped ? 0.4f : 1.0f;
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
  ImVec4 fg = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImVec4 edge = ImGui::GetStyleColorVec4(ImGuiCol_Border);
  float edge_w = 1.5f;
  if (nat20) {
    edge = color_good();
    fg = color_good();
    edge_w = 3.5f;
  } else if (nat1) {
    edge = color_bad();
    fg = color_bad();
    edge_w = 3.5f;
  }
  bg.w *= alpha;
  fg.w *= alpha;
  edge.w *= alpha;
  ImVec2 b(p.x + w, p.y + h);
  dl->AddRectFilled(p, b, ImGui::GetColorU32(bg), 10);
  dl->AddRect(p, b, ImGui::GetColorU32(edge), 10, 0, edge_w);
  ImFont* big = ui().fonts.big;
  ImFont* small = ui().fonts.small;
  const float gs = ImGui::GetIO().FontGlobalScale;
  std::string v = std::to_string(d.value);
  ImVec2 vs = big->CalcTextSizeA(big->FontSize * gs, FLT_MAX, 0, v.c_str());
  ImVec2 vp(p.x + (w - vs.x) * 0.5f, p.y + 6);
  dl->AddText(big, big->FontSize * gs, vp, ImGui::GetColorU32(fg), v.c_str());
  std::string sides = "d" + std::to_string(d.sides);
  ImVec2 ss = small->CalcTextSizeA(small->FontSize * gs, FLT_MAX, 0, sides.c_str());
  ImVec4 muted = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  muted.w *= alpha;
  dl->AddText(small, small->FontSize * gs, ImVec2(p.x + (w - ss.x) * 0.5f, b.y - ss.y - 4), ImGui::GetColorU32(muted),
              sides.c_str());
  if (dropped) {  // struck through
    ImVec4 line = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    dl->AddLine(ImVec2(p.x + 6, b.y - 8), ImVec2(b.x - 6, p.y + 8), ImGui::GetColorU32(line), 2.5f);
  }
  if (d.exploded) {  // a star in the corner: this die exploded into another
    ImVec2 sp(b.x - 16, p.y + 2);
    dl->AddText(small, small->FontSize * gs, sp, ImGui::GetColorU32(color_good()), "\xE2\x9C\xA6");  // ✦
  }
  if (d.added) dl->AddText(small, small->FontSize * gs, ImVec2(p.x + 4, p.y + 2), ImGui::GetColorU32(muted), "+");
}

void draw_result() {
  State& s = st();
  if (!s.last) return;
  LastRoll& lr = *s.last;
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12.0f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, color_card());
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 12));
  ImGui::BeginChild("##result", ImVec2(0, 0),
                    ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding | ImGuiChildFlags_Border);
  std::string head = lr.who_name.empty() ? std::string(T("ui.dice.who_me")) : lr.who_name;
  head += ": " + dice_notation(ui().lang, lr.roll.expr);
  small_label(head.c_str());
  track("dice.result.head", head);
  // every die
  const size_t shown = std::min<size_t>(lr.roll.dice.size(), 60);
  const float spacing = 8, w = 58;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int per_row = std::max(1, static_cast<int>((avail + spacing) / (w + spacing)));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  for (size_t i = 0; i < shown; ++i) {
    if (i % static_cast<size_t>(per_row) != 0) ImGui::SameLine();
    draw_die(i, lr.roll.dice[i]);
  }
  ImGui::PopStyleVar();
  if (lr.roll.dice.size() > shown)
    small_label(Tf("ui.dice.more_dice", jobj{"n", static_cast<long long>(lr.roll.dice.size() - shown)}).c_str());
  // the total, large
  ImGui::PushFont(ui().fonts.big);
  ImGui::SetWindowFontScale(1.6f);
  std::string total = total_text(lr.shown_total);
  ImVec4 tc = lr.roll.nat20 ? color_good() : lr.roll.nat1 ? color_bad() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImGui::PushStyleColor(ImGuiCol_Text, tc);
  ImGui::TextUnformatted(total.c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();
  track("dice.total", total);
  if (lr.roll.nat20 || lr.roll.nat1) {
    ImGui::SameLine();
    ImGui::PushFont(ui().fonts.big);
    ImGui::PushStyleColor(ImGuiCol_Text, lr.roll.nat20 ? color_good() : color_bad());
    const char* nat = T(lr.roll.nat20 ? "ui.dice.nat20" : "ui.dice.nat1");
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 10);
    ImGui::TextUnformatted(nat);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    track("dice.nat", nat);
  }
  const std::string result = dice_notation(ui().lang, lr.roll.text);
  struck_text(result, ui().fonts.small, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  track("dice.result", result);
  if (!lr.luck.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_good());
    ImGui::TextWrapped("%s", lr.luck.c_str());
    ImGui::PopStyleColor();
    track("dice.luck", lr.luck);
  } else if (lr.d20 >= 0 && !lr.who_id.empty()) {
    const Creature* c = campaign::find_creature(model().state(), lr.who_id);
    if (c && c->inspiration && rule_on("inspiration-luck")) {
      if (choice_button(T("ui.dice.luck.inspiration"), true)) use_inspiration();
      track("dice.use_inspiration", T("ui.dice.luck.inspiration"));
    }
    c = campaign::find_creature(model().state(), lr.who_id);
    const rules::HeroPointsView hero = c ? rules::hero_points_view(model().state(), *c) : rules::HeroPointsView{};
    if (hero.on && hero.points > 0 && lr.luck.empty()) {
      std::string l = Tf("ui.dice.luck.hero", jobj{"n", hero.points});
      if (big_button(l.c_str())) use_hero_point();
      track("dice.use_hero_point", l);
    }
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
  if (s.reveal_result > 0 && --s.reveal_result == 0) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 top = ImGui::GetWindowPos();
    const float bottom = top.y + ImGui::GetWindowHeight();
    if (a.y < top.y) ImGui::SetScrollFromPosY(a.y - top.y - 8, 0.0f);
    else if (b.y > bottom) ImGui::SetScrollFromPosY(std::min(b.y, a.y + ImGui::GetWindowHeight() - 16) - top.y, 1.0f);
  }
}

void draw_who() {
  State& s = st();
  // on a player's phone her own character rolls by default, not "me" (once per campaign and character)
  if (ui_player_mode() && !share_ids::mine_here().empty()) {
    static std::string defaulted;
    const std::string key = model().campaign_id() + "/" + share_ids::mine_here();
    if (defaulted != key) {
      defaulted = key;
      s.who = share_ids::mine_here();
    }
  }
  const Creature* c = roller();
  if (!c) s.who.clear();
  std::string text = Tf("ui.dice.who", jobj{"name", c ? c->name : std::string(T("ui.dice.who_me"))});
  if (c && c->inspiration) text += "  \xE2\x98\x85";  // ★ has inspiration
  if (big_button((text + "##who").c_str())) open_popup("who");
  track("dice.who", text);
  if (begin_popup("who")) {
    small_label(T("ui.dice.who_title"));
    if (choice_button(T("ui.dice.who_me"), s.who.empty())) {
      s.who.clear();
      ImGui::CloseCurrentPopup();
    }
    track("dice.who.me", T("ui.dice.who_me"));
    for (const auto& x : model().state().creatures) {
      if (!may_roll_for(x)) continue;
      std::string l = x.name;
      if (x.inspiration) l += "  \xE2\x98\x85";
      if (const auto hero = rules::hero_points_view(model().state(), x); hero.on && hero.points > 0)
        l += "  " + Tf("ui.dice.hero_points_short", jobj{"n", hero.points});
      ImGui::PushID(x.id.c_str());
      if (choice_button(l.c_str(), s.who == x.id)) {
        s.who = x.id;
        ImGui::CloseCurrentPopup();
      }
      ImGui::PopID();
      track("dice.who." + x.id, l);
    }
    if (model().state().creatures.empty()) muted(T("ui.dice.who_none"));
    end_popup();
  }
}

void draw_controls() {
  State& s = st();
  draw_who();
  // the dice buttons: 4 + 3 per row
  const float spacing = 8;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  ImGui::PushFont(ui().fonts.big);
  for (int row = 0; row < 2; ++row) {
    const int n = row == 0 ? 4 : 3;
    const float w = (ImGui::GetContentRegionAvail().x - spacing * static_cast<float>(n - 1)) / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
      int sides = kSides[row * 4 + i];
      if (i > 0) ImGui::SameLine();
      std::string l = "d" + std::to_string(sides);
      if (ImGui::Button(l.c_str(), ImVec2(w, 62))) {
        s.expr = die_expr(sides);
        revalidate();
        roll_now(s.expr);
      }
      track("dice.d" + std::to_string(sides), l);
    }
  }
  ImGui::PopFont();
  ImGui::PopStyleVar();
  // count and modifier
  // (placed by position, not SameLine: SameLine would align the second label to the buttons' text baseline)
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::BeginGroup();
  small_label(T("ui.dice.count"));
  stepper("dice.count", s.count, 1, 100, {.width = half});
  ImGui::EndGroup();
  const float y1 = ImGui::GetCursorScreenPos().y;
  ImGui::SetCursorScreenPos(ImVec2(p0.x + half + 10, p0.y));
  ImGui::BeginGroup();
  small_label(T("ui.dice.modifier"));
  stepper("dice.mod", s.modifier, -50, 50, {.show_sign = true, .width = half});
  ImGui::EndGroup();
  ImGui::SetCursorScreenPos(ImVec2(p0.x, std::max(y1, ImGui::GetCursorScreenPos().y)));
  // advantage / disadvantage
  segmented("dice.mode",
                 {{"normal", T("ui.dice.mode.normal")}, {"adv", T("ui.dice.mode.adv")}, {"dis", T("ui.dice.mode.dis")}},
                 s.mode);
  // typed expression
  ImGui::Spacing();
  small_label(T("ui.dice.expr_label"));
  if (text_field("##expr", T("ui.dice.expr_hint"), s.expr)) revalidate();
  bool enter = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGuiKey_Enter, false);
  track("dice.expr", s.expr);
  if (s.error) {
    std::string msg = s.error->message(ui().lang);
    error_text(msg.c_str());
    track("dice.error", msg);
  }
  const bool can_roll = !trimmed(s.expr).empty() && !s.error;
  ImGui::BeginDisabled(!can_roll);
  std::string roll_label = std::string(T("ui.dice.roll")) + "##roll";
  ImGui::PushFont(ui().fonts.big);
  bool roll = choice_button(roll_label.c_str(), true, ImVec2(0, 60));
  ImGui::PopFont();
  ImGui::EndDisabled();
  track("dice.roll", T("ui.dice.roll"));
  if ((roll || enter) && can_roll) roll_now(s.expr);
}

void draw_favourites() {
  State& s = st();
  ImGui::Spacing();
  heading(T("ui.dice.favourites"));
  const auto& favs = dice_store::favourites();
  const float spacing = 8;
  const float w = (ImGui::GetContentRegionAvail().x - spacing) * 0.5f;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  std::optional<size_t> tapped;
  for (size_t i = 0; i < favs.size(); ++i) {
    if (i % 2 == 1) ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    std::string l = favs[i].name.empty() ? favs[i].expr : favs[i].name + "\n" + favs[i].expr;
    ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.5f, 0.5f));
    if (ImGui::Button(l.c_str(), ImVec2(w, favs[i].name.empty() ? kTouchTarget : 68))) tapped = i;
    ImGui::PopStyleVar();
    track("dice.fav." + std::to_string(i), favs[i].name + " " + favs[i].expr);
    if (ImGui::IsPopupOpen("fav_menu")) {  // full width above the tab bar, like every popup here
      const ImGuiViewport* vp = ImGui::GetMainViewport();
      ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + 12, vp->Pos.y + vp->Size.y - 76), ImGuiCond_Always, ImVec2(0, 1));
      ImGui::SetNextWindowSize(ImVec2(vp->Size.x - 24, 0));
    }
    if (ImGui::BeginPopupContextItem("fav_menu")) {  // long press
      s.fav_menu = i;
      std::string q = Tf("ui.dice.fav_delete_q", jobj{"name", favs[i].name.empty() ? favs[i].expr : favs[i].name});
      ImGui::TextWrapped("%s", q.c_str());
      ImGui::PushStyleColor(ImGuiCol_Button, color_bad());
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
      bool del = big_button(T("ui.dice.fav_delete"));
      ImGui::PopStyleColor(2);
      track("dice.fav.delete", T("ui.dice.fav_delete"));
      if (big_button(T("ui.ctl.cancel"))) ImGui::CloseCurrentPopup();
      track("dice.fav.cancel", T("ui.ctl.cancel"));
      if (del) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        ImGui::PopID();
        dice_store::remove_favourite(i);
        break;
      }
      ImGui::EndPopup();
    }
    ImGui::PopID();
  }
  ImGui::PopStyleVar();
  if (tapped && *tapped < favs.size()) {
    s.expr = favs[*tapped].expr;
    revalidate();
    roll_now(s.expr);
  }
  if (favs.empty()) muted(T("ui.dice.fav_empty"));
  else small_label(T("ui.dice.fav_hint"));
  if (!s.adding_fav) {
    ImGui::BeginDisabled(trimmed(s.expr).empty() || s.error.has_value());
    std::string l = std::string("\xE2\x98\x85 ") + T("ui.dice.fav_add");  // ★
    if (big_button(l.c_str())) {
      s.adding_fav = true;
      s.fav_name.clear();
    }
    ImGui::EndDisabled();
    track("dice.fav.add", l);
  } else {
    small_label(Tf("ui.dice.fav_name_for", jobj{"expr", s.expr}).c_str());
    text_field("##favname", T("ui.dice.fav_name_hint"), s.fav_name);
    track("dice.fav.name", s.fav_name);
    const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
    if (choice_button(T("ui.dice.fav_save"), true, ImVec2(half, kTouchTarget))) {
      if (!dice_store::add_favourite({trimmed(s.fav_name), trimmed(s.expr)}))
        model().notify(T("ui.dice.fav_full"), true);
      s.adding_fav = false;
    }
    track("dice.fav.save", T("ui.dice.fav_save"));
    ImGui::SameLine(0, 10);
    if (big_button(T("ui.ctl.cancel"), ImVec2(half, kTouchTarget))) s.adding_fav = false;
    track("dice.fav.cancel_add", T("ui.ctl.cancel"));
  }
}

void draw_history() {
  ImGui::Spacing();
  heading(T("ui.dice.history"));
  const auto& hist = dice_store::history();
  if (hist.empty()) {
    muted(T("ui.dice.history_empty"));
    return;
  }
  for (size_t i = 0; i < hist.size(); ++i) {
    const auto& e = hist[i];
    ImGui::PushID(static_cast<int>(i));
    std::string head = dice_store::when_text(e.at_ms) + "  \xC2\xB7  " +
                       (e.who.empty() ? std::string(T("ui.dice.who_me")) : e.who);
    small_label(head.c_str());
    ImGui::PushFont(ui().fonts.big);
    ImVec4 tc = e.nat20 ? color_good() : e.nat1 ? color_bad() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, tc);
    ImGui::TextUnformatted(std::to_string(e.total).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::SameLine(0, 14);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 6);
    const std::string text = dice_notation(ui().lang, e.text);
    struck_text(text, ui().fonts.body, ImGui::GetColorU32(ImGuiCol_Text));
    track("dice.hist." + std::to_string(i), e.who + " | " + text);
    ImGui::Separator();
    ImGui::PopID();
  }
  if (big_button(T("ui.dice.history_clear")))
    ask_confirm_destructive("dice.clear", T("ui.dice.history_clear_q"), T("ui.dice.history_clear"), T("ui.ctl.cancel"));
  track("dice.history.clear", T("ui.dice.history_clear"));
  if (confirm_popup("dice.clear"))
    dice_store::clear_history();
}

}  // namespace

void draw_dice() {
  heading(T("ui.tab.dice"));
  track("screen.dice", T("ui.tab.dice"));
  const bool wide = ImGui::GetContentRegionAvail().x >= 700;
  if (wide && ImGui::BeginTable("##dice2", 2, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    draw_controls();
    draw_favourites();
    ImGui::TableNextColumn();
    draw_result();
    draw_history();
    ImGui::EndTable();
    return;
  }
  draw_controls();
  draw_result();
  draw_favourites();
  draw_history();
}

}  // namespace druzina::ui
