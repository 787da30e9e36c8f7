// Internal: strict, path-aware reading of JSON into the state structs (used by state.cpp, the engine and io/).
// A wrong type throws UserError("state.err.wrong_type", {"path": "creatures[3].hp", "expected": "integer"});
// the path is taken from a small stack of PathGuards, so no try/catch is needed on the way down (cheap in wasm).
#pragma once
#include <algorithm>
#include <array>
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

// A struct's members read in one pass over the object (a big list of them is most of a load): each key is looked
// up in `members` (sorted by key: check it with members_sorted in a static_assert), its reader called under its
// path; what no member reads goes to the returned extra object. Same result as a field() per member and
// unknown_fields, without looking up every member and scanning the known keys for every key.
template <class T>
struct Member {
  std::string_view key;
  void (*read)(const json&, T&);
};
template <class T, size_t N>
constexpr bool members_sorted(const std::array<Member<T>, N>& members) {
  for (size_t i = 1; i < N; ++i)
    if (!(members[i - 1].key < members[i].key)) return false;
  return true;
}
template <class T, size_t N>
json read_members(const json& obj, T& out, const std::array<Member<T>, N>& members) {
  json extra = json::object();
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& key = it.key();
    auto m = std::lower_bound(members.begin(), members.end(), std::string_view(key),
                              [](const Member<T>& a, std::string_view k) { return a.key < k; });
    if (m != members.end() && m->key == key) {
      PathGuard g(m->key);
      m->read(it.value(), out);
    } else {
      extra[key] = it.value();
    }
  }
  return extra;
}

}  // namespace druzina::campaign::jr
