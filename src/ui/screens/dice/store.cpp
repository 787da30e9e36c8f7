#include "ui/screens/dice/store.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include "platform/storage.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::dice_store {

namespace {

constexpr const char* kFavKey = "dice.favourites";
constexpr const char* kHistKey = "dice.history";

bool loaded = false;
std::vector<Favourite> favs;
std::vector<HistoryEntry> hist;

std::string str(const nlohmann::json& j, const char* k) {
  auto it = j.find(k);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void load() {
  if (loaded) return;
  loaded = true;
  try {
    if (auto t = platform::storage().load(kFavKey)) {
      auto j = nlohmann::json::parse(*t);
      for (const auto& x : j)
        if (x.is_object() && !str(x, "expr").empty()) favs.push_back({str(x, "name"), str(x, "expr")});
    }
  } catch (const std::exception&) {
    favs.clear();
  }
  try {
    if (auto t = platform::storage().load(kHistKey)) {
      auto j = nlohmann::json::parse(*t);
      for (const auto& x : j) {
        if (!x.is_object()) continue;
        HistoryEntry e;
        e.who = str(x, "who");
        e.expr = str(x, "expr");
        e.text = str(x, "text");
        e.total = x.value("total", 0LL);
        e.at_ms = x.value("at", 0.0);
        e.nat20 = x.value("nat20", false);
        e.nat1 = x.value("nat1", false);
        hist.push_back(std::move(e));
        if (hist.size() >= kMaxHistory) break;
      }
    }
  } catch (const std::exception&) {
    hist.clear();
  }
}

void save_favs() {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& f : favs) j.push_back(jobj{"name", f.name, "expr", f.expr});
  platform::storage().save(kFavKey, j.dump());
}

void save_hist() {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& e : hist) {
    nlohmann::json x = jobj{"who", e.who, "expr", e.expr, "text", e.text, "total", e.total, "at", e.at_ms};
    if (e.nat20) x["nat20"] = true;
    if (e.nat1) x["nat1"] = true;
    j.push_back(std::move(x));
  }
  platform::storage().save(kHistKey, j.dump());
}

}  // namespace

const std::vector<Favourite>& favourites() {
  load();
  return favs;
}

bool add_favourite(Favourite f) {
  load();
  if (favs.size() >= kMaxFavourites) return false;
  for (const auto& x : favs)
    if (x.expr == f.expr && x.name == f.name) return false;
  favs.push_back(std::move(f));
  save_favs();
  return true;
}

void remove_favourite(size_t index) {
  load();
  if (index >= favs.size()) return;
  favs.erase(favs.begin() + static_cast<long>(index));
  save_favs();
}

const std::vector<HistoryEntry>& history() {
  load();
  return hist;
}

void add_history(HistoryEntry e) {
  load();
  hist.insert(hist.begin(), std::move(e));
  if (hist.size() > kMaxHistory) hist.resize(kMaxHistory);
  save_hist();
}

void clear_history() {
  load();
  hist.clear();
  save_hist();
}

double wall_clock_ms() {
  using namespace std::chrono;
  return static_cast<double>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

std::string when_text(double at_ms) {
  std::time_t t = static_cast<std::time_t>(at_ms / 1000.0);
  std::time_t now = static_cast<std::time_t>(wall_clock_ms() / 1000.0);
  std::tm a{}, b{};
  localtime_r(&t, &a);
  localtime_r(&now, &b);
  char buf[32];
  if (a.tm_year == b.tm_year && a.tm_yday == b.tm_yday) {
    std::snprintf(buf, sizeof buf, "%02d:%02d", a.tm_hour, a.tm_min);
  } else if (ui().lang == Lang::en) {
    std::snprintf(buf, sizeof buf, "%d/%d %02d:%02d", a.tm_mon + 1, a.tm_mday, a.tm_hour, a.tm_min);
  } else {
    std::snprintf(buf, sizeof buf, "%d. %d. %02d:%02d", a.tm_mday, a.tm_mon + 1, a.tm_hour, a.tm_min);
  }
  return buf;
}

}  // namespace druzina::ui::dice_store
