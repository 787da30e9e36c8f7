// The model behind the screens (see model.hpp): the session it holds and loading it, commands, undo and redo, and
// the notices. Its other jobs, each in a file of its own: saving and its retries (model_saving.cpp), the campaign
// list and Recovery (model_library.cpp), another tab that holds the same campaign (model_takeover.cpp).
//
// Index:
//   [SECTION] start and loading
//   [SECTION] commands, undo and redo, notices
#include "ui/model.hpp"

#include "core/error.hpp"
#include "core/store/journal.hpp"
#include "platform/lifecycle.hpp"
#include "platform/storage.hpp"
#include "platform/tabs.hpp"
#include "ui/mode.hpp"
#include "ui/model_parts.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace model_parts {

namespace {
// The library's key-value store: the platform's storage.
class PlatformKv final : public store::Kv {
 public:
  std::optional<std::string> get(const std::string& key) override { return platform::storage().load(key); }
  bool set(const std::string& key, const std::string& value) override { return platform::storage().save(key, value); }
  bool remove(const std::string& key) override { return platform::storage().remove(key); }
  std::vector<std::string> keys() override { return platform::storage().keys(); }
};
}  // namespace

store::Kv& kv() {
  static PlatformKv k;
  return k;
}

std::string reason_text(const std::string& key, const nlohmann::json& args) {
  if (key.empty()) return T("store.err.unreadable");
  return tr(ui().lang, key, args);
}

}  // namespace model_parts

namespace {
double page_now = 0;

using model_parts::kv;
using model_parts::reason_text;

void tab_message(const char* json) { model().on_tab_message(json ? json : ""); }
void page_hidden() { model().flush(); }

}  // namespace

double now_ms() { return page_now; }
void set_now_ms(double ms) { page_now = ms; }

Model& model() {
  static Model m;
  return m;
}

// [SECTION] start and loading -----------------------------------------------------------------------------------------
void Model::start(std::uint64_t seed) {
  rng_ = Rng(seed);
  tab_id_ = std::to_string(seed % 1000000007ULL) + "-" + std::to_string(platform::wall_ms() % 100000);
  library_ = std::make_unique<store::Library>(kv(), [this] { return platform::wall_ms() + library_clock_offset_; });
  // Is there any storage at all (private mode, disabled storage)? A probe refused where the app's values are kept
  // is a full storage, not a missing one, and is told as such.
  const bool probe_saved = platform::storage().save("probe", "1");
  if (probe_saved) platform::storage().remove("probe");
  storage_blocked_ = !probe_saved && platform::storage().keys().empty();
  const bool full = !probe_saved && !storage_blocked_;
  library_->open();
  campaign_id_ = library_->index().active;
  alert_.clear();
  load_current(true);
  tell_unsaved_lost();
  if (library_->rebuilt_index()) {  // said with whatever the load had to say
    const auto n = static_cast<long long>(library_->index().campaigns.size());
    alert_ = Tf("ui.store.index_rebuilt", jobj{"n", n}) + (alert_.empty() ? "" : " " + alert_);
    alert_error_ = true;
    notify(alert_, true, 15.0);
  }
  if (storage_blocked_ || full) {
    if (storage_blocked_) save_state_ = SaveState::blocked;
    alert_ = T(storage_blocked_ ? "ui.store.blocked" : "ui.store.full_at_start");
    alert_error_ = true;
    notify(alert_, true, 12.0);
  }
  platform::on_page_hidden(&page_hidden);
  platform::request_persistence();
  platform::tabs::install(&tab_message);
  post("hello");
}

void Model::load_current(bool tell) {
  store::Loaded loaded = library_->load(campaign_id_);
  retire();
  session_ = std::move(loaded.session);
  saved_text_.clear();
  opened_at_ = static_cast<double>(platform::wall_ms());
  read_only_ = library_->read_only(campaign_id_) ? ReadOnly::newer : ReadOnly::no;
  save_state_ = storage_blocked_ ? SaveState::blocked : SaveState::saved;
  unsaved_steps_ = 0;
  came_back_ = loaded.status == store::LoadStatus::from_journal && loaded.behind ? loaded.replayed : 0;
  if (loaded.status == store::LoadStatus::from_backup || loaded.status == store::LoadStatus::from_journal ||
      loaded.status == store::LoadStatus::lost) {
    // The recovered state goes into the campaign's fresh key at once.
    save_state_ = SaveState::pending;
    last_save_ms_ = -1e9;
  }
  if (tell) announce(loaded);
}

void Model::announce(const store::Loaded& loaded) {
  const std::string lang(lang_code(ui().lang));
  const std::string reason = reason_text(loaded.reason, loaded.reason_args);
  const std::string when = loaded.backup_at > 0 ? platform::local_time(loaded.backup_at, lang) : std::string("?");
  switch (loaded.status) {
    case store::LoadStatus::ok:
    case store::LoadStatus::fresh:
      if (library_->newer_library()) {
        alert_ = T("ui.store.newer_library");
        alert_error_ = true;
        read_only_ = ReadOnly::newer;
      }
      break;
    case store::LoadStatus::from_backup:
      alert_ = loaded.missing ? Tf("ui.store.missing", jobj{"time", when})
                              : Tf("ui.store.from_backup", jobj{"reason", reason, "time", when});
      alert_error_ = true;
      break;
    case store::LoadStatus::from_journal: {
      const std::string from = loaded.backup_at > 0 ? Tf("ui.store.journal_from", jobj{"time", when})
                                                    : std::string(T("ui.store.journal_from_start"));
      const nlohmann::json args = jobj{"reason", reason, "from", from, "n", loaded.replayed};
      alert_ = loaded.behind ? Tf("ui.store.behind", args) : Tf("ui.store.from_journal", args);
      if (!loaded.recovery_id.empty()) alert_ += " " + std::string(T("ui.store.kept_in_recovery"));
      alert_ += " " + std::string(T(loaded.journal_damaged ? "ui.store.journal_damaged" : "ui.store.journal_whole"));
      alert_error_ = true;
      break;
    }
    case store::LoadStatus::lost:
      alert_ = Tf("ui.store.lost", jobj{"reason", reason});
      alert_error_ = true;
      break;
    case store::LoadStatus::newer:
      alert_ = T("ui.store.newer");
      alert_error_ = true;
      break;
  }
  if (!alert_.empty()) notify(alert_, true, 15.0);
}

bool Model::refuse_read_only() {
  if (read_only_ == ReadOnly::no) return false;
  notify(T(read_only_ == ReadOnly::newer ? "ui.store.read_only_newer" : "ui.store.read_only_tab"), true);
  return true;
}

// [SECTION] commands, undo and redo, notices --------------------------------------------------------------------------
std::vector<nlohmann::json> Outcome::prompts() const {
  std::vector<nlohmann::json> out;
  for (const auto& e : events)
    if (e.type == "prompt_created" && e.data.contains("prompt")) out.push_back(e.data["prompt"]);
  return out;
}

Outcome Model::dispatch(const nlohmann::json& command) {
  if (refuse_read_only()) return {};
  retire();
  Outcome out;
  try {
    const campaign::Transaction& tx = session_.dispatch(command, rng_, platform::wall_ms(), ui_player_mode() ? "player" : "");
    library_->journal(campaign_id_, store::step_tx(tx), session_);  // before the save (a failure: the save covers it)
    out.ok = true;
    out.tx = tx.id;
    out.events = tx.events;
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return {};
  }
  // Its log lines: the log renders the tail in order (a creature's name as it was then); this step is the newest.
  const auto log = session_.log(ui().lang);
  if (!log.empty() && log.back().tx == out.tx) out.lines = log.back().lines;
  save();
  return out;
}

namespace {
// Player mode reaches only the player's own steps.
bool mine(const campaign::Transaction& tx) { return !ui_player_mode() || tx.by == "player"; }

// "Undone: Mira takes 9 damage …" — the step's first line (its log entry has the rest).
std::string step_text(const char* key, const std::vector<std::string>& lines) {
  if (lines.empty()) return T(key);
  std::string text = Tf(std::string(key) + "_what", jobj{"what", lines.front()});
  if (lines.size() > 1) text += " " + Tf("ui.model.step_more", jobj{"n", static_cast<long long>(lines.size() - 1)});
  return text;
}
}  // namespace

bool Model::can_undo() const {
  return session_.undo_depth() > 0 && read_only_ == ReadOnly::no && mine(session_.tail().back());
}

bool Model::can_redo() const {
  return session_.redo_depth() > 0 && read_only_ == ReadOnly::no && mine(session_.redo_stack().back());
}

bool Model::undo() {
  if (refuse_read_only()) return false;
  if (session_.undo_depth() > 0 && !mine(session_.tail().back())) {
    notify(T("ui.model.undo_dm_step"), true);
    return false;
  }
  std::vector<std::string> what;
  try {
    // In player mode the player's log: a step a player may not read has no entry there.
    auto log = session_.log(ui().lang, ui_player_mode() ? campaign::LogAudience::player : campaign::LogAudience::dm);
    if (!log.empty() && log.back().tx == session_.tail().back().id) what = log.back().lines;
    retire();
    session_.undo();
    library_->journal(campaign_id_, store::step_undo(1), session_);
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return false;
  }
  save();
  notify(step_text("ui.model.undone", what));
  return true;
}

bool Model::redo() {
  if (refuse_read_only()) return false;
  if (session_.redo_depth() > 0 && !mine(session_.redo_stack().back())) {
    notify(T("ui.model.undo_dm_step"), true);
    return false;
  }
  retire();
  try {
    session_.redo();
    library_->journal(campaign_id_, store::step_redo(1), session_);
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return false;
  }
  save();
  auto log = session_.log(ui().lang, ui_player_mode() ? campaign::LogAudience::player : campaign::LogAudience::dm);
  const bool read = !log.empty() && log.back().tx == session_.tail().back().id;
  notify(step_text("ui.model.redone", read ? log.back().lines : std::vector<std::string>{}), false, 4.0,
         session_.tail().back().id);
  return true;
}

void Model::notify(std::string text, bool error, double seconds, long long tx) {
  notice_ = {std::move(text), error, page_now + seconds * 1000.0, tx};
}

void Model::notify_after(std::string text, bool error, double seconds) {
  if (notice_.text.empty() || page_now > notice_.until_ms) notify(std::move(text), error, seconds);
  else waiting_.push_back({std::move(text), error, seconds * 1000.0, 0});
}

}  // namespace druzina::ui
