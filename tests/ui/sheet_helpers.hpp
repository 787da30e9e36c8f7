// What the screen tests of a rule's sheet panels share: a creature's id and HP in the campaign's JSON, a widget's
// label (or that it was not drawn), and a tap on a widget scrolled into view first. In a namespace of their own, so
// a test file's own helpers of the same name (found by argument-dependent lookup next to Headless) do not clash.
#pragma once
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "headless.hpp"

namespace druzina::uitest::sheet {

inline std::string id_of(const nlohmann::json& campaign, const std::string& name) {
  for (const auto& c : campaign["creatures"])
    if (c["name"] == name) return c["id"].get<std::string>();
  throw std::runtime_error("no creature " + name);
}

inline int hp_of(const nlohmann::json& campaign, const std::string& name) {
  for (const auto& c : campaign["creatures"])
    if (c["name"] == name) return c["hp"].get<int>();
  throw std::runtime_error("no creature " + name);
}

inline std::string label(const Headless& app, const std::string& id) {
  const auto w = app.find(id);
  return w ? w->label : "(" + id + " not drawn)";
}

// `up`: the widget lies above the view (scroll_to searches upwards).
inline void tap_seen(Headless& app, const std::string& id, bool up = false) {
  REQUIRE(app.scroll_to(id, up));
  app.tap(id);
}

}  // namespace druzina::uitest::sheet
