// DM rule "plot-points" (section 4; seed "Очки сюжету"): each player (PC) starts with 1 plot point and
// spends at most one per session (the DM may raise the cap); when every player has spent one since the last round,
// everyone gets a new one. The campaign's variant: a twist, the plot thickens (the player to the right adds a
// complication), the rotating DM. Texts in assets/i18n/<lang>/plot_points.json, tests in
// tests/unit/rules_plot_points.tests.cpp; docs/dm-rules.md section 15.4b.
#pragma once
#include <string>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kPlotPoints = "plot-points";
inline constexpr int kPlotPointsMax = 100;

campaign::Module plot_points();

// "twist" | "thickens" | "rotating_dm"
bool plot_variant_known(const std::string& v);

struct PlotPointsView {
  bool on = false;
  int points = 0;
  int spent_session = 0;     // spent since the session began
  bool spent_round = false;  // spent one since everyone last got a new point
  int cap = 1;               // per player per session
  std::string variant = "twist";
};
PlotPointsView plot_points_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
