// Helpers shared by the base events (see common.hpp).
#include "core/campaign/events/common.hpp"

#include <cstdio>

#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

const std::string& s(const json& d, const char* key) { return d.at(key).get_ref<const std::string&>(); }

int i(const json& d, const char* key) {
  int v = 0;
  jr::get(d.at(key), v);
  return v;
}
long long ll(const json& d, const char* key) {
  long long v = 0;
  jr::get(d.at(key), v);
  return v;
}
std::string opt_s(const json& d, const char* key) {
  auto it = d.find(key);
  return it != d.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string name_of(const LogContext& lc, const json& d, const char* key) {
  std::string id = opt_s(d, key);
  return lc.name ? lc.name(id) : id;
}

std::string translated_or(Lang lang, const std::string& key, const std::string& fallback) {
  return has_key(lang, key) ? tr(lang, key) : fallback;
}
std::string prefixed(const char* prefix, const std::string& rest) {
  std::string out = prefix;
  out += rest;
  return out;
}

std::string parenthesized(const std::string& text) {
  std::string out = " (";
  out += text;
  out += ")";
  return out;
}

std::string condition_name(Lang lang, const std::string& id) { return translated_or(lang, "campaign.condition." + id, id); }

// "2 days 3 hours"; `span`: the form after "for" ("na 1 hodinu", "на 1 годину": accusative in cs/uk).
std::string duration_text(Lang lang, long long minutes, bool span) {
  long long d = minutes / 1440, h = (minutes % 1440) / 60, m = minutes % 60;
  std::string out;
  auto add = [&](const char* key, long long n) {
    if (!n) return;
    if (!out.empty()) out += " ";
    out += tr(lang, key, jobj{"n", n});
  };
  add(span ? "campaign.time.days_span" : "campaign.time.days", d);
  add(span ? "campaign.time.hours_span" : "campaign.time.hours", h);
  add(span ? "campaign.time.minutes_span" : "campaign.time.minutes", m);
  return out.empty() ? tr(lang, "campaign.time.minutes", jobj{"n", 0}) : out;
}

std::string clock_text(Lang lang, long long minutes) {
  long long day = minutes / 1440 + 1, h = (minutes % 1440) / 60, m = minutes % 60;
  char hm[16];
  std::snprintf(hm, sizeof hm, "%02lld:%02lld", h, m);
  return tr(lang, "campaign.time.clock", jobj{"day", day, "time", hm});
}

std::string until_text(const LogContext& lc, const json& until, const std::string& bearer) {
  std::string kind = opt_s(until, "kind");
  std::string turn_of = opt_s(until, "turn_of");
  bool own = turn_of.empty() || turn_of == bearer;
  json args = jobj{"whose", lc.name ? lc.name(turn_of) : turn_of};
  if (kind == "end_of_next_turn") return tr(lc.lang, own ? "campaign.until.end_of_own_turn" : "campaign.until.end_of_turn", args);
  if (kind == "start_of_next_turn") return tr(lc.lang, own ? "campaign.until.start_of_own_turn" : "campaign.until.start_of_turn", args);
  if (kind == "rounds") return tr(lc.lang, "campaign.until.rounds", jobj{"n", until.value("rounds", 0)});
  if (kind == "minutes") return tr(lc.lang, "campaign.until.minutes", jobj{"duration", duration_text(lc.lang, until.value("minutes", 0LL), true)});
  if (kind == "long_rest") return tr(lc.lang, "campaign.until.long_rest");
  return {};
}
void reg(Engine& e, const char* type, Fn<void(Campaign&, const json&)> apply,
         Fn<std::string(const json&, const LogContext&)> render, bool silent) {
  EventDef def;
  def.apply = std::move(apply);
  def.render = std::move(render);
  def.silent = silent;
  e.register_event(type, std::move(def));
}

}  // namespace druzina::campaign::base_ev
