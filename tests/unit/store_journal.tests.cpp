// The journal beside the save (core/store/journal.hpp, Library::journal): the library driven as the app drives it
// (each step journaled, then saved), then the stored value damaged in every way the browser can leave it. Each
// damage loses no change: the journal's backup with its steps replayed gives the state of the last step. A
// damaged journal entry stops the replay there (said, never a crash); a value behind the journal (its save did
// not reach the storage) is brought forward; failed writes make a save "incomplete" and are written again.
#include <map>
#include <set>

#include "../scenario/campaign_fixture.hpp"
#include "core/i18n.hpp"
#include "core/io/save.hpp"
#include "core/rules/potions/potions.hpp"
#include "core/store/journal.hpp"
#include "core/store/library.hpp"
#include "core/store/packed.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// localStorage-like, with faults: keys whose writes fail, a number of writes after which all fail.
struct FaultKv final : store::Kv {
  std::map<std::string, std::string> data;
  std::set<std::string> failing;  // exact keys, or a prefix ending in '*'
  long long writes_left = -1;     // -1: no limit
  std::optional<std::string> get(const std::string& k) override {
    auto it = data.find(k);
    if (it == data.end()) return std::nullopt;
    return it->second;
  }
  bool set(const std::string& k, const std::string& v) override {
    for (const auto& f : failing)
      if (f == k || (f.ends_with('*') && k.rfind(f.substr(0, f.size() - 1), 0) == 0)) return false;
    if (writes_left == 0) return false;
    if (writes_left > 0) --writes_left;
    data[k] = v;
    return true;
  }
  bool remove(const std::string& k) override { return data.erase(k) > 0; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    for (const auto& [k, v] : data) out.push_back(k);
    return out;
  }
};

long long clock_ms = 1'800'000'000'000;
int potions(const Session& s) { return rules::potion_warning_threshold(s.state()); }

// The app's way with the library (ui/model.cpp): each step journaled at once, then the save.
struct Play {
  FaultKv& kv;
  store::Library lib;
  std::string id;
  Session s;
  Rng rng{7};
  explicit Play(FaultKv& k) : kv(k), lib(k, [] { return clock_ms; }) {
    lib.open();
    id = lib.index().active;
  }
  store::SaveStatus save() { return lib.save(id, io::save(s), s.state().name); }
  store::SaveStatus run(const json& command) {
    const auto& tx = s.dispatch(command, rng, clock_ms);
    lib.journal(id, store::step_tx(tx), s);
    return save();
  }
  store::SaveStatus undo() {
    s.undo();
    lib.journal(id, store::step_undo(1), s);
    return save();
  }
  store::SaveStatus redo() {
    s.redo();
    lib.journal(id, store::step_redo(1), s);
    return save();
  }
};

// A campaign played over three "sessions" an hour apart (backups rotate), with undo and redo and rolls among
// the steps after the newest backup.
void play(Play& p) {
  p.s = p.lib.load(p.id).session;
  REQUIRE(p.run({{"type", "CreateCampaign"}, {"name", "Les"}}) == store::SaveStatus::saved);
  for (int hour = 1; hour <= 3; ++hour) {
    clock_ms += store::kBackupHour;
    REQUIRE(p.run({{"type", "SetSettings"}, {"potion_warning_threshold", hour}}) == store::SaveStatus::saved);
    clock_ms += 1000;
    REQUIRE(p.run({{"type", "AddCreature"}, {"name", "Goblin " + std::to_string(hour)}, {"kind", "monster"},
                   {"max_hp", 7}}) == store::SaveStatus::saved);
  }
  clock_ms += 1000;
  REQUIRE(p.run({{"type", "StartEncounter"}}) == store::SaveStatus::saved);  // rolls initiative
  REQUIRE(p.run({{"type", "SetSettings"}, {"potion_warning_threshold", 8}}) == store::SaveStatus::saved);
  REQUIRE(p.undo() == store::SaveStatus::saved);
  REQUIRE(p.redo() == store::SaveStatus::saved);
  REQUIRE(p.undo() == store::SaveStatus::saved);
  REQUIRE(p.run({{"type", "SetSettings"}, {"potion_warning_threshold", 9}}) == store::SaveStatus::saved);
  REQUIRE(p.run({{"type", "AddNote"}, {"text", "The bridge troll wants three silver."}}) == store::SaveStatus::saved);
}

// A newer app's save: the body's schemaVersion raised, the checksum made again (as that app would write it).
std::string newer_version(const std::string& text) {
  json env = json::parse(text);
  env["body"]["schemaVersion"] = 99;
  std::string body = env["body"].dump();
  return R"({"format":"druzina-save","version":1,"checksum":"fnv1a64:)" + store::text_checksum(body) +
         R"(","body":)" + body + "}";
}

std::string flip_byte(std::string text) {
  auto at = text.find("troll");
  REQUIRE(at != std::string::npos);
  text[at] = 'T';
  return text;
}

}  // namespace

TEST_CASE("journal: every damage to the stored value loses no change — the backup with the journal replayed",
          "[store][journal]") {
  const std::vector<std::pair<const char*, std::function<std::optional<std::string>(const std::string&)>>> damages = {
      {"truncated", [](const std::string& v) { return v.substr(0, v.size() / 2); }},
      {"junk", [](const std::string&) { return std::string("ž#@!junk"); }},
      {"empty", [](const std::string&) { return std::string(); }},
      {"null", [](const std::string&) { return std::string("null"); }},
      {"byte-flipped", [](const std::string& v) { return flip_byte(v); }},
      {"over-nested", [](const std::string&) { return std::string(5000, '[') + std::string(5000, ']'); }},
      {"newer format", [](const std::string& v) { return newer_version(v); }},
      {"4 MB of junk", [](const std::string&) { return std::string(4 * 1024 * 1024, 'x'); }},
      {"missing", [](const std::string&) { return std::optional<std::string>(); }},
  };
  for (const auto& [what, damage] : damages) {
    INFO(what);
    FaultKv kv;
    Play p(kv);
    play(p);
    const std::string last = io::save(p.s);
    const std::string key = p.lib.find(p.id)->key;
    // The journal holds only the steps since the newest backup.
    auto journal = store::read_journal(kv.data.at(store::journal_key(p.id)));
    REQUIRE(journal.header);
    REQUIRE_FALSE(journal.damaged);
    CHECK(journal.steps.size() == 9);  // the third hour's steps (the backup holds the second's): its threshold … the note
    auto bad = damage(kv.data.at(key));
    if (bad) kv.data[key] = *bad;
    else kv.data.erase(key);

    Play again(kv);
    store::Library& lib = again.lib;
    auto loaded = lib.load(again.id);
    const bool newer = std::string(what) == "newer format";
    REQUIRE(loaded.status == (newer ? store::LoadStatus::newer : store::LoadStatus::from_journal));
    REQUIRE(loaded.replayed == 9);
    REQUIRE_FALSE(loaded.journal_damaged);
    REQUIRE(io::save(loaded.session) == last);  // every step: the same rolls, the undo and redo, the note
    REQUIRE(potions(loaded.session) == 9);
    REQUIRE(loaded.session.redo_depth() == 0);
    REQUIRE(loaded.backup_at > 0);
    // The damaged value is kept as it was; the rebuilt campaign saves to a fresh key and loads from there.
    if (bad) REQUIRE(kv.data.at(key) == *bad);
    if (newer) continue;  // read-only: nothing is written over a newer app's value
    REQUIRE(lib.save(again.id, io::save(loaded.session), "Les") == store::SaveStatus::saved);
    Play third(kv);
    auto reloaded = third.lib.load(third.id);
    REQUIRE(reloaded.status == store::LoadStatus::ok);
    REQUIRE(io::save(reloaded.session) == last);
  }
}

TEST_CASE("journal: the messages say what happened in cs, uk and en, without nested brackets", "[store][journal]") {
  for (Lang lang : kLangs) {
    for (long long n : {1LL, 3LL, 9LL}) {
      const std::string from = tr(lang, "ui.store.journal_from", {{"time", "7. 12. 2026 8:00"}});
      const std::string reason = tr(lang, "save.err.checksum");
      for (const char* key : {"ui.store.from_journal", "ui.store.behind"}) {
        std::string text = tr(lang, key, {{"reason", reason}, {"from", from}, {"n", n}});
        INFO(text);
        CHECK(text.find('{') == std::string::npos);
        CHECK(text.find(std::to_string(n)) != std::string::npos);
        CHECK(text.find(".).") == std::string::npos);
        CHECK(text != key);
      }
      std::string lost = tr(lang, "ui.store.from_backup", {{"reason", reason}, {"time", "x"}});
      CHECK(lost.find(".)") == std::string::npos);
    }
  }
}

TEST_CASE("journal: a damaged entry stops the replay at the last good one, and says so", "[store][journal]") {
  for (const char* how : {"flipped", "cut", "junk line", "no header"}) {
    INFO(how);
    FaultKv kv;
    Play p(kv);
    play(p);
    kv.data[p.lib.find(p.id)->key] = "{ broken";
    std::string& j = kv.data.at(store::journal_key(p.id));
    // the fourth step's line (after the header)
    size_t at = 0;
    for (int line = 0; line < 4; ++line) at = j.find('\n', at) + 1;
    const std::string how_s = how;
    if (how_s == "flipped") j[at + 30] = j[at + 30] == 'a' ? 'b' : 'a';
    if (how_s == "cut") j = j.substr(0, at + 40);
    if (how_s == "junk line") j.insert(at, "0123456789abcdef {\"op\":\"tx\"}\n");
    if (how_s == "no header") j = "dzjournal9 -\n" + j;

    Play again(kv);
    auto loaded = again.lib.load(again.id);
    if (how_s == "no header") {  // not a journal: the newest backup, as without one
      REQUIRE(loaded.status == store::LoadStatus::from_backup);
      continue;
    }
    REQUIRE(loaded.status == store::LoadStatus::from_journal);
    REQUIRE(loaded.journal_damaged);
    REQUIRE(loaded.replayed == 3);
    REQUIRE(loaded.session.state().creatures.size() == 3);  // the third goblin (in the journal's first steps)
    // The stored journal now ends at the last good step: the next steps follow it, and replay again.
    again.s = loaded.session;
    REQUIRE(again.save() == store::SaveStatus::saved);
    auto jr = store::read_journal(kv.data.at(store::journal_key(again.id)));
    REQUIRE_FALSE(jr.damaged);
    REQUIRE(jr.steps.size() == 3);
  }
}

TEST_CASE("journal: a save that did not reach the storage is brought back from the journal", "[store][journal]") {
  FaultKv kv;
  Play p(kv);
  play(p);
  const std::string key = p.lib.find(p.id)->key;
  const std::string stored = kv.data.at(key);
  kv.failing = {key};  // the value's writes fail, the journal's do not
  REQUIRE(p.run({{"type", "AddNote"}, {"text", "Lost unless journaled."}}) == store::SaveStatus::failed);
  REQUIRE(p.run({{"type", "SetSettings"}, {"potion_warning_threshold", 4}}) == store::SaveStatus::failed);
  const std::string last = io::save(p.s);
  REQUIRE(kv.data.at(key) == stored);
  kv.failing.clear();

  Play again(kv);
  auto loaded = again.lib.load(again.id);
  REQUIRE(loaded.status == store::LoadStatus::from_journal);
  REQUIRE(loaded.behind);
  REQUIRE(loaded.replayed == 2);  // the two steps whose save failed
  REQUIRE(loaded.reason == "store.err.behind");
  REQUIRE(io::save(loaded.session) == last);
  REQUIRE(loaded.recovery_id.empty());  // the value was good: nothing for Recovery
  // Saved (forward), the journal still leads to it: damaged now, it comes back once more.
  again.s = loaded.session;
  REQUIRE(again.save() == store::SaveStatus::saved);
  kv.data[again.lib.find(again.id)->key] = "junk";
  Play third(kv);
  auto back = third.lib.load(third.id);
  REQUIRE(back.status == store::LoadStatus::from_journal);
  REQUIRE(io::save(back.session) == last);
  // A value that holds every step is not "behind".
  Play fourth(kv);
  fourth.lib.load(fourth.id);
  fourth.s = back.session;
  REQUIRE(fourth.save() == store::SaveStatus::saved);
  Play fifth(kv);
  REQUIRE(fifth.lib.load(fifth.id).status == store::LoadStatus::ok);
}

TEST_CASE("journal: failed writes of a backup, the journal or the index make the save incomplete, then are retried",
          "[store][journal]") {
  for (const char* what : {"backup.*", "journal.*", "library"}) {
    INFO(what);
    FaultKv kv;
    Play p(kv);
    play(p);
    kv.failing = {what};
    clock_ms += store::kBackupHour;  // a backup is due
    REQUIRE(p.run({{"type", "AddNote"}, {"text", "First of the new hour."}}) == store::SaveStatus::incomplete);
    REQUIRE(p.lib.has_unfinished_writes());
    REQUIRE(p.run({{"type", "AddNote"}, {"text", "Second."}}) != store::SaveStatus::saved);
    REQUIRE(p.save() == store::SaveStatus::incomplete);  // the retry, while it still fails
    kv.failing.clear();
    REQUIRE(p.save() != store::SaveStatus::incomplete);  // the retry writes what was missing
    REQUIRE_FALSE(p.lib.has_unfinished_writes());
    const std::string last = io::save(p.s);
    // And the journal leads to the last step again: the value damaged, nothing is lost.
    kv.data[p.lib.find(p.id)->key] = "{";
    Play again(kv);
    auto loaded = again.lib.load(again.id);
    REQUIRE(loaded.status == store::LoadStatus::from_journal);
    REQUIRE(io::save(loaded.session) == last);
  }
}

TEST_CASE("journal: setItem failing after the first call — nothing reported as saved that is not", "[store][journal]") {
  FaultKv kv;
  Play p(kv);
  play(p);
  clock_ms += store::kBackupHour;
  kv.writes_left = 1;  // the journal's write goes through; the value, the backup and the index do not
  REQUIRE(p.run({{"type", "AddNote"}, {"text", "After the first write."}}) == store::SaveStatus::failed);
  kv.writes_left = 2;  // the value and the backup go through, the journal and the index do not
  REQUIRE(p.save() == store::SaveStatus::incomplete);
  kv.writes_left = -1;
  REQUIRE(p.save() == store::SaveStatus::unchanged);
  REQUIRE_FALSE(p.lib.has_unfinished_writes());
}

TEST_CASE("journal: bounded — past kJournalMax the save backs up its own text and starts the journal afresh",
          "[store][journal]") {
  FaultKv kv;
  Play p(kv);
  play(p);
  const std::string long_text(3000, 'a');
  for (int i = 0; i < 120; ++i) {
    REQUIRE(p.run({{"type", "AddNote"}, {"text", long_text + std::to_string(i)}}) == store::SaveStatus::saved);
    REQUIRE(kv.data.at(store::journal_key(p.id)).size() <= store::kJournalMax);
  }
  const std::string last = io::save(p.s);
  kv.data[p.lib.find(p.id)->key] = "";
  Play again(kv);
  auto loaded = again.lib.load(again.id);
  REQUIRE(loaded.status == store::LoadStatus::from_journal);
  REQUIRE(io::save(loaded.session) == last);
  REQUIRE(loaded.session.state().notes.size() == 121);
}

TEST_CASE("journal: a restore or a replaced session voids the journal - a hostile journal is refused whole",
          "[store][journal]") {
  FaultKv kv;
  Play p(kv);
  play(p);
  // A session replaced as a whole: the journal is voided at once; the next save starts it from its text.
  Session other;
  Rng r(1);
  other.dispatch({{"type", "CreateCampaign"}, {"name", "Jiná"}}, r);
  p.s = other;
  p.lib.journal_reset(p.id, p.s);
  REQUIRE(store::read_journal(kv.data.at(store::journal_key(p.id))).base == "?");
  REQUIRE(p.save() == store::SaveStatus::saved);
  REQUIRE(p.run({{"type", "SetSettings"}, {"potion_warning_threshold", 6}}) == store::SaveStatus::saved);
  const std::string last = io::save(p.s);
  kv.data[p.lib.find(p.id)->key] = "null";
  Play again(kv);
  auto loaded = again.lib.load(again.id);
  REQUIRE(loaded.status == store::LoadStatus::from_journal);
  REQUIRE(io::save(loaded.session) == last);
  // Hostile journals: never a crash, never more than the bound read.
  for (const std::string& text : {std::string(), std::string("dzjournal1 "), std::string("dzjournal1 zz\n"),
                                  std::string("dzjournal1 -\n") + std::string(store::kJournalMax * 2, 'x'),
                                  std::string("dzjournal1 -\n") + store::journal_line(json::array({1, 2})),
                                  std::string("dzjournal1 -\n") + store::journal_line({{"op", "undo"}, {"n", -1}}),
                                  std::string("dzjournal1 -\n") + store::journal_line({{"op", "tx"}, {"tx", {{"id", 5}}}})}) {
    auto jr = store::read_journal(text);
    Session s;
    CHECK(store::replay(s, jr.steps) == 0);
  }
}

TEST_CASE("library: a damaged or removed index is rebuilt from the campaigns' own names and dates, the open one kept",
          "[store]") {
  for (const char* how : {"damaged", "removed"}) {
    INFO(how);
    FaultKv kv;
    Play p(kv);
    play(p);  // "Les", campaign 1
    const std::string second = p.lib.create("");
    p.lib.load(second);
    Session other;
    Rng r(2);
    clock_ms += 1000;
    other.dispatch({{"type", "CreateCampaign"}, {"name", "Důl"}}, r, clock_ms);
    REQUIRE(p.lib.save(second, io::save(other), "Důl") == store::SaveStatus::saved);
    p.lib.set_active(p.id);  // campaign 1 is open, though campaign 2 changed last
    const std::string index = kv.data.at("library");
    if (std::string(how) == "damaged") kv.data["library"] = index.substr(0, index.find("\"campaigns\""));
    else kv.data.erase("library");

    FaultKv& k = kv;
    store::Library lib(k, [] { return clock_ms; });
    lib.open();
    REQUIRE(lib.rebuilt_index());
    REQUIRE(lib.index().campaigns.size() == 2);
    for (const auto& c : lib.index().recovery) REQUIRE(c.kind != "stray");  // no campaign listed as stray items
    REQUIRE(lib.find(p.id)->name == "Les");
    REQUIRE(lib.find(second)->name == "Důl");
    REQUIRE(lib.find(p.id)->updated > 0);
    // The open one: named by the damaged index; with none left, the one changed last.
    REQUIRE(lib.index().active == (std::string(how) == "damaged" ? p.id : second));
    REQUIRE(lib.load(p.id).status == store::LoadStatus::ok);
  }
}

TEST_CASE("library: a save whose only fault is its checksum can be opened anyway, as a new campaign", "[store]") {
  FaultKv kv;
  Play p(kv);
  play(p);
  std::string text = io::save(p.s);
  const auto at = text.find("\"Les\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, 5, "\"Lez\"");  // still a valid campaign; its checksum no longer matches
  store::Preview pv = p.lib.preview(text);
  REQUIRE_FALSE(pv.loads);
  REQUIRE(pv.reason == "save.err.checksum");
  REQUIRE_FALSE(pv.anyway.empty());
  REQUIRE(pv.creatures == 3);
  // What it would open: the content, saved afresh with its own checksum, strict loading accepts it.
  REQUIRE(p.lib.preview(pv.anyway).loads);
  auto id = p.lib.add(pv.anyway, pv.name);
  REQUIRE(id);
  REQUIRE(p.lib.index().campaigns.size() == 2);
  REQUIRE(p.lib.load(*id).status == store::LoadStatus::ok);
  // A text that is damaged beyond its checksum is not offered.
  std::string broken = text.substr(0, text.size() / 2);
  REQUIRE(p.lib.preview(broken).anyway.empty());
}
