#include "ui/widgets/prompts.hpp"

#include <imgui.h>

#include <algorithm>
#include <map>

#include "core/tables/table.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using campaign::Prompt;
using nlohmann::json;

namespace {

bool visible(const Prompt& p) {
  if (!ui_player_mode()) return true;
  if (p.data.value("dm_only", false)) return false;
  // Players answer for their own characters; the DM rolls for NPCs and monsters.
  const auto* c = creature(p.creature);
  return !c || (campaign::in_party(*c) && !hidden_from_players(*c));
}

std::string ability_name(const std::string& a) {
  return Tk_or("ui.ability.", a, a);
}

std::string choice_label(const Prompt& p, const json& choice) {
  std::string c = choice.is_string() ? choice.get<std::string>() : choice.dump();
  for (std::string key : {"prompt." + p.kind + "." + c, "rules.choice." + c, "ui.prompt.choice." + c})
    if (has_key(ui().lang, key)) return tr(ui().lang, key);
  return c;
}

// The table an entered answer leads to, when the table at the table rolls that die too: the shock table after a
// failed massive-damage save; the serious-injury / broken-item table a lingering-injury roll of 1 / 31–35 names.
// Empty when there is none (or the answer is a success).
std::string follow_up_table(const Prompt& p, int total) {
  if (p.kind == "massive-damage.save" && p.data.contains("dc") && p.data["dc"].is_number_integer())
    return total < p.data["dc"].get<int>() && tables::has_table("shock") ? "shock" : "";
  if (p.kind == "injuries.roll") {
    std::string table = p.data.value("table", std::string("lingering-injury"));
    if (!tables::has_table(table)) return {};
    try {
      const tables::Row& row = tables::row_for(tables::table(table), total);
      if (!row.then.empty() && tables::has_table(row.then)) return row.then;
    } catch (const std::exception&) {
      return {};  // out of range: the engine refuses the answer with its own message
    }
  }
  return {};
}

// The follow-up table's die as rolled at the table (or let the app roll it).
void ask_then_roll(const std::string& prompt_id, int total, const std::string& table_id) {
  const tables::Table& t = tables::table(table_id);
  pad::Request r;
  r.title = Tf("ui.prompt.then_roll_title", jobj{"table", t.title.in(ui().lang), "die", Tf("ui.prompt.die", {{"n", t.max}})});
  r.subtitle = T("ui.prompt.then_roll_body");
  r.lo = t.min;
  r.hi = t.max;
  r.actions.push_back({T("ui.prompt.roll_for_me"), "pad.then_auto", col_accent(),
                       [prompt_id, total](int) {
                         dispatch_and_tell(jobj{"type", "ResolvePrompt", "prompt", prompt_id, "roll", total}, 8.0);
                       },
                       true});
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [prompt_id, total](int die) {
                         dispatch_and_tell(jobj{"type", "ResolvePrompt", "prompt", prompt_id, "roll", total, "then_roll", die},
                                           8.0);
                       }});
  pad::open(std::move(r));
}

void enter_roll(const Prompt& p) {
  pad::Request r;
  r.title = prompt_text(p);
  std::string dice = p.data.value("dice", std::string("1d20"));
  r.subtitle = Tf("ui.prompt.enter_total", jobj{"dice", dice});
  r.lo = -20;
  r.hi = 200;
  r.allow_negative = true;
  const Prompt copy = p;
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [copy](int total) {
                         std::string table = follow_up_table(copy, total);
                         if (!table.empty()) {
                           ask_then_roll(copy.id, total, table);
                           return;
                         }
                         dispatch_and_tell(jobj{"type", "ResolvePrompt", "prompt", copy.id, "roll", total}, 8.0);
                       }});
  pad::open(std::move(r));
}

}  // namespace

std::string prompt_text(const Prompt& p) {
  json args = p.data.is_object() ? p.data : json::object();
  args["name"] = creature_name(p.creature);
  if (args.contains("ability") && args["ability"].is_string()) args["ability_name"] = ability_name(args["ability"]);
  std::string prompt_key = "prompt." + p.kind;
  if (has_key(ui().lang, prompt_key)) return tr(ui().lang, prompt_key, args);
  if (p.data.contains("dc"))
    return Tf("ui.prompt.save_fallback",
              jobj{"name", args["name"], "dc", p.data["dc"], "ability", ability_name(p.data.value("ability", std::string("con")))});
  return args["name"].get<std::string>() + ": " + p.kind;
}

int draw_prompts(const std::string& only_creature) {
  // A copy: a button below may resolve a prompt and change the list.
  const std::vector<Prompt> prompts = model().state().prompts;
  // A new question scrolls its window to the top, where the cards are (the action that raised it may have been
  // far down the screen). Per window, so each screen notices it when it is shown.
  static std::map<unsigned, std::string> newest_seen;
  std::string newest = prompts.empty() ? std::string() : prompts.back().id;
  std::string& seen = newest_seen[ImGui::GetID("##prompts")];
  if (!newest.empty() && newest != seen && visible(prompts.back())) ImGui::SetScrollY(0);
  seen = newest;
  int drawn = 0;
  for (const Prompt& p : prompts) {
    if (!visible(p)) continue;
    if (!only_creature.empty() && p.creature != only_creature) continue;
    ++drawn;
    ImGui::PushID(p.id.c_str());
    begin_card("##prompt", col_tint(hue_amber(), 0.40f));
    const std::string base = "prompt." + p.id;
    const float close_w = 52.0f;
    std::string text = prompt_text(p);
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - close_w - 6);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    track(base, text);
    std::string details;
    if (p.data.contains("dice") && p.data["dice"].is_string())
      details = dice_notation(ui().lang, p.data["dice"].get<std::string>());  // cs 1k20, uk 1к20
    if (p.data.contains("dc")) details += (details.empty() ? "" : "  \xC2\xB7  ") + Tf("ui.prompt.dc", jobj{"dc", p.data["dc"]});
    if (p.data.value("dm_only", false)) details += (details.empty() ? "" : "  \xC2\xB7  ") + std::string(T("ui.prompt.dm_only"));
    if (!details.empty()) {
      ImGui::PushFont(ui().fonts.small);
      ImGui::TextWrapped("%s", details.c_str());
      ImGui::PopFont();
    }
    // dismiss, top right
    ImVec2 keep = ImGui::GetCursorPos();
    ImGui::SetCursorPos(ImVec2(ImGui::GetContentRegionMax().x - close_w, ImGui::GetStyle().WindowPadding.y));
    bool dismiss = false;
    if (!ui_player_mode()) {
      dismiss = big_button("\xE2\x9C\x95", ImVec2(close_w, kTouchTarget));
      track(base + ".dismiss", T("ui.prompt.dismiss"));
    }
    ImGui::SetCursorPos(keep);
    if (dismiss) ask_confirm_destructive("prompt.dismiss." + p.id, Tf("ui.prompt.dismiss_confirm", jobj{"text", text}));

    const json* choices = p.data.contains("choices") && p.data["choices"].is_array() ? &p.data["choices"] : nullptr;
    if (choices) {
      const int n = static_cast<int>(choices->size());
      const int per_row = n <= 3 ? std::max(1, n) : 2;
      const float w = split_width(per_row);  // before the row: after SameLine only the rest of it is left
      int i = 0;
      for (const auto& ch : *choices) {
        if (i % per_row) ImGui::SameLine();
        std::string label = choice_label(p, ch);
        std::string key = ch.is_string() ? ch.get<std::string>() : ch.dump();
        ImGui::PushID(i);
        if (big_button(label.c_str(), ImVec2(w, 52)))
          dispatch_and_tell(jobj{"type", "ResolvePrompt", "prompt", p.id, "choice", ch}, 8.0);
        ImGui::PopID();
        track(base + ".choice." + key, label);
        ++i;
      }
    } else {
      const float w = split_width(2);
      if (colored_button(T("ui.prompt.roll_for_me"), col_accent(), ImVec2(w, 56), base + ".roll"))
        dispatch_and_tell(jobj{"type", "ResolvePrompt", "prompt", p.id}, 8.0);
      ImGui::SameLine();
      if (big_button(T("ui.prompt.enter_roll"), ImVec2(w, 56))) enter_roll(p);
      track(base + ".enter", T("ui.prompt.enter_roll"));
    }
    end_card();
    if (confirm_popup("prompt.dismiss." + p.id)) dispatch_and_tell(jobj{"type", "DismissPrompt", "prompt", p.id});
    ImGui::PopID();
  }
  return drawn;
}

}  // namespace druzina::ui
