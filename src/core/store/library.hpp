// The library: every campaign this device keeps, its backups and a Recovery place, on top of a plain key-value
// store (localStorage in the browser, files natively, memory in tests). Pure logic, no platform code.
//
// Keys (the web platform prefixes each with "druzina."):
//   library                 the index (this file's Index as JSON): campaigns, recovery items, export times
//   campaign                the single campaign of apps before the library (kept as campaign "1"'s key)
//   campaign.<id>[.<n>]     a campaign's current save text (io::save); a new key when the old one is put aside
//   backup.<id>.<slot>      earlier good saves of the campaign, packed (store/packed.hpp); kBackups slots, written
//                           at most every kBackupEvery (the policy: rotate_slot() in library.cpp, docs/storage.md)
//   journal.<id>            the steps made since the newest backup (store/journal.hpp), written before each save
//   recovery.<n>            copies kept for Recovery (when a value could not stay where it was)
//   lang, ui.*              the device's settings (not the library's business)
//
// The guarantees:
//   - save(): writes the new text, reads it back and compares; only then, when the newest backup is kBackupEvery
//     old, the previous good text goes (packed) into a backup slot. A write that fails (quota, private mode, blocked storage) leaves the previous value where it
//     was (localStorage and the native file store replace a value atomically); a read-back that differs puts the
//     previous good text back.
//   - load(): a value that does not load (io::load refuses it: not JSON, damaged, failed checksum, …) is never
//     changed or deleted: its key is handed to Recovery as it is (no copy, so a 4 MB value costs nothing more),
//     the campaign continues under a fresh key, from its newest backup that loads.
//   - The journal: each step of the open campaign is written to its journal before the save that follows; a value
//     that does not load, is missing or is behind the journal (its save did not reach the storage) is rebuilt from
//     the backup the journal starts from with its steps replayed (LoadStatus::from_journal). A due backup trims
//     the journal to the steps after it; a step past kJournalMax, a failed journal write or a session replaced as
//     a whole (journal_reset) make the next save back up its own text and start the journal afresh.
//   - A value written by a newer app (save.err.too_new) is never written over: the campaign opens read-only
//     (showing its newest readable backup) until the user restores something else into it.
//   - Recovery items are never overwritten; make_room() removes them only when space is needed, oldest first,
//     and only those whose export was offered to the user (RecoveryItem::offered).
#pragma once
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/session.hpp"

namespace druzina::store {

using json = nlohmann::json;

// A key-value store. set() returns false when the value was not stored (quota, private mode, blocked).
class Kv {
 public:
  virtual ~Kv() = default;
  virtual std::optional<std::string> get(const std::string& key) = 0;
  virtual bool set(const std::string& key, const std::string& value) = 0;
  virtual bool remove(const std::string& key) = 0;
  virtual std::vector<std::string> keys() = 0;
};

inline constexpr int kLibraryVersion = 1;
inline constexpr int kBackups = 3;
// Backups span real time: a save rotates the previous good text into a slot only when the newest backup is at
// least kBackupEvery old; when every slot is taken, the newest is replaced while it is under kBackupHour younger
// than the next, else the middle one while the two older are under kBackupDay apart, else the oldest. So the
// slots hold about: minutes ago, up to an hour or two ago, and the start of the day's play (the first save after
// a pause — the previous session's end).
inline constexpr long long kBackupEvery = 10LL * 60 * 1000;
inline constexpr long long kBackupHour = 60LL * 60 * 1000;
inline constexpr long long kBackupDay = 24LL * 60 * 60 * 1000;

struct Backup {
  int slot = 0;
  long long at = 0;  // wall clock ms when it became a backup (= when the save that replaced it was made)
};

struct CampaignInfo {
  std::string id;    // "1", "2", … never reused
  std::string name;  // the campaign's name at its last save ("" = not named yet)
  std::string key;   // where its current text lives
  long long created = 0, updated = 0;  // wall clock ms
  long long saves = 0;
  std::vector<Backup> backups;  // newest first
  json extra = json::object();  // unknown fields, kept
};

// Kinds of Recovery items.
//   damaged  a stored value that did not load (reason = the load error)
//   newer    a value written by a newer app version (never written over; the campaign is read-only)
//   replaced a campaign's value replaced by a restore or an import
//   deleted  a campaign deleted from the list
//   stray    a value under a key the library does not know (a renamed key, an old app's leftovers)
struct RecoveryItem {
  std::string id;        // "r1", "r2", …
  std::string kind;
  std::string key;       // the stored value (Recovery's own: nothing writes to it)
  std::string campaign;  // the campaign it came from ("" for stray)
  std::string name;      // that campaign's name then
  long long at = 0;      // when it was put aside (wall clock ms)
  long long bytes = 0;
  std::string reason;    // translation key (save.err.*) and its args, for damaged/newer
  json reason_args = json::object();
  bool offered = false;  // its export was offered to the user: make_room() may remove it when space runs out
  json extra = json::object();
};

struct Index {
  int version = kLibraryVersion;
  std::string active;  // the campaign opened last
  long long next_id = 1, next_recovery = 1, next_key = 1;
  std::vector<CampaignInfo> campaigns;
  std::vector<RecoveryItem> recovery;  // oldest first
  long long last_export = 0;           // wall clock ms of the last export (0 = never)
  long long changed_since_export = 0;  // first change after the last export (0 = none)
  json extra = json::object();
};
void to_json(json& j, const Index& index);
Index index_from_json(const json& j);  // throws UserError on a wrong shape

// What the library takes of the browser's storage, in the units browsers count (UTF-16 code units of each key,
// with the web platform's "druzina." prefix, and value). Backups and Recovery's copies count: they are what
// make_room() trims first; a campaign's own value is never trimmed.
inline constexpr long long kStorageBudget = 5LL * 1024 * 1024;  // localStorage per origin in the common browsers
inline constexpr int kStorageWarnPercent = 80;
struct Usage {
  struct Campaign {
    std::string id;
    long long own = 0, backups = 0;
  };
  std::vector<Campaign> campaigns;  // in the index's order
  long long recovery = 0;  // Recovery's copies, and backups of campaigns no longer in the list
  long long other = 0;     // the index and the device's own settings (language, UI)
  long long total = 0;
  long long budget = kStorageBudget;
  int percent() const { return budget > 0 ? static_cast<int>(total * 100 / budget) : 0; }
  bool near_full() const { return percent() >= kStorageWarnPercent; }
};
long long storage_units(std::string_view key, std::string_view value);  // UTF-16 code units of both

// What happened when a campaign was loaded.
enum class LoadStatus {
  ok,            // its value loaded
  fresh,         // nothing stored yet: an empty campaign
  from_backup,   // its value did not load or was missing; the newest good backup was loaded
  from_journal,  // its value did not load, was missing or was behind: the journal's backup with its steps replayed
  lost,          // its value did not load and no backup did: an empty campaign (the value is in Recovery)
  newer,         // written by a newer app: read-only (showing the newest readable backup, or empty)
};

struct Loaded {
  campaign::Session session;
  LoadStatus status = LoadStatus::ok;
  std::string reason;  // why the value did not load (translation key + args), for from_backup/lost/newer
  json reason_args = json::object();
  long long backup_at = 0;     // from_backup: when that backup was made
  std::string recovery_id;     // the Recovery item holding the value that did not load
  bool missing = false;        // from_backup: the value was not there at all (a renamed or removed key)
  long long replayed = 0;      // from_journal (and newer): the journal's steps replayed (behind: those the value lacked)
  bool journal_damaged = false;  // from_journal: a step of the journal did not check or apply; replay stopped there
  bool behind = false;         // from_journal: the value loaded but lacked the journal's last steps
};

// incomplete: the value is stored, but a backup, the journal or the index was not (tried again at the next save,
// which may be of the same text).
enum class SaveStatus { saved, unchanged, failed, read_only, incomplete };

struct Preview {
  bool loads = false;  // io::load accepts it
  std::string reason;  // otherwise why not
  json reason_args = json::object();
  std::string name;
  int creatures = 0;
  std::vector<std::string> names;  // the first few creatures' names
  long long history = 0;           // transactions in its undo history
  std::string text;                // the save text (a packed backup unpacked; for export and restore)
  bool packed_damaged = false;     // a packed backup that does not unpack: text is only its packed form
  // Only its checksum is wrong (save.err.checksum) and its content validates (io::load_tolerant): its content saved
  // afresh (a new checksum), for opening it anyway as a new campaign after the user read what that means; "" else.
  // name, creatures, names and history then describe that content.
  std::string anyway;
};

class Library {
 public:
  using Clock = std::function<long long()>;
  Library(Kv& kv, Clock wall_ms);

  // Reads the index, or builds it: from an older app's single "campaign" key (kept in place as campaign "1"),
  // "campaign.previous" / "campaign.unreadable" (into Recovery), or an empty campaign. A damaged index is rebuilt
  // from the keys (its text goes to Recovery). Lists keys nobody knows as stray Recovery items.
  void open();
  bool newer_library() const { return newer_library_; }  // the index comes from a newer app: write nothing
  // open() rebuilt the index (it was damaged or removed): from the stored campaigns' own names and dates, the
  // campaign that was open kept where the damaged index still names it (else the one changed last).
  bool rebuilt_index() const { return rebuilt_index_; }
  // Passive: another tab holds the library's campaign and writes; this one only reads (writes nothing at all).
  void set_passive(bool passive) { passive_ = passive; }
  bool passive() const { return passive_; }

  const Index& index() const { return index_; }
  const CampaignInfo* find(const std::string& id) const;
  const RecoveryItem* find_recovery(const std::string& id) const;

  // Loads a campaign with the fallbacks described above; remembers its text as the last good one.
  Loaded load(const std::string& id, const campaign::Engine& engine = campaign::Engine::standard());
  void set_active(const std::string& id);

  // Verified save of a campaign's text; `name` goes into the index. On failure the previous value stays and
  // make_room() was tried first.
  SaveStatus save(const std::string& id, const std::string& text, const std::string& name);
  bool read_only(const std::string& id) const;
  bool has_unsaved_index() const { return index_dirty_; }
  bool flush_index();  // writes the index if a previous write failed
  // Something a save wrote in part (a backup, the journal, the index) is still to be written.
  bool has_unfinished_writes() const;

  // The journal (journal.hpp). A step of an open campaign, written at once (before the save that follows);
  // `after` is the session after it. False when it could not be written (the next save then backs up its whole
  // text instead). Nothing is written for a read-only or passive campaign.
  bool journal(const std::string& id, json step, const campaign::Session& after);
  // The campaign's session was replaced as a whole (a link, a restore): the journal no longer leads to it. It is
  // voided at once; the next save backs up its text and starts the journal afresh.
  void journal_reset(const std::string& id, const campaign::Session& now);

  // A new campaign (written at its first save); returns its id.
  std::string create(const std::string& name);
  // A copy of a campaign's current text under a new id; nullopt when it does not fit.
  std::optional<std::string> duplicate(const std::string& id, const std::string& text, const std::string& name);
  // Moves a campaign into Recovery (kind "deleted"); returns the item's id. Never the last campaign.
  std::optional<std::string> remove(const std::string& id);
  // Removes a campaign, its backups and its Recovery copies for good — after its file was exported (archiving);
  // never the campaign open now, never the last one. False when nothing was removed.
  bool archive(const std::string& id);
  // Sizes of everything the library keeps (reads every stored value: call it on demand, not every frame).
  Usage usage(long long budget = kStorageBudget);
  // Brings a deleted campaign back into the list (undo of remove()).
  bool undelete(const std::string& recovery_id);
  // Replaces a campaign's value by `text` (a restore or an import): the current value goes into Recovery
  // (kind "replaced"), the text is written to a fresh key. False (nothing changed) when it does not fit.
  bool replace(const std::string& id, const std::string& text, const std::string& name);
  // Adds a campaign from a text (restore of a stray or deleted item, an import as new). nullopt = no space.
  std::optional<std::string> add(const std::string& text, const std::string& name);

  // Recovery: what a stored value holds; its text; marking its export as offered; removing it by hand.
  // text_of() and backup_text() unpack a packed value (a backup); one that does not unpack comes back as stored
  // and preview() says why it does not load.
  std::optional<std::string> text_of(const RecoveryItem& item);
  std::optional<std::string> backup_text(const std::string& key);
  Preview preview(const std::string& text, const campaign::Engine& engine = campaign::Engine::standard()) const;
  void mark_offered(const std::string& recovery_id);
  bool forget(const std::string& recovery_id);
  // Backups of a campaign as (key, at), newest first.
  std::vector<std::pair<std::string, long long>> backups_of(const std::string& id) const;

  // Export bookkeeping.
  void note_export();
  bool export_reminder_due() const;  // a week of play since the first change after the last export

  // Frees space: oldest backups beyond the newest of each campaign, then offered Recovery items oldest first.
  // Returns whether anything was removed.
  bool make_room(const std::string& keep_campaign);

  static std::string backup_key(const std::string& id, int slot);

 private:
  bool write_index();
  CampaignInfo* find_mut(const std::string& id);
  std::string fresh_key(const std::string& id);
  RecoveryItem& add_recovery(std::string kind, std::string key, const CampaignInfo* from, long long bytes);
  void rebuild_from_keys(const std::vector<std::string>& keys);
  void keep_active(const std::string& damaged_index);
  void adopt_strays(const std::vector<std::string>& keys);
  bool set_with_room(const std::string& key, const std::string& value, const std::string& keep_campaign);
  bool rotate_backup(CampaignInfo& c, const std::string& previous, long long now);
  bool rebuild_from_journal(const CampaignInfo& c, const campaign::Engine& engine, Loaded& out);
  void check_journal(const CampaignInfo& c, const std::string& position, const campaign::Engine& engine,
                     Loaded& out);
  bool write_journal(const std::string& id);
  bool save_journal_part(CampaignInfo& c, const std::string& text, const std::string* prev, long long now,
                         bool changed);

  // The journal of a campaign as this run keeps it (valid: it leads from its base to the last good text plus
  // the steps after it; rebase: the next save backs up its own text and starts it afresh).
  struct JournalState {
    std::string base;          // journal.hpp's base ("-" or a checksum)
    std::vector<std::string> lines;  // the steps' lines
    size_t bytes = 0;          // of the stored text
    size_t at_save = 0;        // steps that lead to the last good text
    std::string pos;           // position() after the last step
    bool valid = false, rebase = false, dirty = false;
    bool used = false;     // steps were handed over in this run (else saves leave the journal alone)
    bool stepped = false;  // a step (or a rebuild) came since the last save
  };
  std::map<std::string, JournalState> journals_;
  Kv& kv_;
  Clock now_;
  Index index_;
  bool newer_library_ = false;
  bool rebuilt_index_ = false;
  bool passive_ = false;
  bool index_dirty_ = false;
  std::map<std::string, std::string> last_good_;  // campaign id → its last text known to be stored
  std::map<std::string, bool> read_only_;         // campaign id → opened read-only (newer value)
};

}  // namespace druzina::store
