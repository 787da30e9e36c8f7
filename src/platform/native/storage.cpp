// Native storage: one file per key in $DRUZINA_HOME (default ~/.druzina), written to a temporary file and
// renamed, so a crash never leaves half a campaign.
#include "platform/storage.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace druzina::platform {

namespace {
namespace fs = std::filesystem;

class FileStorage final : public Storage {
 public:
  FileStorage() {
    const char* home = std::getenv("DRUZINA_HOME");
    const char* user = std::getenv("HOME");
    dir_ = home ? fs::path(home) : fs::path(user ? user : ".") / ".druzina";
  }
  std::optional<std::string> load(const std::string& key) override {
    std::ifstream in(path(key), std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  bool save(const std::string& key, const std::string& value) override {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    fs::path tmp = path(key).string() + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) return false;
      out << value;
      if (!out.flush()) return false;
    }
    fs::rename(tmp, path(key), ec);
    return !ec;
  }
  bool remove(const std::string& key) override {
    std::error_code ec;
    return fs::remove(path(key), ec) && !ec;
  }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir_, ec)) {
      std::string name = e.path().filename().string();
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) out.push_back(name.substr(0, name.size() - 5));
    }
    return out;
  }

 private:
  fs::path path(const std::string& key) const { return dir_ / (key + ".json"); }
  fs::path dir_;
};
// The tab's storage natively: memory (a run is one tab).
class MemoryStorage final : public Storage {
 public:
  std::optional<std::string> load(const std::string& key) override {
    auto it = values_.find(key);
    if (it == values_.end()) return std::nullopt;
    return it->second;
  }
  bool save(const std::string& key, const std::string& value) override {
    values_[key] = value;
    return true;
  }
  bool remove(const std::string& key) override { return values_.erase(key) > 0; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    for (const auto& [k, v] : values_) out.push_back(k);
    return out;
  }

 private:
  std::map<std::string, std::string> values_;
};
}  // namespace

Storage& storage() {
  static FileStorage s;
  return s;
}

Storage& tab_storage() {
  static MemoryStorage s;
  return s;
}

}  // namespace druzina::platform

namespace druzina::platform {
StorageEstimate storage_estimate() { return {}; }  // a browser's figure only
}  // namespace druzina::platform
