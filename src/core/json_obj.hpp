// jobj{"key", value, "key2", value2, …}: a JSON object built out of line, for the many small objects the commands,
// events and views make (their arguments, event data, prompt texts' args).
//
// It builds the same document as nlohmann's `json{{"key", value}, …}` (keys sorted, a repeated key keeps its first
// value, every value converted as json(value) converts it), but each pair becomes one call to a function of
// json_obj.cpp instead of the initializer list's machinery, which -O2 inlines into every site (docs/engine.md,
// "Size of the web build": the web build's code shrinks by it). The values are evaluated left to right, as in an
// initializer list (a braced list of a constructor's arguments is sequenced, unlike a function call's), but a
// variable is read when its pair is put, after all of them: `jobj{"a", n, "b", ++n}` has b = a (the rewrite found
// no ++, -- or assignment inside one).
// A jobj turns into the json it built wherever a json is expected (a parameter, a return, a json variable).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace druzina {

namespace json_obj_detail {
using json = nlohmann::json;
// One member each; the object keeps the first value of a repeated key, as json's initializer list does.
void put(json& o, std::string_view key, json&& v);
void put(json& o, std::string_view key, const json& v);
void put_str(json& o, std::string_view key, std::string&& v);
void put_str(json& o, std::string_view key, std::string_view v);
void put_int(json& o, std::string_view key, std::int64_t v);
void put_uint(json& o, std::string_view key, std::uint64_t v);
void put_float(json& o, std::string_view key, double v);
void put_bool(json& o, std::string_view key, bool v);

template <class V>
void add(json& o, std::string_view key, V&& v) {
  using T = std::remove_cvref_t<V>;
  if constexpr (std::is_same_v<T, json>) {
    put(o, key, std::forward<V>(v));
  } else if constexpr (std::is_same_v<T, std::string>) {
    if constexpr (std::is_rvalue_reference_v<V&&>) put_str(o, key, std::move(v));
    else put_str(o, key, std::string_view(v));
  } else if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<std::decay_t<V>, const char*> ||
                       std::is_same_v<std::decay_t<V>, char*>) {
    put_str(o, key, std::string_view(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    put_bool(o, key, v);
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, char> && std::is_signed_v<T>) {
    put_int(o, key, static_cast<std::int64_t>(v));
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, char>) {
    put_uint(o, key, static_cast<std::uint64_t>(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    put_float(o, key, static_cast<double>(v));
  } else {
    put(o, key, json(std::forward<V>(v)));
  }
}
}  // namespace json_obj_detail

class jobj {
 public:
  // Pairs only: a single argument (a json, another jobj) never converts into a jobj, so `c ? json : jobj` is a json.
  template <class... A>
    requires(sizeof...(A) % 2 == 0)
  jobj(A&&... a) : j_(nlohmann::json::value_t::object) {  // NOLINT: implicit by design
    add_pairs(std::forward<A>(a)...);
  }
  operator nlohmann::json() && { return std::move(j_); }  // NOLINT: a jobj is passed on as the json it built

 private:
  void add_pairs() {}
  template <class K, class V, class... R>
  void add_pairs(K&& key, V&& v, R&&... rest) {
    json_obj_detail::add(j_, std::string_view(key), std::forward<V>(v));
    add_pairs(std::forward<R>(rest)...);
  }
  nlohmann::json j_;
};

}  // namespace druzina
