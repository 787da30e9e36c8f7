#include "core/json_obj.hpp"

namespace druzina::json_obj_detail {

void put(json& o, std::string_view key, json&& v) { o.emplace(std::string(key), std::move(v)); }
void put(json& o, std::string_view key, const json& v) { o.emplace(std::string(key), v); }
void put_str(json& o, std::string_view key, std::string&& v) { put(o, key, json(std::move(v))); }
void put_str(json& o, std::string_view key, std::string_view v) { put(o, key, json(std::string(v))); }
void put_int(json& o, std::string_view key, std::int64_t v) { put(o, key, json(v)); }
void put_uint(json& o, std::string_view key, std::uint64_t v) { put(o, key, json(v)); }
void put_float(json& o, std::string_view key, double v) { put(o, key, json(v)); }
void put_bool(json& o, std::string_view key, bool v) { put(o, key, json(v)); }

}  // namespace druzina::json_obj_detail
