// campaign::wire_rows: a rule's list of entries in the table link as arrays of their values. See wire_rows.hpp.
#include "core/campaign/wire_rows.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign {

namespace {

[[noreturn]] void wrong_shape(const std::string& path, const char* expected) {
  throw UserError("state.err.wrong_type", jobj{"path", path, "expected", expected});
}

}  // namespace

WireCodec wire_rows(std::string key, std::vector<std::string> keys, std::string id_key) {
  auto encode = [keys](const json& shown) {
    if (!shown.is_array() || shown.empty()) return json(nullptr);
    json out = json::array();
    for (const auto& e : shown) {
      if (!e.is_object()) continue;
      json row = json::array();
      for (const auto& k : keys) {
        auto it = e.find(k);
        row.push_back(it == e.end() ? json(nullptr) : *it);
      }
      while (!row.empty() && row.back().is_null()) row.erase(row.size() - 1);
      out.push_back(std::move(row));
    }
    return out.empty() ? json(nullptr) : out;
  };
  auto decode = [keys, id_key](const json& compact, const std::string& path, std::vector<std::string>& ids) {
    if (!compact.is_array()) wrong_shape(path, "array");
    json out = json::array();
    for (size_t i = 0; i < compact.size(); ++i) {
      const std::string q = path + "[" + std::to_string(i) + "]";
      const json& row = compact[i];
      if (!row.is_array() || row.size() > keys.size())
        wrong_shape(q, ("array of at most " + std::to_string(keys.size()) + " values").c_str());
      json e = json::object();
      for (size_t k = 0; k < row.size(); ++k)
        if (!row[k].is_null()) e[keys[k]] = row[k];
      if (!id_key.empty()) {
        auto id = e.find(id_key);
        if (id == e.end() || !id->is_string()) {
          const size_t at = static_cast<size_t>(std::find(keys.begin(), keys.end(), id_key) - keys.begin());
          wrong_shape(q + "[" + std::to_string(at) + "]", "string");
        }
        ids.push_back(id->get<std::string>());
      }
      out.push_back(std::move(e));
    }
    return out;
  };
  return {std::move(key), std::move(encode), std::move(decode)};
}

}  // namespace druzina::campaign
