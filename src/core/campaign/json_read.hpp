// Internal: strict, path-aware reading of JSON into the state structs (used by state.cpp, the engine and io/).
// A wrong type throws UserError("state.err.wrong_type", {"path": "creatures[3].hp", "expected": "integer"});
// the path is taken from a small stack of PathGuards, so no try/catch is needed on the way down (cheap in wasm).
#pragma once
#include <cmath>
#include <initializer_list>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/cow_list.hpp"
#include "core/error.hpp"
#include "core/i18n.hpp"

namespace druzina::campaign::jr {

using json = nlohmann::json;

// One step of the current path: a key or an array index.
class PathGuard {
 public:
  explicit PathGuard(std::string_view key);
  explicit PathGuard(size_t index);
  ~PathGuard();
  PathGuard(const PathGuard&) = delete;
  PathGuard& operator=(const PathGuard&) = delete;
};
std::string current_path();  // "creatures[3].hp" ("" at the top)

// Resets the path stack (io::load calls it before reading; an exception leaves stale entries otherwise).
void reset_path();

[[noreturn]] void fail_type(const char* expected);
[[noreturn]] void fail_value(const char* reason, json args = json::object());  // state.err.<reason> with path

void get(const json& v, int& out);
void get(const json& v, long long& out);
void get(const json& v, double& out);
void get(const json& v, bool& out);
void get(const json& v, std::string& out);
void get(const json& v, Text& out);
inline void get(const json& v, json& out) { out = v; }

// Struct types: anything with a from_json(const json&, T&) found by ADL; the value must be an object.
template <class T>
auto get(const json& v, T& out) -> decltype(from_json(v, out), void()) {
  if (!v.is_object()) fail_type("object");
  from_json(v, out);
}

template <class T>
void get(const json& v, std::vector<T>& out) {
  if (!v.is_array()) fail_type("array");
  out.clear();
  out.reserve(v.size());
  size_t i = 0;
  for (const auto& item : v) {
    PathGuard g(i++);
    get(item, out.emplace_back());
  }
}

template <class T>
void get(const json& v, CowList<T>& out) {
  if (!v.is_array()) fail_type("array");
  out.clear();
  size_t i = 0;
  for (const auto& item : v) {
    PathGuard g(i++);
    T x{};
    get(item, x);
    out.push_back(std::move(x));
  }
}

template <class T>
void get(const json& v, std::map<std::string, T>& out) {
  if (!v.is_object()) fail_type("object");
  out.clear();
  for (auto it = v.begin(); it != v.end(); ++it) {
    PathGuard g(it.key());
    get(it.value(), out[it.key()]);
  }
}

template <class T>
void get(const json& v, std::optional<T>& out) {
  if (v.is_null()) {
    out.reset();
    return;
  }
  T x{};
  get(v, x);
  out = std::move(x);
}

// Reads obj[key] into out when present (absent = keep the default).
template <class T>
void field(const json& obj, std::string_view key, T& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return;
  PathGuard g(key);
  get(*it, out);
}

// The fields of obj whose keys are not in known (for the `extra` member of every struct).
json unknown_fields(const json& obj, std::initializer_list<std::string_view> known);

}  // namespace druzina::campaign::jr
