// Web storage: localStorage (and the tab's sessionStorage) through EM_JS, every call guarded (quota exceeded, private mode, disabled storage)
// and reported as a status instead of an exception.
#include <emscripten.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "platform/storage.hpp"

namespace {

// `session`: 1 for the tab's sessionStorage, 0 for localStorage.
EM_JS(char*, js_storage_get, (int session, const char* key), {
  try {
    var v = (session ? sessionStorage : localStorage).getItem(UTF8ToString(key));
    return v === null ? 0 : stringToNewUTF8(v);
  } catch (e) { return 0; }
});

EM_JS(int, js_storage_set, (int session, const char* key, const char* value), {
  try {
    var k = UTF8ToString(key), v = UTF8ToString(value), s = session ? sessionStorage : localStorage;
    s.setItem(k, v);
    return s.getItem(k) === v ? 1 : 0;  // verified write
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

EM_JS(int, js_storage_remove, (int session, const char* key), {
  try { (session ? sessionStorage : localStorage).removeItem(UTF8ToString(key)); return 1; } catch (e) { return 0; }
});

// Every key under the app's prefix, as a JSON array of the keys without it.
EM_JS(char*, js_storage_keys, (int session), {
  try {
    var out = [], s = session ? sessionStorage : localStorage;
    for (var i = 0; i < s.length; i++) {
      var k = s.key(i);
      if (k !== null && k.indexOf("druzina.") === 0) out.push(k.slice(8));
    }
    return stringToNewUTF8(JSON.stringify(out));
  } catch (e) { return stringToNewUTF8("[]"); }
});

class LocalStorage final : public druzina::platform::Storage {
 public:
  explicit LocalStorage(int session) : session_(session) {}
  std::optional<std::string> load(const std::string& key) override {
    char* v = js_storage_get(session_, prefixed(key).c_str());
    if (!v) return std::nullopt;
    std::string out(v);
    std::free(v);
    return out;
  }
  bool save(const std::string& key, const std::string& value) override {
    return js_storage_set(session_, prefixed(key).c_str(), value.c_str()) == 1;
  }
  bool remove(const std::string& key) override { return js_storage_remove(session_, prefixed(key).c_str()) == 1; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    char* v = js_storage_keys(session_);
    if (!v) return out;
    auto list = nlohmann::json::parse(v, nullptr, false);
    std::free(v);
    if (list.is_array())
      for (const auto& k : list)
        if (k.is_string()) out.push_back(k.get<std::string>());
    return out;
  }

 private:
  int session_;
  static std::string prefixed(const std::string& key) { return "druzina." + key; }
};

}  // namespace

namespace druzina::platform {

Storage& storage() {
  static LocalStorage s(0);
  return s;
}

Storage& tab_storage() {
  static LocalStorage s(1);
  return s;
}

}  // namespace druzina::platform

namespace druzina::platform {
StorageEstimate storage_estimate() { return {js_storage_estimate(0), js_storage_estimate(1)}; }
}  // namespace druzina::platform
