// The model behind the screens: the campaign session (state, undo/redo, log), the Rng, persistence and the
// notices the user sees. Screens read model().state() and change things ONLY through dispatch()/undo()/redo():
// every change is a core command, so it is validated, logged, undoable and saved.
//
// Persistence goes through the library (core/store/library.hpp): several campaigns, verified saves with
// backups, a Recovery place. A change is saved at once unless the last save was less than kSaveDebounceMs ago
// (then at the end of that interval), and always when the page is hidden. A save that failed is retried; until
// one succeeds the app shows a lasting "not saved" mark (save_state()).
#pragma once
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/rng.hpp"
#include "core/store/library.hpp"

namespace druzina::ui {

struct Notice {
  std::string text;
  bool error = false;
  double until_ms = 0;  // shown until then (ms, page clock)
  long long tx = 0;     // the log entry it tells of (0 = none): the log opens at it while the notice shows
};

enum class SaveState {
  saved,    // everything is stored
  pending,  // a change waits for its (debounced) save
  failed,   // the last save did not fit or was refused: the change lives only in this tab
  blocked,  // the browser gives no storage at all (private mode, disabled): everything lives in memory
};

enum class ReadOnly {
  no,
  newer,      // the campaign (or the whole library) was written by a newer app
  other_tab,  // the campaign is open in another tab, which is the one that saves; this tab follows it
};

// What a dispatched command did (the engine's transaction): its events, and the prompts and log lines they make.
// False when the command was refused (the model has shown why). Screens read their result here, never from the
// session's tail, through the rules' typed results (rules::attack_result(o.events), rules::luck_reroll …).
struct Outcome {
  bool ok = false;
  long long tx = 0;                        // the transaction's id (Campaign::last_tx after it)
  std::vector<campaign::Event> events;     // in the order they were applied
  std::vector<std::string> lines;          // its log lines in the UI's language (Model::dispatch fills them)
  explicit operator bool() const { return ok; }
  std::vector<nlohmann::json> prompts() const;  // the prompts it asked (prompt_created's prompt)
};

inline constexpr double kSaveDebounceMs = 250;
inline constexpr double kSaveRetryMs = 3000;

class Model {
 public:
  // Opens the library (migrating an older app's single campaign) and its active campaign; a value that does not
  // load is put into Recovery untouched and the newest good backup is loaded; the user is told.
  void start(std::uint64_t seed);

  // Runs a command; on success saves and returns what it did; on a refusal shows the message and returns an
  // Outcome that is false.
  Outcome dispatch(const nlohmann::json& command);
  // Undo and redo say what they took back or brought back. In player mode they reach only what was done in
  // player mode (Transaction::by "player"): a player cannot undo the DM's steps on the DM's phone.
  bool undo();
  bool redo();
  bool can_undo() const;
  bool can_redo() const;

  const campaign::Campaign& state() const { return session_.state(); }
  const campaign::Session& session() const { return session_; }
  Rng& rng() { return rng_; }

  void notify(std::string text, bool error = false, double seconds = 4.0, long long tx = 0);
  // A notice that does not push away the one showing (a start's alert about a damaged value, say): it waits and
  // shows, for `seconds`, when that one has gone (expired or cleared); at once when none shows.
  void notify_after(std::string text, bool error = false, double seconds = 4.0);
  const Notice& notice() const { return notice_; }
  void clear_notice() { notice_ = {}; }  // a waiting notice (notify_after) comes next
  const std::string& last_saved() const { return saved_text_; }

  // ---- persistence -------------------------------------------------------------------------------------
  void tick(double now_ms);  // each frame: the debounced save, retries of a failed one
  void flush();              // saves now if anything is unsaved (the page hides, the GPU context is lost)
  SaveState save_state() const { return save_state_; }
  bool unsaved() const { return save_state_ != SaveState::saved; }
  bool busy() const { return save_state_ == SaveState::pending; }  // keeps the loop awake for the save
  ReadOnly read_only() const { return read_only_; }
  // A lasting message about the last start (a damaged value, a backup loaded, a newer version …); "" = none.
  const std::string& alert() const { return alert_; }
  bool alert_error() const { return alert_error_; }
  void dismiss_alert() { alert_.clear(); }

  store::Library& library() { return *library_; }
  const std::string& campaign_id() const { return campaign_id_; }

  // ---- the campaign list ----------------------------------------------------------------------------------
  bool open_campaign(const std::string& id);  // saves the current one first
  bool new_campaign();                        // an empty campaign beside the others, opened
  bool duplicate_campaign(const std::string& id);
  bool delete_campaign(const std::string& id);  // into Recovery; undo_delete() while the app is open
  bool undo_delete();
  const std::string& last_deleted() const { return last_deleted_; }  // Recovery id, "" = nothing to undo
  // Removes a campaign that is not open, with its backups and Recovery copies, for good (its file was exported
  // first: Settings → Campaigns → Archive). False when it cannot go.
  bool archive_campaign(const std::string& id);

  // ---- the storage budget ---------------------------------------------------------------------------------
  // What the library takes of the browser's storage, measured again when older than max_age_ms (it reads every
  // stored value). Measured after saves at most once a minute and after a failed save: past 80 % of the budget
  // (or on a save that failed) a warning, once per run of the app.
  const store::Usage& usage(double max_age_ms = 2000);
  void set_storage_budget(long long units);  // the tests lower it (the next save checks it again)
  // The library's clock runs this much ahead of the wall clock: the tests bring "an hour of play later" (backups
  // are made at most every store::kBackupEvery) without waiting for it.
  void advance_library_clock(long long ms) { library_clock_offset_ += ms; }

  // ---- Recovery, export, import ---------------------------------------------------------------------------
  // Puts a text (a Recovery item's, a backup's, an import's) into a campaign: into `into` (its current value
  // goes into Recovery) or, when `into` is empty, as a new campaign. The text must load (io::load). Opens it.
  bool restore_text(const std::string& text, const std::string& into);
  std::string current_text();  // the current campaign's save text
  std::optional<std::string> campaign_text(const std::string& id);  // any campaign's (the open one's: current_text)
  // Replaces the open campaign's state and history by `session` (a newer share link of the same campaign, or the
  // undo of one): saved like a change, so the state it replaces becomes the campaign's newest backup. False (and
  // a notice) when the campaign is read-only.
  bool replace_session(campaign::Session session);
  void note_export();          // an export of the current campaign (or of everything) was made
  // Another tab has this campaign: take over (this tab saves from now on, the other one follows).
  void take_over();
  void on_tab_message(const std::string& json);

 private:
  void save();
  bool store_now();
  void load_current(bool announce);
  void announce(const store::Loaded& loaded);
  // The tab's note of changes that a full storage refused (platform::tab_storage(), key "unsaved"): written after
  // a save that did not store the value, removed by one that did; read at the start, which says what was lost.
  void note_unsaved();
  void clear_unsaved_note();
  void tell_unsaved_lost();
  void post(const char* type);
  bool refuse_read_only();
  void become_writer();

  void retire() { retired_ = session_.state(); }

  campaign::Session session_;
  // The state before the last change, kept until the next frame begins (tick): a screen that changes the state
  // in the middle of drawing (a button inside a loop over the creatures) may still hold references into the old
  // state for the rest of that frame. A copy shares the creature and note lists, so this costs little.
  std::optional<campaign::Campaign> retired_;
  Rng rng_;
  Notice notice_;
  std::vector<Notice> waiting_;  // notify_after's notices, in order (until_ms holds how long each shows)
  std::string saved_text_;
  std::unique_ptr<store::Library> library_;
  std::string campaign_id_;
  SaveState save_state_ = SaveState::saved;
  ReadOnly read_only_ = ReadOnly::no;
  bool storage_blocked_ = false;
  double last_save_ms_ = -1e9, last_try_ms_ = -1e9;
  long long unsaved_steps_ = 0;  // changes (commands, undos, redos) since the campaign's value was last stored
  long long came_back_ = 0;      // the last load's steps brought back from the journal past the stored value
  std::string unsaved_note_;     // the tab's note as this run wrote it ("" = none written)
  std::string alert_;
  bool alert_error_ = false;
  std::string last_deleted_;
  std::string tab_id_;
  double opened_at_ = 0;  // this tab's claim on the campaign (earlier wins)
  store::Usage usage_;
  long long storage_budget_ = store::kStorageBudget;
  long long library_clock_offset_ = 0;
  double usage_at_ = -1e18, usage_checked_at_ = -1e18;  // measured; checked after a save
  bool usage_warned_ = false;
  void check_usage(bool failed);
};

Model& model();
double now_ms();  // the page clock (set by the app each frame)
void set_now_ms(double ms);

}  // namespace druzina::ui
