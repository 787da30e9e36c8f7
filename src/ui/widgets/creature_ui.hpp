// Shared pieces of the screens around creatures: colours, how a creature looks (HP bar, status chips, condition
// durations, the card), card frames and section headings, and small helpers around the model (the last
// transaction's log as a notice). The controls (buttons, steppers, segmented choices, confirm) are controls.hpp's.
#pragma once
#include <imgui.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/state.hpp"
#include "ui/model.hpp"
#include "ui/widgets/controls.hpp"

namespace druzina::ui {

// ---- colours (fixed hues that read on every theme) ------------------------------------------------------
ImVec4 col_hp(float fraction);  // green → amber → red
ImVec4 col_temp_hp();
ImVec4 col_accent();            // the current turn, a selected segment
ImVec4 col_good();
ImVec4 col_bad();
ImVec4 col_card();
ImVec4 col_muted();
// A card tinted towards a hue, from the theme's card colour (so the theme's text stays readable on it).
ImVec4 col_tint(ImVec4 hue, float amount = 0.30f);
inline ImVec4 hue_red() { return ImVec4(0.85f, 0.20f, 0.20f, 1); }
inline ImVec4 hue_amber() { return ImVec4(0.90f, 0.60f, 0.10f, 1); }
inline ImVec4 hue_green() { return ImVec4(0.20f, 0.70f, 0.35f, 1); }
inline ImVec4 hue_blue() { return ImVec4(0.25f, 0.45f, 0.90f, 1); }
inline ImVec4 hue_violet() { return ImVec4(0.55f, 0.35f, 0.85f, 1); }

// ---- layout --------------------------------------------------------------------------------------------
bool wide_layout();        // the viewport is at least 700 CSS px wide: two columns
bool short_screen();       // under 560 CSS px tall (a phone on its side): creature cards on one line
float gap();               // ItemSpacing.x
// Width for n equal buttons in a row (the current content width).
float split_width(int n);

// ---- creatures -----------------------------------------------------------------------------------------
inline constexpr const char* kAbilityIds[] = {"str", "dex", "con", "int", "wis", "cha"};  // ui.ability.<id>
const campaign::Creature* creature(std::string_view id);
std::string creature_name(std::string_view id);  // the id itself when the creature is gone; "someone" for a hidden one in player mode
std::string kind_label(const std::string& kind);
// T(prefix + rest): a translation key with a variable last part (every variant is in the catalogs).
std::string Tk(std::string_view prefix, std::string_view rest);
// The same, or `fallback` when the catalog has no such key.
std::string Tk_or(std::string_view prefix, std::string_view rest, const std::string& fallback);
std::string condition_name(const std::string& id);
// "until the end of its next turn", "for 8 minutes" (the time left), "" for permanent.
std::string until_text(const campaign::Until& until, const campaign::Creature& bearer);
std::string condition_text(const campaign::Condition& c, const campaign::Creature& bearer);
std::string clock_text(long long minutes);     // "day 3, 14:20"
std::string duration_text(long long minutes);  // "2 days 3 hours"
int uncured_injuries(const campaign::Creature& c);
// What this device may show of a creature's HP: "exact", "status" (healthy / bloodied / down / dead), "hidden".
std::string hp_visibility(const campaign::Creature& c);
// Its HP as this device may show them: "12 / 17  +5", the status word (player mode, per hp_visibility) or "?".
std::string hp_shown(const campaign::Creature& c);
bool hidden_from_players(const campaign::Creature& c);  // player mode and the creature is a DM secret
bool rule_on(const char* module_id);                    // the module exists in the engine and is on here

// HP bar with temp HP at the cursor; advances the cursor. Shows "12 / 17 +5" (or the status word).
void hp_bar(const campaign::Creature& c, float width, float height);
// Short status chips: conditions (with durations), exhaustion, injuries, inspiration, hero points, death saves.
std::vector<std::string> status_chips(const campaign::Creature& c, bool with_durations);

// A tappable card for a creature (full content width minus `reserve` px on the right). highlight: the
// current turn. Returns true when tapped.
bool creature_card(const campaign::Creature& c, const std::string& test_id, bool highlight, float reserve = 0,
                   const char* prefix = nullptr);

// ---- cards ---------------------------------------------------------------------------------------------
// Card frame: a rounded background behind everything drawn between begin_card and end_card.
void begin_card(const char* id, ImVec4 bg = ImVec4(0, 0, 0, 0));
void end_card();
void section(const char* title);  // a small heading inside a screen

// ---- model helpers -------------------------------------------------------------------------------------
// Dispatches, and on success shows the transaction's log lines as a notice. Returns what the command did.
Outcome dispatch_and_tell(const nlohmann::json& command, double seconds = 6.0);
std::string join_lines(const std::vector<std::string>& lines);
// At most a few short lines for a notice (the last ones; "… and N more before" in front).
std::string notice_text(const std::vector<std::string>& lines);

}  // namespace druzina::ui
