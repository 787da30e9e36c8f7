// Injuries and scars: injury_added, injury_cured.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"

namespace druzina::campaign::base_ev {

namespace {

// A text set into a log line that ends the sentence itself: without its own final full stop (table rows end with
// one), so "… {text}." does not print "..".
std::string without_final_stop(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

void apply_injury_added(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  Injury inj;
  jr::get(d.at("injury"), inj);
  claim_id(c, inj.id);
  x.injuries.push_back(std::move(inj));
}

std::string render_injury_added(const json& d, const LogContext& lc) {
  Text t;
  jr::get(d.at("injury").value("text", json::object()), t);
  return tr(lc.lang, "event.injury_added", {{"name", name_of(lc, d)}, {"text", without_final_stop(t.in(lc.lang))}});
}

void apply_injury_cured(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  const std::string& id = s(d, "injury");
  auto it = std::find_if(x.injuries.begin(), x.injuries.end(), [&](const Injury& j) { return j.id == id; });
  if (it == x.injuries.end()) throw std::out_of_range("no injury " + id);
  it->cured = true;
  if (d.contains("scar")) {
    Scar sc;
    jr::get(d.at("scar"), sc);
    x.scars.push_back(std::move(sc));
  }
}

std::string render_injury_cured(const json& d, const LogContext& lc) {
  json args = {{"name", name_of(lc, d)}, {"injury", opt_s(d, "injury")}};
  if (d.contains("scar")) {
    Text t;
    jr::get(d.at("scar").value("text", json::object()), t);
    args["scar"] = t.in(lc.lang);
    return tr(lc.lang, "event.injury_cured_scar", args);
  }
  return tr(lc.lang, "event.injury_cured", args);
}

}  // namespace

void register_injuries_events(Engine& e) {
  reg(e, "injury_added", apply_injury_added, render_injury_added);
  reg(e, "injury_cured", apply_injury_cured, render_injury_cured);
}

}  // namespace druzina::campaign::base_ev
