#include "ui/widgets/preview.hpp"

#include <map>

#include "core/campaign/engine.hpp"
#include "core/error.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

std::vector<std::string> preview_lines(const nlohmann::json& command) {
  std::vector<std::string> out;
  const auto& session = model().session();
  const campaign::Engine& engine = session.engine();
  Rng dice = model().rng();  // a copy: the dry run rolls what the step would roll, and nothing is spent
  try {
    const auto run = engine.run(model().state(), command, dice);
    campaign::LogContext lc{ui().lang, [&](const std::string& id) {
                              const campaign::Creature* x = campaign::find_creature(run.state, id);
                              if (!x) x = campaign::find_creature(model().state(), id);
                              return x ? x->name : id;
                            }};
    // what it does to whom: the clock, then each creature whose HP, maximum HP or exhaustion changes, or who dies
    const campaign::Campaign& now = model().state();
    if (run.state.minutes != now.minutes)
      out.push_back(Tf("ui.preview.clock", jobj{"from", clock_text(now.minutes), "to", clock_text(run.state.minutes)}));
    for (const auto& after : run.state.creatures) {
      const campaign::Creature* before = campaign::find_creature(now, after.id);
      if (!before || hidden_from_players(after)) continue;
      std::string what;
      auto change = [&](const char* key, long long a, long long b) {
        if (a != b) what += (what.empty() ? "" : ", ") + Tf(key, jobj{"from", a, "to", b});
      };
      if (hp_visibility(after) == "exact") {
        change("ui.preview.max_hp", before->max_hp, after.max_hp);
        change("ui.preview.hp", before->hp, after.hp);
      }
      change("ui.preview.exhaustion", before->exhaustion, after.exhaustion);
      if (after.death_saves.dead && !before->death_saves.dead) what += (what.empty() ? "" : ", ") + std::string(T("ui.preview.dies"));
      if (!what.empty()) out.push_back(after.name + ": " + what);
    }
    for (const auto& e : run.tx.events) {
      const campaign::EventDef* def = engine.event_def(e.type);
      if (ui_player_mode() && def && def->secret && def->secret(e.data)) continue;
      std::string line = engine.render(e, lc);
      if (!line.empty()) out.push_back(std::move(line));
    }
  } catch (const std::exception&) {  // refused (UserError) or anything else: no preview, the step says why later
    out.clear();
  }
  return out;
}

namespace {
std::map<std::string, nlohmann::json>& asked() {
  static std::map<std::string, nlohmann::json> m;
  return m;
}
}  // namespace

void ask_before(const std::string& key, const std::string& intro, const nlohmann::json& command, const char* yes) {
  std::string question = intro;
  const auto lines = preview_lines(command);
  constexpr size_t kMaxLines = 8;  // the question fits a phone's screen; the rest is in the log afterwards
  for (size_t i = 0; i < lines.size() && i < kMaxLines; ++i) question += "\n• " + lines[i];
  if (lines.size() > kMaxLines)
    question += "\n" + Tf("ui.confirm.more", jobj{"n", static_cast<long long>(lines.size() - kMaxLines)});
  asked()[key] = command;
  ask_confirm(key, question, yes);
}

std::optional<nlohmann::json> confirmed_command(const std::string& key) {
  if (!confirm_popup(key)) return std::nullopt;
  auto it = asked().find(key);
  if (it == asked().end()) return std::nullopt;
  nlohmann::json command = std::move(it->second);
  asked().erase(it);
  return command;
}

}  // namespace druzina::ui
