// Rule "treasure" on the sheet, in the inventory part: the purse ("Purse: 12.5 gp"; the DM adds or spends gold on
// the number pad) and, below the items, "Sell an item…": which item, how many, its category (equipment at half
// its price, gems, jewellery, art and trade goods at full value), the price per piece (the item's value or the
// DM's), what it brings, and Sell (SellItem: the pieces leave, the gold lands in the purse). In shared-campaign
// play (rule league) selling is not offered: the sheet says why. Players read the purse. "Alien technology" lists
// what the creature is figuring out (successes, failures, the next check's advantage or disadvantage); the DM types
// an Intelligence check's total on the pad or lets the app roll it (AlienTechCheck), and starts a new item.
#include <imgui.h>

#include <string>
#include <vector>

#include "core/rules/treasure/treasure.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;
using sheet::quiet;

namespace {

struct SellDraft {
  std::string for_id;
  int item = -1, qty = 1, category = 0;
  long long price_cp = -1;  // −1: the item's value
};
SellDraft& draft() {
  static SellDraft d;
  return d;
}

std::string gold(long long cp) { return Tf("ui.item.value", jobj{"gp", rules::gp_text(cp)}); }

void open_purse_pad(const Creature& c, long long have) {
  const std::string id = c.id;
  pad::Request r;
  r.title = Tf("ui.purse.pad", jobj{"name", c.name});
  r.subtitle = Tf("ui.purse.now", jobj{"gold", gold(have)});
  r.lo = 1;
  r.hi = 1'000'000;
  r.actions = {{T("ui.purse.add"), "pad.purse_add", col_good(), [id](int n) { quiet(jobj{"type", "AdjustPurse", "target", id, "gp", n}); }},
               {T("ui.purse.spend"), "pad.purse_spend", col_bad(),
                [id](int n) { quiet(jobj{"type", "AdjustPurse", "target", id, "gp", -n}); }}};
  pad::open(std::move(r));
}

void sell_card(const Creature& c, SellDraft& d) {
  begin_card("##sell");
  small_label(T("ui.sell.which"));
  for (int i = 0; i < static_cast<int>(c.inventory.size()); ++i) {
    const auto& it = c.inventory[static_cast<size_t>(i)];
    ImGui::PushID(i);
    const std::string label = it.name + (it.qty != 1 ? "  \xC3\x97" + std::to_string(it.qty) : "") +
                              (it.value_gp > 0 ? "  \xC2\xB7  " + gold(std::llround(it.value_gp * 100)) : "");
    if (choice_button(label.c_str(), d.item == i)) {
      d.item = i;
      d.qty = 1;
      d.price_cp = -1;
      const std::string cat = rules::sell_category_of(it.kind);
      for (size_t k = 0; k < rules::kSellCategories.size(); ++k)
        if (rules::kSellCategories[k] == cat) d.category = static_cast<int>(k);
    }
    track("sheet.sell.item." + std::to_string(i), label);
    ImGui::PopID();
  }
  const bool picked = d.item >= 0 && d.item < static_cast<int>(c.inventory.size());
  long long price = 0, brings = 0;
  if (picked) {
    const auto& it = c.inventory[static_cast<size_t>(d.item)];
    if (it.qty > 1) stepper("sheet.sell.qty", d.qty, 1, it.qty, {.label = T("ui.item.qty")});
    small_label(T("ui.sell.category"));
    std::vector<std::string> labels;
    for (const auto& k : rules::kSellCategories) labels.push_back(T(std::string("ui.sell.cat.") + k));
    segmented("sheet.sell.cat", options(rules::kSellCategories, labels), d.category, 4);
    price = d.price_cp >= 0 ? d.price_cp : std::llround(it.value_gp * 100);
    ImGui::AlignTextToFramePadding();
    const std::string price_line = price > 0 ? Tf("ui.sell.price", jobj{"gold", gold(price)}) : std::string(T("ui.sell.no_price"));
    ImGui::TextUnformatted(price_line.c_str());
    track("sheet.sell.price_line", price_line);
    if (big_button(T("ui.sell.set_price"))) {
      SellDraft* dp = &d;
      pad::open_value(T("ui.sell.set_price"), static_cast<int>(price / 100), 0, 1'000'000,
                      [dp](int gp) { dp->price_cp = 100LL * gp; });
    }
    track("sheet.sell.set_price", T("ui.sell.set_price"));
    brings = calc::sell_cp(rules::kSellCategories[static_cast<size_t>(d.category)], price) * d.qty;
    if (price > 0) {
      const std::string b = Tf("ui.sell.brings", jobj{"gold", gold(brings)});
      ImGui::TextUnformatted(b.c_str());
      track("sheet.sell.brings", b);
    }
  }
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, kTouchTarget))) d = SellDraft{};
  track("sheet.sell.cancel", T("ui.common.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!picked || price <= 0);
  if (colored_button(T("ui.sell.sell"), col_good(), ImVec2(bw, kTouchTarget), "sheet.sell.ok")) {
    json cmd = jobj{"type", "SellItem", "target", c.id, "item", d.item, "qty", d.qty,
                "category", rules::kSellCategories[static_cast<size_t>(d.category)]};
    if (d.price_cp >= 0) cmd["price"] = static_cast<double>(d.price_cp) / 100.0;
    if (quiet(cmd)) d = SellDraft{};
  }
  ImGui::EndDisabled();
  end_card();
}

struct AlienDraft {
  std::string for_id, name;
  bool complex = false, seen = false;
};
AlienDraft& alien_draft() {
  static AlienDraft d;
  return d;
}

void open_check_pad(const Creature& c, const std::string& item, json extra) {
  json cmd = jobj{"type", "AlienTechCheck", "target", c.id, "item", item};
  cmd.update(extra);
  pad::Request r;
  r.title = Tf("ui.alien.check_title", jobj{"item", item});
  r.subtitle = T("ui.alien.check_hint");
  r.lo = -10;
  r.hi = 60;
  r.allow_negative = true;
  r.actions = {{T("ui.pad.ok"), "pad.ok", col_good(),
                [cmd](int total) mutable {
                  cmd["total"] = total;
                  if (quiet(cmd)) alien_draft() = AlienDraft{};
                }},
               {T("ui.alien.roll"), "pad.alien_roll", col_card(),
                [cmd](int) {
                  if (quiet(cmd)) alien_draft() = AlienDraft{};
                },
                true}};
  pad::open(std::move(r));
}

void alien_new(const Creature& c, AlienDraft& d) {
  begin_card("##alien");
  text_field("##alienname", T("ui.alien.name"), d.name);
  track("sheet.alien.name", d.name);
  const float bw = split_width(2);
  if (choice_button(T("ui.alien.simple"), !d.complex, ImVec2(bw, kTouchTarget))) d.complex = false;
  track("sheet.alien.simple", T("ui.alien.simple"));
  ImGui::SameLine();
  if (choice_button(T("ui.alien.complex"), d.complex, ImVec2(bw, kTouchTarget))) d.complex = true;
  track("sheet.alien.complex", T("ui.alien.complex"));
  if (toggle_button(T("ui.alien.seen"), d.seen, "sheet.alien.seen")) d.seen = !d.seen;
  if (big_button(T("ui.common.cancel"), ImVec2(bw, kTouchTarget))) d = AlienDraft{};
  ImGui::SameLine();
  ImGui::BeginDisabled(d.name.empty());
  if (colored_button(T("ui.alien.first"), col_good(), ImVec2(bw, kTouchTarget), "sheet.alien.first"))
    open_check_pad(c, d.name, jobj{"complexity", d.complex ? "complex" : "simple", "seen_used", d.seen});
  ImGui::EndDisabled();
  end_card();
}

}  // namespace

void alien_tech(const Creature& c) {
  const auto v = rules::purse_view(model().state(), c);
  const auto list = rules::alien_tech_of(c);
  const bool dm = !ui_player_mode();
  if (!v.on || (list.empty() && (!dm || campaign::gone_at_zero_hp(c)))) return;
  section(T("ui.alien.title"));
  int i = 0;
  for (const auto& a : list) {
    ImGui::PushID(i);
    const std::string base = "sheet.alien." + std::to_string(i);
    std::string line = a.state == "figured" ? Tf("ui.alien.figured", jobj{"item", a.item})
                       : a.state == "broken" ? Tf("ui.alien.broken", jobj{"item", a.item})
                                              : Tf("ui.alien.line", jobj{"item", a.item, "successes", a.successes,
                                                                     "needed", a.needed, "failures", a.failures});
    if (!a.next.empty()) line += "  \xC2\xB7  " + std::string(T(std::string("ui.alien.next.") + a.next));
    ImGui::TextWrapped("%s", line.c_str());
    track(base, line);
    if (dm) {
      const float bw = split_width(2);
      ImGui::BeginDisabled(a.state != "learning");
      if (big_button(T("ui.alien.check"), ImVec2(bw, kTouchTarget))) open_check_pad(c, a.item, json::object());
      ImGui::EndDisabled();
      track(base + ".check", T("ui.alien.check"));
      ImGui::SameLine();
      if (big_button(T("ui.alien.forget"), ImVec2(bw, kTouchTarget)))
        quiet(jobj{"type", "ForgetAlienTech", "target", c.id, "item", a.item});
      track(base + ".forget", T("ui.alien.forget"));
    }
    ImGui::PopID();
    ++i;
  }
  if (!dm) return;
  AlienDraft& d = alien_draft();
  if (d.for_id != c.id) {
    if (big_button(T("ui.alien.new"))) {
      d = AlienDraft{};
      d.for_id = c.id;
    }
    track("sheet.alien.new", T("ui.alien.new"));
    return;
  }
  alien_new(c, d);
}

bool purse_shown(const Creature& c) {
  const auto v = rules::purse_view(model().state(), c);
  return v.on && (v.cp > 0 || campaign::in_party(c));
}

void purse(const Creature& c) {
  if (!purse_shown(c)) return;
  const bool dm = !ui_player_mode();
  const auto v = rules::purse_view(model().state(), c);
  const std::string line = Tf("ui.purse.line", jobj{"gold", gold(v.cp)});
  const float bw = 56;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(line.c_str());
  track("sheet.purse", line);
  if (!dm) return;
  ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
  if (big_button("\xC2\xB1##purse", ImVec2(bw, kTouchTarget))) open_purse_pad(c, v.cp);
  track("sheet.purse.change", T("ui.purse.pad"));
}

void sell_items(const Creature& c) {
  const auto v = rules::purse_view(model().state(), c);
  if (!v.on || ui_player_mode() || c.inventory.empty()) return;
  if (!v.selling_allowed) {
    muted(T("ui.sell.league"));
    track("sheet.sell.league", T("ui.sell.league"));
    return;
  }
  SellDraft& d = draft();
  if (d.for_id != c.id) {
    if (big_button((std::string(T("ui.sell.open")) + "\xE2\x80\xA6").c_str())) {
      d = SellDraft{};
      d.for_id = c.id;
    }
    track("sheet.sell", T("ui.sell.open"));
    return;
  }
  sell_card(c, d);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels treasure_ui() {
  return {{Slot::sheet_inventory, [](SlotContext& x) { panels::purse(*x.creature); },
           [](const SlotContext& x) { return panels::purse_shown(*x.creature); }},
          {Slot::sheet_items_end, [](SlotContext& x) { panels::sell_items(*x.creature); }},
          {Slot::sheet_after_items, [](SlotContext& x) { panels::alien_tech(*x.creature); }}};
}

}  // namespace druzina::ui
