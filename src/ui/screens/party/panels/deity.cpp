// Rule "deity" on the sheet: the character's deity — from the pantheons' list (name, pantheon, title, alignment,
// domains, symbol) or a name the DM typed. The DM chooses: a search field, the matching deities as cards, "Use
// <typed>", No deity (SetDeity). Players read their party's; nothing shows while none is set; a monster's sheet
// offers none.
#include <imgui.h>

#include <map>
#include <string>

#include "core/rules/alignment/alignment.hpp"
#include "core/rules/deity/deity.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

std::string deity_line(const rules::Deity& d) {
  const Lang lang = ui().lang;
  std::string domains;
  for (const auto& dom : d.domains) domains += (domains.empty() ? "" : ", ") + std::string(T(rules::domain_key(dom)));
  const rules::AlignmentInfo* a = rules::find_alignment(d.alignment);
  return Tf("ui.deity.line", jobj{"name", d.name.in(lang), "pantheon", T(rules::pantheon_key(d.pantheon)),
                              "title", d.title.in(lang), "alignment", a ? std::string(T(a->abbr_key)) : d.alignment,
                              "domains", domains, "symbol", d.symbol.in(lang)});
}

}  // namespace

void deity(const Creature& c) {
  const rules::DeityView v = rules::deity_view(model().state(), c);
  if (!v.on) return;
  const bool dm = !ui_player_mode() && !c.death_saves.dead;
  if (!dm && !v.set()) return;
  if (campaign::gone_at_zero_hp(c) && !v.set()) return;  // a monster's sheet offers no deity (the DM may still set one by command)
  section(T("ui.deity.title"));
  const std::string shown = v.deity ? deity_line(*v.deity) : v.name;
  if (v.set())
    ImGui::TextWrapped("%s", shown.c_str());
  else
    muted(T("ui.deity.none"));
  track("sheet.deity", v.set() ? shown : std::string(T("ui.deity.none")));
  if (!dm) return;
  static std::string open_for;
  static std::map<std::string, std::string> queries;
  if (open_for != c.id) {
    if (big_button(T("ui.deity.change"), ImVec2(0, kTouchTarget))) open_for = c.id;
    track("sheet.deity.change", T("ui.deity.change"));
    return;
  }
  std::string& q = queries[c.id];
  auto close = [&] {
    open_for.clear();
    q.clear();
  };
  text_field("##deitysearch", T("ui.deity.search"), q);
  track("sheet.deity.search", q);
  const auto found = rules::search_deities(q, ui().lang);
  constexpr size_t kShown = 8;
  for (size_t i = 0; i < found.size() && i < kShown; ++i) {
    const rules::Deity& d = *found[i];
    const std::string title = d.name.in(ui().lang) + " (" + T(rules::pantheon_key(d.pantheon)) + ")";
    if (card_button("sheet.deity.pick." + d.id, title.c_str(), d.title.in(ui().lang).c_str(), v.deity == &d)) {
      if (v.deity != &d) sheet::quiet(jobj{"type", "SetDeity", "target", c.id, "deity", d.id});
      close();
      return;
    }
  }
  if (found.size() > kShown) muted(Tf("ui.deity.more", jobj{"n", static_cast<long long>(found.size() - kShown)}).c_str());
  if (!q.empty() && q.size() <= 100) {
    const std::string use = Tf("ui.deity.use_typed", jobj{"name", q});
    if (big_button(use.c_str(), ImVec2(0, kTouchTarget))) {
      if (v.name != q || v.deity) sheet::quiet(jobj{"type", "SetDeity", "target", c.id, "name", q});
      close();
      return;
    }
    track("sheet.deity.typed", use);
  }
  const float w2 = split_width(2);
  ImGui::BeginDisabled(!v.set());
  if (big_button(T("ui.deity.clear"), ImVec2(w2, kTouchTarget))) {
    sheet::quiet(jobj{"type", "SetDeity", "target", c.id});
    close();
    ImGui::EndDisabled();
    return;
  }
  ImGui::EndDisabled();
  track("sheet.deity.clear", T("ui.deity.clear"));
  ImGui::SameLine();
  if (big_button(T("ui.deity.close"), ImVec2(w2, kTouchTarget))) close();
  track("sheet.deity.close", T("ui.deity.close"));
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels deity_ui() {
  return {
      {Slot::sheet_top, [](SlotContext& x) { panels::deity(*x.creature); }}};
}

}  // namespace druzina::ui
