// The model behind the screens (see model.hpp): the session, undo and redo, notices, saving through the library.
//
// Index:
//   [SECTION] start and loading
//   [SECTION] commands, undo and redo
//   [SECTION] notices, saving and the storage budget
//   [SECTION] the campaign list
//   [SECTION] Recovery, export, tabs
#include "ui/model.hpp"

#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/store/journal.hpp"
#include "platform/lifecycle.hpp"
#include "platform/storage.hpp"
#include "platform/tabs.hpp"
#include "ui/mode.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {
double page_now = 0;

// The library's key-value store: the platform's storage.
class PlatformKv final : public store::Kv {
 public:
  std::optional<std::string> get(const std::string& key) override { return platform::storage().load(key); }
  bool set(const std::string& key, const std::string& value) override { return platform::storage().save(key, value); }
  bool remove(const std::string& key) override { return platform::storage().remove(key); }
  std::vector<std::string> keys() override { return platform::storage().keys(); }
};

PlatformKv& kv() {
  static PlatformKv k;
  return k;
}

std::string reason_text(const std::string& key, const nlohmann::json& args) {
  if (key.empty()) return T("store.err.unreadable");
  return tr(ui().lang, key, args);
}

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
  // Is there any storage at all (private mode, disabled storage)?
  storage_blocked_ = !platform::storage().save("probe", "1");
  if (!storage_blocked_) platform::storage().remove("probe");
  library_->open();
  campaign_id_ = library_->index().active;
  alert_.clear();
  load_current(true);
  if (library_->rebuilt_index()) {  // said with whatever the load had to say
    const auto n = static_cast<long long>(library_->index().campaigns.size());
    alert_ = Tf("ui.store.index_rebuilt", jobj{"n", n}) + (alert_.empty() ? "" : " " + alert_);
    alert_error_ = true;
    notify(alert_, true, 15.0);
  }
  if (storage_blocked_) {
    save_state_ = SaveState::blocked;
    alert_ = T("ui.store.blocked");
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

// [SECTION] commands, undo and redo -----------------------------------------------------------------------------------
const nlohmann::json* Outcome::event(std::string_view type) const {
  for (auto it = events.rbegin(); it != events.rend(); ++it)
    if (it->type == type) return &it->data;
  return nullptr;
}

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

// [SECTION] notices, saving and the storage budget --------------------------------------------------------------------
void Model::notify(std::string text, bool error, double seconds, long long tx) {
  notice_ = {std::move(text), error, page_now + seconds * 1000.0, tx};
}

void Model::save() {
  if (save_state_ == SaveState::saved) save_state_ = SaveState::pending;
  if (page_now - last_save_ms_ >= kSaveDebounceMs) store_now();
}

bool Model::store_now() {
  if (!library_ || read_only_ != ReadOnly::no) return false;
  const bool was_failing = save_state_ == SaveState::failed || save_state_ == SaveState::blocked;
  std::string text = io::save(session_);
  last_try_ms_ = page_now;
  store::SaveStatus st = library_->save(campaign_id_, text, session_.state().name);
  if (st == store::SaveStatus::saved || st == store::SaveStatus::unchanged) {
    saved_text_ = std::move(text);
    last_save_ms_ = page_now;
    save_state_ = SaveState::saved;
    if (was_failing) {
      storage_blocked_ = false;
      notify(T("ui.store.saved_again"));
    }
    if (st == store::SaveStatus::saved) post("saved");
    if (page_now - usage_checked_at_ >= 60000) check_usage(false);
    return true;
  }
  if (st == store::SaveStatus::incomplete) {
    // The value is stored, a backup, the journal or the index is not: "saved" means all of it, so it is retried.
    saved_text_ = std::move(text);
    post("saved");
  }
  if (!was_failing)
    notify(T(st == store::SaveStatus::incomplete ? "ui.store.save_incomplete" : "ui.store.save_failed"), true, 10.0);
  save_state_ = storage_blocked_ ? SaveState::blocked : SaveState::failed;
  if (!storage_blocked_) check_usage(true);
  return false;
}

std::optional<std::string> Model::campaign_text(const std::string& id) {
  if (id == campaign_id_) return current_text();
  const store::CampaignInfo* c = library_->find(id);
  if (!c) return std::nullopt;
  return kv().get(c->key);
}

const store::Usage& Model::usage(double max_age_ms) {
  if (library_ && (page_now - usage_at_ > max_age_ms || usage_.budget != storage_budget_)) {
    usage_ = library_->usage(storage_budget_);
    usage_at_ = page_now;
  }
  return usage_;
}

void Model::set_storage_budget(long long units) {
  storage_budget_ = units;
  usage_checked_at_ = -1e18;
}

void Model::check_usage(bool failed) {
  usage_checked_at_ = page_now;
  const store::Usage& u = usage(0);
  if (usage_warned_ || !u.near_full()) return;
  usage_warned_ = true;
  if (failed) return;  // the failed save's own notice says it
  notify(Tf("ui.store.usage.warn", jobj{"percent", u.percent()}), true, 10.0);
}

bool Model::archive_campaign(const std::string& id) {
  if (library_->passive()) return !refuse_read_only();
  std::string name;
  if (const auto* c = library_->find(id)) name = c->name;
  if (id == campaign_id_ || !library_->archive(id)) return false;
  usage_at_ = -1e18;
  if (!usage(0).near_full()) usage_warned_ = false;  // warn again when it fills up again
  notify(Tf("ui.store.archived", jobj{"name", name.empty() ? std::string(T("ui.store.unnamed")) : name}));
  return true;
}

void Model::tick(double now) {
  retired_.reset();  // a new frame: nothing refers to the old state any more
  if (!library_) return;
  if (save_state_ == SaveState::pending && now - last_save_ms_ >= kSaveDebounceMs) store_now();
  else if ((save_state_ == SaveState::failed || save_state_ == SaveState::blocked) && now - last_try_ms_ >= kSaveRetryMs)
    store_now();
  else if (library_->has_unsaved_index() && now - last_try_ms_ >= kSaveRetryMs) {
    last_try_ms_ = now;
    library_->flush_index();
  }
}

void Model::flush() {
  if (save_state_ != SaveState::saved) store_now();
  else if (library_) library_->flush_index();
}

// [SECTION] the campaign list -----------------------------------------------------------------------------------------

void Model::become_writer() {
  // Leaving the campaign another tab holds (switching, creating, restoring …): this tab writes again, from what is
  // stored now.
  if (!library_->passive()) return;
  library_->set_passive(false);
  library_->open();
  read_only_ = ReadOnly::no;
}

bool Model::open_campaign(const std::string& id) {
  if (id == campaign_id_) return library_->find(id) != nullptr;
  become_writer();
  if (!library_->find(id)) return false;
  if (unsaved() && read_only_ == ReadOnly::no && !store_now()) {
    notify(T("ui.store.switch_unsaved"), true, 8.0);
    return false;
  }
  post("bye");
  campaign_id_ = id;
  library_->set_active(id);
  alert_.clear();
  load_current(true);
  post("hello");
  return true;
}

bool Model::new_campaign() {
  become_writer();
  if (unsaved() && read_only_ == ReadOnly::no && !store_now()) {
    notify(T("ui.store.switch_unsaved"), true, 8.0);
    return false;
  }
  std::string id = library_->create("");
  post("bye");
  campaign_id_ = id;
  library_->set_active(id);
  alert_.clear();
  load_current(false);
  post("hello");
  return true;
}

std::string Model::current_text() { return io::save(session_); }

bool Model::replace_session(campaign::Session session) {
  if (refuse_read_only()) return false;
  retire();
  session_ = std::move(session);
  library_->journal_reset(campaign_id_, session_);
  if (save_state_ == SaveState::saved) save_state_ = SaveState::pending;
  store_now();  // a failure keeps the "not saved" mark and is retried, like any change
  return true;
}

bool Model::duplicate_campaign(const std::string& id) {
  if (library_->passive()) return !refuse_read_only();
  auto stored = campaign_text(id);
  if (!stored) return false;
  std::string text = std::move(*stored);
  std::string name = id == campaign_id_ ? state().name : library_->find(id)->name;
  // The copy says it is one in its name (a SetSettings in its own history, undoable there).
  std::string copy_name = Tf("ui.store.copy_name", jobj{"name", name.empty() ? std::string(T("ui.store.unnamed")) : name});
  try {
    campaign::Session s = io::load(text);
    Rng r(1);
    s.dispatch(jobj{"type", "SetSettings", "name", copy_name}, r, platform::wall_ms());
    text = io::save(s);
  } catch (const std::exception&) {
    // A campaign without a name yet (no CreateCampaign): the copy keeps the same text.
  }
  auto added = library_->duplicate(id, text, copy_name);
  if (!added) {
    notify(T("ui.store.no_space"), true, 8.0);
    return false;
  }
  notify(Tf("ui.store.duplicated", jobj{"name", copy_name}));
  return true;
}

bool Model::delete_campaign(const std::string& id) {
  if (library_->passive()) return !refuse_read_only();
  if (library_->index().campaigns.size() < 2) return false;
  if (id == campaign_id_ && unsaved() && read_only_ == ReadOnly::no) store_now();
  std::string name;
  if (const auto* c = library_->find(id)) name = c->name;
  auto rid = library_->remove(id);
  if (!rid) return false;
  last_deleted_ = *rid;
  if (id == campaign_id_) {
    post("bye");
    campaign_id_ = library_->index().active;
    alert_.clear();
    load_current(true);
    post("hello");
  }
  notify(Tf("ui.store.deleted", jobj{"name", name.empty() ? std::string(T("ui.store.unnamed")) : name}));
  return true;
}

bool Model::undo_delete() {
  if (last_deleted_.empty()) return false;
  size_t before = library_->index().campaigns.size();
  if (!library_->undelete(last_deleted_)) return false;
  last_deleted_.clear();
  if (library_->index().campaigns.size() > before) open_campaign(library_->index().campaigns.back().id);
  notify(T("ui.store.undeleted"));
  return true;
}

// [SECTION] Recovery, export, tabs ------------------------------------------------------------------------------------

bool Model::restore_text(const std::string& text, const std::string& into) {
  become_writer();
  store::Preview p = library_->preview(text);
  if (!p.loads) {
    notify(Tf("ui.store.restore_refused", jobj{"reason", reason_text(p.reason, p.reason_args)}), true, 8.0);
    return false;
  }
  if (into.empty()) {
    auto id = library_->add(text, p.name);
    if (!id) {
      notify(T("ui.store.no_space"), true, 8.0);
      return false;
    }
    if (unsaved() && read_only_ == ReadOnly::no) store_now();
    post("bye");
    campaign_id_ = *id;
    library_->set_active(*id);
  } else {
    if (into == campaign_id_ && unsaved() && read_only_ == ReadOnly::no) store_now();
    if (!library_->replace(into, text, p.name)) {
      notify(T("ui.store.no_space"), true, 8.0);
      return false;
    }
    if (into != campaign_id_) post("bye");
    campaign_id_ = into;
    library_->set_active(into);
  }
  alert_.clear();
  load_current(false);
  post("saved");
  notify(T("ui.store.restored"));
  return true;
}

void Model::note_export() { library_->note_export(); }

void Model::post(const char* type) {
  nlohmann::json m = jobj{"t", type, "c", campaign_id_, "from", tab_id_, "since", opened_at_};
  platform::tabs::post(m.dump());
}

void Model::take_over() {
  if (read_only_ != ReadOnly::other_tab) return;
  // The other tab saves what it has first (on "take"), then follows; this tab reloads what it saved.
  post("take");
  library_->set_passive(false);
  library_->open();
  load_current(false);
  opened_at_ = 0;  // this tab's claim is now the oldest
  read_only_ = library_->read_only(campaign_id_) ? ReadOnly::newer : ReadOnly::no;
  notify(T("ui.store.taken_here"));
}

void Model::on_tab_message(const std::string& text) {
  auto m = nlohmann::json::parse(text, nullptr, false);
  if (!m.is_object() || !library_) return;
  auto s = [&](const char* k) { return m.contains(k) && m[k].is_string() ? m[k].get<std::string>() : std::string(); };
  const std::string type = s("t"), c = s("c"), from = s("from");
  if (from == tab_id_) return;
  const double since = m.contains("since") && m["since"].is_number() ? m["since"].get<double>() : 0;
  auto follow = [&] {
    // Re-read what the other tab stored; this tab shows it and writes nothing.
    std::string keep_alert = alert_;
    library_->set_passive(true);
    library_->open();
    load_current(false);
    alert_ = keep_alert;
    if (read_only_ == ReadOnly::no) read_only_ = ReadOnly::other_tab;
  };
  if (type == "hello" && c == campaign_id_ && read_only_ != ReadOnly::other_tab) {
    post("here");
  } else if (type == "here" && c == campaign_id_ && read_only_ == ReadOnly::no &&
             (since < opened_at_ || (since == opened_at_ && from < tab_id_))) {
    if (unsaved()) store_now();
    read_only_ = ReadOnly::other_tab;
    library_->set_passive(true);
    notify(T("ui.store.open_elsewhere"), true, 8.0);
  } else if (type == "take" && c == campaign_id_ && read_only_ != ReadOnly::other_tab) {
    if (unsaved()) store_now();
    read_only_ = ReadOnly::other_tab;
    library_->set_passive(true);
    post("handed");
    notify(T("ui.store.taken_elsewhere"), true, 8.0);
  } else if (type == "handed" && c == campaign_id_ && read_only_ == ReadOnly::no) {
    // The tab this one took over from stored its last change: show it (this tab saves from now on).
    library_->open();
    load_current(false);
    opened_at_ = 0;
  } else if (type == "saved" && c == campaign_id_ && read_only_ == ReadOnly::other_tab) {
    follow();
  } else if (type == "saved" && c == campaign_id_ && read_only_ == ReadOnly::no) {
    // Another tab wrote this campaign although this one holds it (the greeting got lost): never a silent
    // last-writer-wins — this tab keeps what it has unsaved as a campaign of its own, then follows.
    if (unsaved()) {
      auto copy = library_->add(io::save(session_), session_.state().name);
      (void)copy;
    }
    follow();
    notify(T("ui.store.open_elsewhere"), true, 8.0);
  } else if (type == "bye" && c == campaign_id_ && read_only_ == ReadOnly::other_tab) {
    // The tab that held the campaign closed (or left it): this one writes again, without a tap. Should yet
    // another tab hold it, its answer to the hello makes this one read-only again.
    library_->set_passive(false);
    library_->open();
    load_current(false);
    read_only_ = library_->read_only(campaign_id_) ? ReadOnly::newer : ReadOnly::no;
    post("hello");
    notify(T("ui.store.other_closed"));
  } else if (type == "storage") {
    const std::string key = s("key");
    const store::CampaignInfo* info = library_->find(campaign_id_);
    if (read_only_ == ReadOnly::other_tab && (key.empty() || (info && key == info->key))) follow();
  }
}

}  // namespace druzina::ui
