// Helpers shared by the base events (src/core/campaign/events/*.cpp; internal to the engine).
// Each file registers one topic's events: register_<topic>_events(Engine&), called by events.cpp.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>

#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/campaign/json_read.hpp"
#include "core/tables/table.hpp"

namespace druzina::campaign::base_ev {

// Strict reads of event data (a missing or mistyped field throws: a corrupt history).
const std::string& s(const json& d, const char* key);
int i(const json& d, const char* key);
long long ll(const json& d, const char* key);
// A string field, "" when absent (for log lines).
std::string opt_s(const json& d, const char* key);

std::string name_of(const LogContext& lc, const json& d, const char* key = "creature");
std::string translated_or(Lang lang, const std::string& key, const std::string& fallback);
// A key with a variable last part (prefix + cause); the i18n check cannot see these, so every
// variant's key is listed in assets/i18n/*/campaign.json by hand.
std::string prefixed(const char* prefix, const std::string& rest);
std::string parenthesized(const std::string& text);
std::string condition_name(Lang lang, const std::string& id);
// "2 days 3 hours"; `span`: the form after "for" ("na 1 hodinu", "на 1 годину": accusative in cs/uk).
std::string duration_text(Lang lang, long long minutes, bool span = false);
std::string clock_text(Lang lang, long long minutes);
std::string until_text(const LogContext& lc, const json& until, const std::string& bearer);

// JSON merge patch applied to a struct through its JSON form.
template <class T>
void patch_struct(T& target, const json& patch) {
  if (!patch.is_object()) throw std::invalid_argument("patch must be an object");
  json j = target;
  j.merge_patch(patch);
  T fresh;
  from_json(j, fresh);
  std::swap(target, fresh);
}

// Registers a base event.
void reg(Engine& e, const char* type, Fn<void(Campaign&, const json&)> apply,
         Fn<std::string(const json&, const LogContext&)> render = {}, bool silent = false);

void register_creatures_events(Engine& e);
void register_health_events(Engine& e);
void register_rests_events(Engine& e);
void register_encounter_events(Engine& e);
void register_table_events(Engine& e);

}  // namespace druzina::campaign::base_ev
