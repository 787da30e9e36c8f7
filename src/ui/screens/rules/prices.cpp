#include "ui/screens/rules/prices.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/reference/reference.hpp"
#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/row_cull.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using reference::PriceItem;

namespace {

struct State {
  std::string query;
  std::string category;  // "" = all
  std::string item;      // the open item ("" = none)
  bool scroll_top = false;
  float list_scroll = 0;  // portrait: where the list was, restored when the item closes
  bool restore = false;
  // search cache
  std::string cached_query;
  Lang cached_lang = Lang::en;
  bool cache_valid = false;
  std::vector<const PriceItem*> hits;
  // the override editor, for `draft_for` at the price it was filled from
  std::string draft_for;
  double draft_from = -1;
  int gp = 0, sp = 0, cp = 0;
};

State& st() {
  static State s;
  return s;
}

// The campaign's own prices, read once per frame (every row asks).
const std::map<std::string, double>& overrides() {
  static std::map<std::string, double> now;
  static int frame = -1;
  if (frame != ImGui::GetFrameCount()) {
    frame = ImGui::GetFrameCount();
    now = rule_on(rules::kPriceList) ? rules::price_overrides(model().state()) : std::map<std::string, double>{};
  }
  return now;
}

// The price that applies here: with the house rule off, the rulebook's.
double applied(const PriceItem& p) { return rule_on(rules::kPriceList) ? reference::price_of(p, overrides()) : p.price_gp; }
bool differs(const PriceItem& p) { return std::llround(applied(p) * 100) != std::llround(p.price_gp * 100); }
bool has_campaign_override(const PriceItem& p) { return overrides().count(p.id) > 0; }

std::string money(double gp) { return reference::format_price(gp, ui().lang); }

std::string category_label(const std::string& category) {
  std::string k = std::string("reference.category.").append(category);  // as the core names its labels
  std::replace(k.begin() + 19, k.end(), '-', '_');
  return has_key(ui().lang, k) ? std::string(T(k)) : category;
}

std::string weight_text(const PriceItem& p) {
  if (!p.weight_lb) return {};
  char buf[32];
  const double w = *p.weight_lb;
  if (std::fabs(w - std::round(w)) < 0.001) std::snprintf(buf, sizeof buf, "%.0f", w);
  else std::snprintf(buf, sizeof buf, "%g", w);
  std::string s = buf;
  if (ui().lang == Lang::cs || ui().lang == Lang::uk) std::replace(s.begin(), s.end(), '.', ',');
  return s + " " + T("reference.unit.lb");
}

void open_item(const std::string& id) {
  State& s = st();
  s.item = id;
  s.draft_for.clear();
  s.scroll_top = true;
}

// One row: name (and, small, the category when the list is not grouped, the weight) on the left; the price that
// applies on the right, with the rulebook price struck through under it when another price applies.
bool price_row(const PriceItem& p, bool show_category, bool selected) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x, pad = 12;
  ImFont* body = ImGui::GetFont();
  ImFont* small = ui().fonts.small;
  const float b_px = ImGui::GetFontSize(), s_px = small->FontSize * ImGui::GetIO().FontGlobalScale;
  const std::string name = p.name.in(ui().lang);
  const std::string price = money(applied(p));
  const bool other = differs(p);
  const std::string was = other ? money(p.price_gp) : std::string();
  std::string sub;
  if (show_category) sub = category_label(p.category);
  std::string wt = weight_text(p);
  if (!wt.empty()) sub += (sub.empty() ? "" : "  \xC2\xB7  ") + wt;
  const ImVec2 price_sz = body->CalcTextSizeA(b_px, FLT_MAX, 0, price.c_str());
  const ImVec2 was_sz = other ? small->CalcTextSizeA(s_px, FLT_MAX, 0, was.c_str()) : ImVec2(0, 0);
  const float price_w = std::max(price_sz.x, was_sz.x);
  const float text_w = std::max(60.0f, w - 3 * pad - price_w);
  const ImVec2 name_sz = body->CalcTextSizeA(b_px, FLT_MAX, text_w, name.c_str());
  const ImVec2 sub_sz = sub.empty() ? ImVec2(0, 0) : small->CalcTextSizeA(s_px, FLT_MAX, text_w, sub.c_str());
  const float left_h = name_sz.y + (sub.empty() ? 0 : sub_sz.y + 4);
  const float right_h = price_sz.y + (other ? was_sz.y + 4 : 0);
  const float h = std::max(kTouchTarget, std::max(left_h, right_h) + 2 * 10.0f);
  ImVec2 a = ImGui::GetCursorScreenPos();
  ImGui::PushID(p.id.c_str());
  const bool pressed = ImGui::InvisibleButton("##row", ImVec2(w, h));
  ImGui::PopID();
  const bool held = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec4 bg = selected ? color_selected_bg() : held ? ImGui::GetStyleColorVec4(ImGuiCol_ButtonHovered) : color_card();
  dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), ImGui::GetColorU32(bg), style.ChildRounding);
  const ImU32 text = ImGui::GetColorU32(selected ? color_selected_text() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
  const ImU32 dim = selected ? text : ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float y = a.y + (h - left_h) * 0.5f;
  dl->AddText(body, b_px, ImVec2(a.x + pad, y), text, name.c_str(), nullptr, text_w);
  if (!sub.empty()) dl->AddText(small, s_px, ImVec2(a.x + pad, y + name_sz.y + 4), dim, sub.c_str(), nullptr, text_w);
  const float rx = a.x + w - pad;
  float ry = a.y + (h - right_h) * 0.5f;
  const ImU32 price_col = other && !selected ? ImGui::GetColorU32(col_accent()) : text;
  dl->AddText(body, b_px, ImVec2(rx - price_sz.x, ry), price_col, price.c_str());
  if (other) {
    ImVec2 wp(rx - was_sz.x, ry + price_sz.y + 4);
    dl->AddText(small, s_px, wp, dim, was.c_str());
    const float my = wp.y + was_sz.y * 0.55f;
    dl->AddLine(ImVec2(wp.x - 1, my), ImVec2(wp.x + was_sz.x + 1, my), dim, 1.5f);
  }
  track("prices.row." + p.id, name + " = " + price + (other ? " [" + was + "]" : ""));
  return pressed;
}

// The filter button: "Category: All" full width, or (short = true, next to the search field) the category alone.
void category_filter(bool short_label) {
  State& s = st();
  const std::string name = s.category.empty() ? std::string(T("ui.prices.all")) : category_label(s.category);
  std::string label = short_label ? name : Tf("ui.prices.category", jobj{"category", name});
  if (choice_button((label + "##cat").c_str(), false, ImVec2(short_label ? ImGui::GetContentRegionAvail().x : 0, kTouchTarget)))
    open_popup("prices.cat");
  track("prices.category", label);
  if (begin_popup("prices.cat")) {
    if (choice_button(T("ui.prices.all"), s.category.empty())) {
      s.category.clear();
      ImGui::CloseCurrentPopup();
    }
    track("prices.category.all", T("ui.prices.all"));
    for (const auto& c : reference::price_categories()) {
      ImGui::PushID(c.c_str());
      const std::string l = category_label(c);
      if (choice_button(l.c_str(), s.category == c)) {
        s.category = c;
        ImGui::CloseCurrentPopup();
      }
      ImGui::PopID();
      track("prices.category." + c, l);
    }
    end_popup();
  }
}

}  // namespace

bool price_item_open() {
  State& s = st();
  if (!s.item.empty() && !reference::find_price(s.item)) s.item.clear();
  return !s.item.empty();
}

void draw_price_list() {
  State& s = st();
  const Lang lang = ui().lang;
  if (s.restore) {
    ImGui::SetScrollY(s.list_scroll);
    s.restore = false;
  } else {
    s.list_scroll = ImGui::GetScrollY();
  }
  // Two columns: the search field and the category filter share a row (the screen is short in landscape).
  if (wide_layout() && ImGui::BeginTable("##searchrow", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("q", ImGuiTableColumnFlags_WidthStretch, 0.6f);
    ImGui::TableSetupColumn("c", ImGuiTableColumnFlags_WidthStretch, 0.4f);
    ImGui::TableNextColumn();
    text_field("##pricesearch", T("ui.prices.search"), s.query);
    track("prices.search", s.query);
    ImGui::TableNextColumn();
    category_filter(true);
    ImGui::EndTable();
  } else {
    text_field("##pricesearch", T("ui.prices.search"), s.query);
    track("prices.search", s.query);
    category_filter(false);
  }
  if (!s.cache_valid || s.cached_query != s.query || s.cached_lang != lang) {
    s.hits = reference::search_prices(s.query, lang);
    s.cached_query = s.query;
    s.cached_lang = lang;
    s.cache_valid = true;
  }
  std::vector<const PriceItem*> shown;
  for (const PriceItem* p : s.hits)
    if (s.category.empty() || p->category == s.category) shown.push_back(p);
  const bool typed = s.query.find_first_not_of(' ') != std::string::npos;
  std::string count = Tf("ui.prices.count", jobj{"n", static_cast<long long>(shown.size())});
  small_label(count.c_str());
  track("prices.count", std::to_string(shown.size()));
  if (!rule_on(rules::kPriceList)) muted(T("ui.prices.rule_off"));
  if (shown.empty()) {
    muted(T("ui.prices.none"));
    return;
  }
  // Nothing typed: grouped under category headings in the data's order. Typed: ranked, each row names its category.
  std::vector<const PriceItem*> ordered = shown;
  if (!typed) {
    const auto cats = reference::price_categories();
    std::stable_sort(ordered.begin(), ordered.end(), [&](const PriceItem* a, const PriceItem* b) {
      return std::find(cats.begin(), cats.end(), a->category) < std::find(cats.begin(), cats.end(), b->category);
    });
  }
  std::string last;
  RowCull cull(typed ? "prices.typed" : "prices", ordered.size() > RowCull::kFrom);
  for (const PriceItem* p : ordered) {
    if (!typed && p->category != last) {
      ImGui::Spacing();
      ImGui::PushFont(ui().fonts.big);
      ImGui::TextWrapped("%s", category_label(p->category).c_str());
      ImGui::PopFont();
      last = p->category;
    }
    if (!cull.begin(p->id)) {
      track("prices.row." + p->id, p->name.in(ui().lang));
      continue;
    }
    if (price_row(*p, typed, p->id == s.item)) open_item(p->id);
    cull.end();
  }
}

bool draw_price_item(bool show_back) {
  State& s = st();
  if (!price_item_open()) return false;
  const PriceItem& p = *reference::find_price(s.item);
  const Lang lang = ui().lang;
  if (s.scroll_top) {
    ImGui::SetScrollY(0);
    s.scroll_top = false;
  }
  if (show_back) {
    std::string l = std::string("\xE2\x86\x90 ") + T("ui.prices.back");
    if (big_button(l.c_str())) {
      s.item.clear();
      s.restore = true;
      return true;
    }
    track("prices.back", l);
  }
  heading(p.name.in(lang).c_str());
  track("prices.item.name", p.name.in(lang));
  small_label(category_label(p.category).c_str());
  const double now = applied(p);
  ImGui::PushFont(ui().fonts.big);
  ImGui::PushStyleColor(ImGuiCol_Text, differs(p) ? col_accent() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
  ImGui::TextUnformatted(money(now).c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  track("prices.item.price", money(now));
  std::string rb = Tf("ui.prices.rulebook", jobj{"price", money(p.price_gp)});
  ImGui::TextWrapped("%s", rb.c_str());
  track("prices.item.rulebook", rb);
  if (p.override_gp) {
    std::string h = Tf("ui.prices.house", jobj{"price", money(*p.override_gp)});
    ImGui::TextWrapped("%s", h.c_str());
    track("prices.item.house", h);
  }
  auto it = overrides().find(p.id);
  if (it != overrides().end()) {
    std::string c = Tf("ui.prices.campaign", jobj{"price", money(it->second)});
    ImGui::TextWrapped("%s", c.c_str());
    track("prices.item.campaign", c);
  }
  std::string wt = weight_text(p);
  std::string wl = Tf("ui.prices.weight", jobj{"weight", wt.empty() ? std::string("\xE2\x80\x94") : wt});
  ImGui::TextWrapped("%s", wl.c_str());
  track("prices.item.weight", wl);
  if (p.note.complete()) {
    ImGui::Spacing();
    paragraph(p.note.in(lang).c_str());
  }
  ImGui::Spacing();
  if (ui_player_mode() || !rule_on(rules::kPriceList)) {
    muted(ui_player_mode() ? T("ui.prices.readonly") : T("ui.prices.rule_off"));
    track("prices.readonly", T("ui.prices.readonly"));
    return true;
  }
  // The DM's price for this campaign: gp / sp / cp, filled from the price that applies.
  if (s.draft_for != p.id || s.draft_from != now) {
    long long cp = std::llround(now * 100);
    s.gp = static_cast<int>(std::min(cp / 100, 1000000LL));
    s.sp = static_cast<int>((cp % 100) / 10);
    s.cp = static_cast<int>(cp % 10);
    s.draft_for = p.id;
    s.draft_from = now;
  }
  begin_card("##priceedit");
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", T("ui.prices.set_title"));
  ImGui::PopFont();
  muted(T("ui.prices.set_hint"));
  struct Unit {
    const char* id;
    const char* key;
    int* value;
    int hi;
  } units[] = {{"gp", "reference.unit.gp", &s.gp, 1000000}, {"sp", "reference.unit.sp", &s.sp, 9}, {"cp", "reference.unit.cp", &s.cp, 9}};
  const float label_w = 56;
  for (const auto& u : units) {
    ImVec2 pos = ImGui::GetCursorPos();
    ImGui::SetCursorPosY(pos.y + (kTouchTarget - ImGui::GetFontSize()) * 0.5f);
    ImGui::TextUnformatted(T(u.key));
    ImGui::SetCursorPos(ImVec2(pos.x + label_w, pos.y));
    stepper(std::string("prices.override.") + u.id, *u.value, 0, u.hi, {.width = ImGui::GetContentRegionAvail().x});
  }
  const double gp = s.gp + s.sp / 10.0 + s.cp / 100.0;
  std::string preview = Tf("ui.prices.new_price", jobj{"price", money(gp)});
  ImGui::TextWrapped("%s", preview.c_str());
  track("prices.override.preview", preview);
  const bool campaign_set = has_campaign_override(p);
  const bool same = campaign_set && std::llround(gp * 100) == std::llround(now * 100);
  ImGui::BeginDisabled(same);
  if (choice_button(T("ui.prices.set"), true, ImVec2(0, 52))) {
    const double value = std::llround(gp * 100) / 100.0;
    if (model().dispatch(jobj{"type", "SetPriceOverride", "item", p.id, "gp", value}))
      model().notify(Tf("ui.prices.set_done", jobj{"name", p.name.in(lang), "price", money(value)}));
  }
  ImGui::EndDisabled();
  track("prices.override.set", T("ui.prices.set"));
  if (campaign_set) {
    if (big_button(T("ui.prices.remove"), ImVec2(0, 52))) {
      if (model().dispatch(jobj{"type", "SetPriceOverride", "item", p.id}))
        model().notify(Tf("ui.prices.removed", jobj{"name", p.name.in(lang), "price", money(applied(p))}));
    }
    track("prices.override.remove", T("ui.prices.remove"));
  }
  end_card();
  return true;
}

}  // namespace druzina::ui
