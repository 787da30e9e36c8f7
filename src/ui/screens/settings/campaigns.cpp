// Settings → Campaigns: every campaign this device keeps (open, duplicate, delete with a confirmation and an
// undo while the app is open; the open one is renamed in the data section above), where they are kept (saved or
// not, whether the browser promised to keep the storage, the last export and a reminder after a week of play
// without one), export (this campaign or everything, as a download or through the phone's share sheet) and
// import from a file (checked, previewed, undoable).
//
// Index:
//   [SECTION] import
//   [SECTION] export
//   [SECTION] the campaign list
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/io/save.hpp"
#include "platform/clipboard.hpp"
#include "platform/files.hpp"
#include "platform/lifecycle.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "ui/screens/settings/storage_ui.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

constexpr int kMaxImportBytes = 8 * 1024 * 1024;

// One campaign of an import file.
struct Incoming {
  std::string text;  // its save text
  store::Preview preview;
  std::string replaces;  // the campaign id it would replace ("" = added as new)
  bool anyway = false;   // only its checksum is wrong and the user chose to add it anyway, as a new campaign
};

struct ImportState {
  bool open = false;  // a file was read and its preview is shown
  std::string file;
  std::string error;  // why the file cannot be imported (in the reader's language)
  std::vector<Incoming> items;
  // After an import, while the app is open: how to undo it.
  std::vector<std::string> added;                             // campaign ids added
  std::vector<std::pair<std::string, std::string>> replaced;  // campaign id → the text it had before
};

struct State {
  std::string selected;  // the campaign whose actions are shown
  ImportState import;
  bool reminder_told = false;
};

State& st() {
  static State s;
  return s;
}

std::string display_name(const std::string& name) { return name.empty() ? std::string(T("ui.store.unnamed")) : name; }

std::string when(long long ms) {
  if (ms <= 0) return T("ui.store.never");
  return platform::local_time(ms, std::string(lang_code(ui().lang)));
}

// [SECTION] import ----------------------------------------------------------------------------------------------------

void on_file(const char* name, const char* text, int ok);

void read_import(const std::string& file, const std::string& text) {
  ImportState& im = st().import;
  im = ImportState{};
  im.open = true;
  im.file = file;
  auto& lib = model().library();
  auto add_one = [&](const std::string& save_text) {
    Incoming in;
    in.text = save_text;
    in.preview = lib.preview(save_text);
    // A campaign of the same name here: the import replaces it (the user can choose "add as new" instead).
    for (const auto& c : lib.index().campaigns)
      if (in.preview.loads && !in.preview.name.empty() && c.name == in.preview.name) in.replaces = c.id;
    im.items.push_back(std::move(in));
  };
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (!doc.is_discarded() && doc.is_object() && doc.value("app", "") == "druzina-export") {
    auto list = doc.find("campaigns");
    if (list == doc.end() || !list->is_array() || list->empty()) {
      im.error = T("ui.store.import.empty");
      return;
    }
    for (const auto& c : *list) {
      if (c.is_object() && c.contains("save")) add_one(c["save"].is_string() ? c["save"].get<std::string>() : c["save"].dump());
      else add_one(c.dump());
    }
  } else {
    add_one(text);
  }
  if (std::none_of(im.items.begin(), im.items.end(),
                   [](const Incoming& i) { return i.preview.loads || !i.preview.anyway.empty(); })) {
    const Incoming& first = im.items.front();
    im.error = Tf("ui.store.import.refused",
                  jobj{"reason", first.preview.reason.empty() ? std::string(T("store.err.unreadable"))
                                                           : tr(ui().lang, first.preview.reason, first.preview.reason_args)});
  }
}

void on_file(const char* name, const char* text, int ok) {
  if (!ok) {
    st().import = ImportState{};
    st().import.open = true;
    st().import.file = name ? name : "";
    st().import.error = Tf("ui.store.import.unreadable_file", jobj{"max", size_text(kMaxImportBytes)});
    return;
  }
  read_import(name ? name : "", text ? text : "");
}

void apply_import() {
  ImportState& im = st().import;
  Model& m = model();
  std::vector<std::string> added;
  std::vector<std::pair<std::string, std::string>> replaced;
  int done = 0;
  for (const auto& in : im.items) {
    if (!in.preview.loads && !in.anyway) continue;
    std::string before;
    if (!in.replaces.empty()) {
      const store::CampaignInfo* c = m.library().find(in.replaces);
      if (c) {
        if (in.replaces == m.campaign_id()) before = m.current_text();
        else if (auto v = platform::storage().load(c->key)) before = *v;
      }
    }
    if (!m.restore_text(in.preview.loads ? in.text : in.preview.anyway, in.anyway ? std::string() : in.replaces)) break;
    ++done;
    if (in.replaces.empty()) added.push_back(m.campaign_id());
    else replaced.emplace_back(in.replaces, before);
  }
  im = ImportState{};
  im.added = std::move(added);
  im.replaced = std::move(replaced);
  if (done > 0) m.notify(Tf("ui.store.import.done", jobj{"n", done}));
}

void undo_import() {
  ImportState& im = st().import;
  Model& m = model();
  for (const auto& [id, text] : im.replaced)
    if (!text.empty()) m.restore_text(text, id);
  for (const auto& id : im.added) m.delete_campaign(id);
  im = ImportState{};
  m.notify(T("ui.store.import.undone"));
}

void draw_import_preview() {
  ImportState& im = st().import;
  auto& lib = model().library();
  ImGui::Spacing();
  small_label(Tf("ui.store.import.file", jobj{"file", im.file}).c_str());
  if (!im.error.empty()) {
    error_text(im.error.c_str());
    track("import.error", im.error);
    if (big_button(T("ui.ctl.cancel"))) im = ImportState{};
    track("import.cancel", T("ui.ctl.cancel"));
    return;
  }
  int i = 0;
  for (auto& in : im.items) {
    ImGui::PushID(i);
    const std::string tid = "import.item." + std::to_string(i++);
    if (!in.preview.loads) {
      std::string why = Tf("ui.store.import.skipped", jobj{"reason", tr(ui().lang, in.preview.reason, in.preview.reason_args)});
      if (in.anyway) why = T("ui.store.import.anyway_chosen");
      error_text(why.c_str());
      track(tid, why);
      if (!in.preview.anyway.empty() && !in.anyway) {
        // Only its checksum is wrong: what that means, and adding it anyway as a new campaign.
        std::string what = Tf("ui.store.preview.checksum_anyway",
                              jobj{"name", display_name(in.preview.name), "n", in.preview.creatures, "history", in.preview.history});
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(what.c_str());
        ImGui::PopTextWrapPos();
        track(tid + ".anyway_what", what);
        if (big_button(T("ui.store.import.anyway"), ImVec2(-1, kTouchTarget))) in.anyway = true;
        track(tid + ".anyway", T("ui.store.import.anyway"));
      }
      ImGui::PopID();
      continue;
    }
    std::string names;
    for (const auto& n : in.preview.names) names += (names.empty() ? "" : ", ") + n;
    std::string what;
    if (!in.replaces.empty()) {
      const store::CampaignInfo* c = lib.find(in.replaces);
      what = Tf("ui.store.import.replaces", jobj{"name", display_name(c ? c->name : "")});
    } else {
      what = T("ui.store.import.adds");
    }
    std::string body = Tf("ui.store.import.holds", jobj{"n", in.preview.creatures, "names", names}) + "\n" + what;
    card_button(tid, display_name(in.preview.name).c_str(), body.c_str());
    if (!in.replaces.empty()) {
      if (big_button(T("ui.store.import.as_new"))) in.replaces.clear();
      track(tid + ".as_new", T("ui.store.import.as_new"));
    }
    ImGui::PopID();
  }
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  if (choice_button(T("ui.store.import.confirm"), true, ImVec2(half, kTouchTarget))) apply_import();
  track("import.confirm", T("ui.store.import.confirm"));
  ImGui::SameLine(0, 10);
  if (big_button(T("ui.ctl.cancel"), ImVec2(half, kTouchTarget))) im = ImportState{};
  track("import.cancel", T("ui.ctl.cancel"));
}

// [SECTION] export ----------------------------------------------------------------------------------------------------

std::string export_all_text() {
  Model& m = model();
  nlohmann::json out = jobj{"app", "druzina-export", "version", 1, "exported", platform::wall_ms(),
                        "campaigns", nlohmann::json::array()};
  for (const auto& c : m.library().index().campaigns) {
    std::string text;
    if (c.id == m.campaign_id()) text = m.current_text();
    else if (auto v = platform::storage().load(c.key)) text = *v;
    else continue;
    // The save text exactly as stored (a string): its checksum stays valid, so the import needs no warning.
    out["campaigns"].push_back(jobj{"name", c.name, "save", text});
  }
  return out.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void draw_status() {
  Model& m = model();
  auto& lib = m.library();
  const char* saved = m.save_state() == SaveState::saved     ? T("ui.store.status.saved")
                      : m.save_state() == SaveState::pending ? T("ui.store.status.pending")
                      : m.save_state() == SaveState::blocked ? T("ui.store.status.blocked")
                                                             : T("ui.store.status.failed");
  if (m.save_state() == SaveState::failed || m.save_state() == SaveState::blocked) error_text(saved);
  else muted(saved);
  track("storage.status", saved);
  const char* persist = nullptr;
  switch (platform::persistence()) {
    case platform::Persistence::granted: persist = T("ui.store.persist.granted"); break;
    case platform::Persistence::refused: persist = T("ui.store.persist.refused"); break;
    case platform::Persistence::unsupported: persist = T("ui.store.persist.unsupported"); break;
    case platform::Persistence::unknown: persist = T("ui.store.persist.unknown"); break;
  }
  muted(persist);
  track("storage.persist", persist);
  std::string last = Tf("ui.store.last_export", jobj{"time", when(lib.index().last_export)});
  muted(last.c_str());
  track("storage.last_export", last);
  if (lib.export_reminder_due()) {
    error_text(T("ui.store.export_reminder"));
    track("storage.reminder", T("ui.store.export_reminder"));
    if (!st().reminder_told) {
      st().reminder_told = true;
      m.notify(T("ui.store.export_reminder"), true, 8.0);
    }
  }
}

void draw_export_import() {
  Model& m = model();
  ImGui::Spacing();
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  if (big_button(T("ui.store.export_one"), ImVec2(half, kTouchTarget))) {
    if (export_current_campaign()) m.notify(T("ui.store.exported"));
    else m.notify(T("ui.settings.data.copy_failed"), true);
  }
  track("storage.export_one", T("ui.store.export_one"));
  ImGui::SameLine(0, 10);
  if (big_button(T("ui.store.export_all"), ImVec2(half, kTouchTarget))) {
    std::string name = "druzina-" + std::string(T("ui.store.file_all")) + ".json";
    if (platform::download_text(name, export_all_text())) {
      m.note_export();
      m.notify(T("ui.store.exported"));
    } else {
      m.notify(T("ui.settings.data.copy_failed"), true);
    }
  }
  track("storage.export_all", T("ui.store.export_all"));
  if (platform::can_share_files()) {
    if (big_button(T("ui.store.share_file"))) {
      if (platform::share_file(export_file_name(m.state().name), m.current_text())) m.note_export();
      else m.notify(T("ui.settings.data.copy_failed"), true);
    }
    track("storage.share", T("ui.store.share_file"));
  }
  if (big_button(T("ui.store.import"))) platform::pick_file(&on_file, kMaxImportBytes);
  track("storage.import", T("ui.store.import"));
  muted(T("ui.store.import_hint"));
  if (st().import.open) draw_import_preview();
  if (!st().import.open && (!st().import.added.empty() || !st().import.replaced.empty())) {
    if (big_button(T("ui.store.import.undo"))) undo_import();
    track("import.undo", T("ui.store.import.undo"));
  }
}

}  // namespace

std::string size_text(long long bytes) {
  constexpr long long kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
  if (bytes < kKiB) return Tf("ui.store.size.b", jobj{"size", bytes});
  if (bytes < kMiB - kKiB / 2) return Tf("ui.store.size.kb", jobj{"size", (bytes + kKiB / 2) / kKiB});
  // One decimal place, in the language's own notation ("1,5 MB" in cs and uk); GB from 1024 MB (a browser's
  // quota is often many of them).
  const bool gb = bytes >= kGiB - kMiB / 20;
  const long long unit = gb ? kGiB : kMiB;
  const long long tenths = (bytes * 10 + unit / 2) / unit;
  return Tf(gb ? "ui.store.size.gb" : "ui.store.size.mb", jobj{"whole", tenths / 10, "tenth", tenths % 10});
}

std::string export_file_name(const std::string& campaign_name) {
  std::string file = "druzina-" + (campaign_name.empty() ? std::string("campaign") : campaign_name) + ".json";
  for (char& ch : file)
    if (ch == '/' || ch == '\\' || ch == ':' || ch == ' ') ch = '-';
  return file;
}

bool export_current_campaign() {
  Model& m = model();
  if (!platform::download_text(export_file_name(m.state().name), m.current_text())) return false;
  m.note_export();
  return true;
}

// [SECTION] the campaign list -----------------------------------------------------------------------------------------
void draw_campaigns() {
  Model& m = model();
  State& s = st();
  auto& lib = m.library();
  ruled_section(T("ui.store.campaigns"));
  muted(T("ui.store.campaigns_hint"));
  // the storage budget: what this browser keeps of ours, warned past 80 %
  const store::Usage usage = m.usage();
  const std::string used = Tf("ui.store.usage", jobj{"used", size_text(usage.total), "budget", size_text(usage.budget),
                                                  "percent", usage.percent()});
  if (usage.near_full()) {
    error_text(used.c_str());
    error_text(T("ui.store.usage.full_hint"));
  } else {
    muted(used.c_str());
  }
  track("storage.usage", used);
  // The browser's own figure for the whole origin (navigator.storage.estimate), where it has one.
  const platform::StorageEstimate est = platform::storage_estimate();
  if (est.quota > 0 && est.usage >= 0) {
    const std::string line = Tf("ui.store.estimate", jobj{"used", size_text(static_cast<long long>(est.usage)),
                                                      "quota", size_text(static_cast<long long>(est.quota))});
    muted(line.c_str());
    track("storage.estimate", line);
  }
  auto size_of = [&](const std::string& id) {
    for (const auto& x : usage.campaigns)
      if (x.id == id) return x.own + x.backups;
    return 0LL;
  };
  for (const auto& c : lib.index().campaigns) {
    const bool active = c.id == m.campaign_id();
    const std::string name = display_name(active ? m.state().name : c.name);
    std::string body = active ? std::string(T("ui.store.open_now")) : Tf("ui.store.changed", jobj{"time", when(c.updated)});
    body += " \xC2\xB7 " + size_text(size_of(c.id));
    if (card_button("campaigns.item." + c.id, name.c_str(), body.c_str(), active))
      s.selected = s.selected == c.id ? std::string() : c.id;
    if (s.selected != c.id) continue;
    ImGui::PushID(c.id.c_str());
    const float third = (ImGui::GetContentRegionAvail().x - 20) / 3.0f;
    ImGui::BeginDisabled(active);
    if (big_button(T("ui.store.open"), ImVec2(third, kTouchTarget)) && m.open_campaign(c.id)) s.selected.clear();
    ImGui::EndDisabled();
    track("campaigns.open", T("ui.store.open"));
    ImGui::SameLine(0, 10);
    if (big_button(T("ui.store.duplicate"), ImVec2(third, kTouchTarget))) m.duplicate_campaign(c.id);
    track("campaigns.duplicate", T("ui.store.duplicate"));
    ImGui::SameLine(0, 10);
    ImGui::BeginDisabled(lib.index().campaigns.size() < 2);
    const std::string confirm_id = "campaigns.delete." + c.id;
    if (big_button(T("ui.store.delete"), ImVec2(third, kTouchTarget)))
      ask_confirm_destructive(confirm_id, Tf("ui.store.delete_q", jobj{"name", name}), T("ui.store.delete_yes"));
    ImGui::EndDisabled();
    track("campaigns.delete", T("ui.store.delete"));
    std::string victim = c.id;
    bool yes = confirm_popup(confirm_id);
    // Archive (not the open campaign): its file is saved, then it leaves this browser with its backups
    bool archive = false;
    if (!active) {
      const std::string archive_id = "campaigns.archive." + c.id;
      if (big_button(T("ui.store.archive")))
        ask_confirm_destructive(archive_id,
                                Tf("ui.store.archive_q", jobj{"name", name, "size", size_text(size_of(c.id))}),
                                T("ui.store.archive_yes"));
      track("campaigns.archive", T("ui.store.archive"));
      archive = confirm_popup(archive_id);
    }
    ImGui::PopID();
    if (yes) {
      m.delete_campaign(victim);
      s.selected.clear();
      break;  // the list changed
    }
    if (archive) {
      auto text = m.campaign_text(victim);
      if (text && platform::download_text(export_file_name(c.name), *text)) m.archive_campaign(victim);
      else m.notify(T("ui.store.archive_failed"), true);
      s.selected.clear();
      break;
    }
  }
  if (!m.last_deleted().empty()) {
    if (big_button(T("ui.store.undo_delete"))) m.undo_delete();
    track("campaigns.undo_delete", T("ui.store.undo_delete"));
  }
  if (big_button(T("ui.store.new"))) m.new_campaign();
  track("campaigns.new", T("ui.store.new"));
  draw_status();
  draw_export_import();
}

}  // namespace druzina::ui
