// Web storage: localStorage through EM_JS, every call guarded (quota exceeded, private mode, disabled storage)
// and reported as a status instead of an exception.
#include <emscripten.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "platform/storage.hpp"

namespace {

EM_JS(char*, js_storage_get, (const char* key), {
  try {
    var v = localStorage.getItem(UTF8ToString(key));
    return v === null ? 0 : stringToNewUTF8(v);
  } catch (e) { return 0; }
});

EM_JS(int, js_storage_set, (const char* key, const char* value), {
  try {
    var k = UTF8ToString(key), v = UTF8ToString(value);
    localStorage.setItem(k, v);
    return localStorage.getItem(k) === v ? 1 : 0;  // verified write
  } catch (e) { return 0; }
});

// navigator.storage.estimate(), kept in Module.__estimate: [usage, quota], or -1s until it answers.
EM_JS(double, js_storage_estimate, (int quota), {
  var now = Date.now(), m = Module;
  if (!m.__estimate) m.__estimate = [-1, -1];
  try {
    if (navigator.storage && navigator.storage.estimate && !(m.__estimateAt > now - 30000)) {
      m.__estimateAt = now;
      navigator.storage.estimate().then(function(e) {
        m.__estimate = [typeof e.usage === "number" ? e.usage : -1, typeof e.quota === "number" ? e.quota : -1];
      }, function() {});
    }
  } catch (e) {}
  return m.__estimate[quota ? 1 : 0];
});

EM_JS(int, js_storage_remove, (const char* key), {
  try { localStorage.removeItem(UTF8ToString(key)); return 1; } catch (e) { return 0; }
});

// Every key under the app's prefix, as a JSON array of the keys without it.
EM_JS(char*, js_storage_keys, (), {
  try {
    var out = [];
    for (var i = 0; i < localStorage.length; i++) {
      var k = localStorage.key(i);
      if (k !== null && k.indexOf("druzina.") === 0) out.push(k.slice(8));
    }
    return stringToNewUTF8(JSON.stringify(out));
  } catch (e) { return stringToNewUTF8("[]"); }
});

class LocalStorage final : public druzina::platform::Storage {
 public:
  std::optional<std::string> load(const std::string& key) override {
    char* v = js_storage_get(prefixed(key).c_str());
    if (!v) return std::nullopt;
    std::string out(v);
    std::free(v);
    return out;
  }
  bool save(const std::string& key, const std::string& value) override {
    return js_storage_set(prefixed(key).c_str(), value.c_str()) == 1;
  }
  bool remove(const std::string& key) override { return js_storage_remove(prefixed(key).c_str()) == 1; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    char* v = js_storage_keys();
    if (!v) return out;
    auto list = nlohmann::json::parse(v, nullptr, false);
    std::free(v);
    if (list.is_array())
      for (const auto& k : list)
        if (k.is_string()) out.push_back(k.get<std::string>());
    return out;
  }

 private:
  static std::string prefixed(const std::string& key) { return "druzina." + key; }
};

}  // namespace

namespace druzina::platform {

Storage& storage() {
  static LocalStorage s;
  return s;
}

}  // namespace druzina::platform

namespace druzina::platform {
StorageEstimate storage_estimate() { return {js_storage_estimate(0), js_storage_estimate(1)}; }
}  // namespace druzina::platform
