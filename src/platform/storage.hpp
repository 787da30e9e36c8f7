// Storage: where the campaign and the app's settings are kept between runs.
// Implemented: [X] web (localStorage, sessionStorage for tab_storage(); src/platform/web/storage.cpp)  [X] native (files, src/platform/native/storage.cpp)
// Contract: save() reports failure instead of throwing (quota, private mode); load() of a missing key is nullopt.
// Verified writes, backups and recovery are the library's business (core/store/library.hpp), on top of this.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace druzina::platform {

class Storage {
 public:
  virtual ~Storage() = default;
  virtual std::optional<std::string> load(const std::string& key) = 0;
  virtual bool save(const std::string& key, const std::string& value) = 0;
  virtual bool remove(const std::string& key) = 0;
  virtual std::vector<std::string> keys() = 0;  // every key this app stored (without the platform's prefix)
};

Storage& storage();  // the platform's storage (each platform's storage.cpp defines it)
// The tab's own storage: kept across a reload of the tab (and a phone's restore of a tab it had put away), gone with
// the tab, with a quota of its own — so it still takes a small note when storage() is full. Web: sessionStorage
// (same "druzina." prefix); native: memory.
Storage& tab_storage();

// What the browser says of the origin's storage (navigator.storage.estimate(): every kind of storage, not only
// localStorage), where it has it; -1 when unknown (no API, not answered yet, native). Asked again at most every
// 30 s; the answer comes a few frames later.
struct StorageEstimate {
  double usage = -1, quota = -1;
};
StorageEstimate storage_estimate();

}  // namespace druzina::platform
