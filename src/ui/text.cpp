// The UI's text service and its state: the current language (chosen, saved, fetched when its texts are not here
// yet), the tab, and T() / Tf(), the translated texts of ui.hpp.
#include <map>
#include <optional>

#include "core/assets.hpp"
#include "platform/lang.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "ui/ui.hpp"

namespace druzina::ui {

Ui& ui() {
  static Ui state;
  return state;
}

const char* tab_id(Tab tab) {
  switch (tab) {
    case Tab::dice: return "dice";
    case Tab::party: return "party";
    case Tab::combat: return "combat";
    case Tab::downtime: return "downtime";
    case Tab::rules: return "rules";
    case Tab::settings: return "settings";
  }
  return "dice";
}

const char* T(std::string_view key) {
  static std::map<std::string, std::string, std::less<>> cache[3];
  auto& c = cache[static_cast<int>(ui().lang)];
  auto it = c.find(key);
  if (it == c.end()) it = c.emplace(std::string(key), tr(ui().lang, key)).first;
  return it->second.c_str();
}

std::string Tf(std::string_view key, const nlohmann::json& args) { return tr(ui().lang, key, args); }

void init_language(std::string_view browser_language) {
  // The saved choice, else the browser's language, else English; a language whose texts did not come (the web
  // build fetches them at start, core/assets.hpp) gives way to one whose texts did.
  std::optional<Lang> chosen;
  if (auto saved = platform::storage().load("lang")) chosen = parse_lang(*saved);
  if (!chosen) chosen = parse_lang(browser_language);
  ui().lang = chosen.value_or(Lang::en);
  for (Lang l : {ui().lang, Lang::en, Lang::cs, Lang::uk})
    if (assets::has_language(lang_code(l))) {
      ui().lang = l;
      break;
    }
  // Restarted into a language just fetched (set_language): back on the tab it was chosen on.
  if (auto tab = platform::storage().load("ui.restart_tab")) {
    platform::storage().remove("ui.restart_tab");
    for (Tab t : kTabs)
      if (*tab == tab_id(t)) ui().tab = t;
  }
}

void set_language(Lang lang) {
  if (!assets::has_language(lang_code(lang))) {
    // Its texts are not here yet: fetch them, and the page restarts in that language.
    platform::storage().save("ui.restart_tab", tab_id(ui().tab));
    for (const auto& p : assets::packs())
      if (p.lang == lang_code(lang)) platform::lang::fetch_and_restart(p.lang, p.file);
    model().notify(T("ui.lang.loading"));
    return;
  }
  ui().lang = lang;
  platform::storage().save("lang", std::string(lang_code(lang)));
}

}  // namespace druzina::ui
