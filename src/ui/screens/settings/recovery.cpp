// Settings → Recovery: every stored value the library keeps aside — damaged values, a newer app's value,
// campaigns replaced by a restore or an import, deleted campaigns, values under keys nobody knows — and the
// open campaign's backups. Each can be opened (what it holds, or why it does not load), exported as a file, or
// restored (into the campaign it came from, its current value going into Recovery in turn; as a new campaign
// when that one is gone). Nothing here is overwritten; the library trims items only when space runs out, oldest
// first, and only those whose export was offered here.
#include <imgui.h>

#include <string>

#include "platform/clipboard.hpp"
#include "platform/lifecycle.hpp"
#include "platform/storage.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/model.hpp"
#include "ui/screens/settings/storage_ui.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

struct Open {
  std::string id;  // the open item ("r3" or "b:<key>")
  std::string text;
  store::Preview preview;
};

Open& open_item() {
  static Open o;
  return o;
}

std::string when(long long ms) {
  if (ms <= 0) return "?";
  return platform::local_time(ms, std::string(lang_code(ui().lang)));
}

const char* kind_title(const std::string& kind) {
  if (kind == "damaged") return T("ui.store.kind.damaged");
  if (kind == "newer") return T("ui.store.kind.newer");
  if (kind == "replaced") return T("ui.store.kind.replaced");
  if (kind == "deleted") return T("ui.store.kind.deleted");
  if (kind == "backup") return T("ui.store.kind.backup");
  return T("ui.store.kind.stray");
}

std::string reason(const std::string& key, const nlohmann::json& args) {
  return key.empty() ? std::string(T("store.err.unreadable")) : tr(ui().lang, key, args);
}

// The open item's body: what it holds, export and restore.
void draw_open(const std::string& tid, const std::string& file_stem, const std::string& into) {
  Open& o = open_item();
  Model& m = model();
  if (o.preview.loads) {
    std::string names;
    for (const auto& n : o.preview.names) names += (names.empty() ? "" : ", ") + n;
    std::string holds = Tf("ui.store.preview.holds", jobj{"name", o.preview.name.empty() ? std::string(T("ui.store.unnamed")) : o.preview.name,
                                                     "n", o.preview.creatures, "names", names, "history", o.preview.history});
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(holds.c_str());
    ImGui::PopTextWrapPos();
    track(tid + ".preview", holds);
  } else {
    std::string why = Tf("ui.store.preview.not_loading", jobj{"reason", reason(o.preview.reason, o.preview.reason_args)});
    error_text(why.c_str());
    track(tid + ".preview", why);
    if (!o.preview.packed_damaged) {  // (a damaged pack's text is base64: nothing a reader could use)
      std::string head = o.preview.text.substr(0, 240);
      // Only printable text (a value can be anything): control bytes and broken UTF-8 become '?'.
      for (char& ch : head)
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n') ch = '?';
      auto clean = nlohmann::json(head).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      muted(clean.c_str());
      track(tid + ".head", clean);
    }
  }
  if (!o.preview.loads && !o.preview.anyway.empty()) {
    // Only its checksum is wrong: what that means, and opening it anyway as a new campaign.
    std::string what = Tf("ui.store.preview.checksum_anyway",
                          jobj{"name", o.preview.name.empty() ? std::string(T("ui.store.unnamed")) : o.preview.name,
                               "n", o.preview.creatures, "history", o.preview.history});
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(what.c_str());
    ImGui::PopTextWrapPos();
    track(tid + ".anyway_what", what);
    if (big_button(T("ui.store.open_anyway"), ImVec2(-1, kTouchTarget)))
      ask_confirm("recovery.anyway", T("ui.store.open_anyway_q"), T("ui.store.open_anyway_yes"));
    track(tid + ".anyway", T("ui.store.open_anyway"));
    if (confirm_popup("recovery.anyway")) {
      std::string text = o.preview.anyway;
      if (m.restore_text(text, std::string())) open_item() = Open{};
    }
  }
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  if (big_button(T("ui.store.export"), ImVec2(half, kTouchTarget))) {
    if (platform::download_text("druzina-" + file_stem + ".json", o.preview.text)) m.notify(T("ui.store.exported"));
    else m.notify(T("ui.settings.data.copy_failed"), true);
  }
  track(tid + ".export", T("ui.store.export"));
  ImGui::SameLine(0, 10);
  ImGui::BeginDisabled(!o.preview.loads);
  const store::CampaignInfo* target = into.empty() ? nullptr : m.library().find(into);
  std::string q = target ? Tf("ui.store.restore_q", jobj{"name", target->name.empty() ? std::string(T("ui.store.unnamed")) : target->name})
                         : std::string(T("ui.store.restore_new_q"));
  if (big_button(T("ui.store.restore"), ImVec2(half, kTouchTarget))) ask_confirm("recovery.restore", q, T("ui.store.restore_yes"));
  ImGui::EndDisabled();
  track(tid + ".restore", T("ui.store.restore"));
  if (confirm_popup("recovery.restore")) {
    std::string text = o.text;
    if (m.restore_text(text, target ? into : std::string())) open_item() = Open{};
  }
}

void toggle_open(const std::string& id, const std::string& text) {
  Open& o = open_item();
  if (o.id == id) {
    o = Open{};
    return;
  }
  o.id = id;
  o.text = text;
  o.preview = model().library().preview(text);
}

}  // namespace

void draw_recovery() {
  Model& m = model();
  auto& lib = m.library();
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  heading(T("ui.store.recovery"));
  track("recovery", T("ui.store.recovery"));
  if (!m.alert().empty()) {
    // Said here for good: the red notice repeating it would cover Recovery's own buttons (Export, Restore).
    if (m.notice().text == m.alert()) m.clear_notice();
    error_text(m.alert().c_str());
    track("recovery.alert", m.alert());
    if (big_button(T("ui.store.alert_ok"))) m.dismiss_alert();
    track("recovery.alert.ok", T("ui.store.alert_ok"));
  }
  muted(T("ui.store.recovery_hint"));
  const auto& items = lib.index().recovery;
  const auto backups = lib.backups_of(m.campaign_id());
  if (items.empty() && backups.empty()) muted(T("ui.store.recovery_empty"));
  // Newest first.
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    const store::RecoveryItem& r = *it;
    const std::string tid = "recovery.item." + r.id;
    std::string title = std::string(kind_title(r.kind)) + (r.name.empty() ? "" : ": " + r.name);
    std::string body = when(r.at) + " · " + size_text(r.bytes);
    if (!r.reason.empty()) body += "\n" + reason(r.reason, r.reason_args);
    ImGui::PushID(tid.c_str());
    if (card_button(tid, title.c_str(), body.c_str(), open_item().id == r.id)) {
      auto text = lib.text_of(r);
      toggle_open(r.id, text ? *text : std::string());
    }
    // Its export is on offer from here on: when space runs out, it may be trimmed (oldest first).
    if (!r.offered) lib.mark_offered(r.id);
    if (open_item().id == r.id) {
      // A replaced, damaged or newer value goes back into its own campaign; a deleted or stray one comes back as a
      // campaign of its own (undelete for a deleted one keeps its place in the list).
      std::string into = (r.kind == "deleted" || r.kind == "stray") ? std::string() : r.campaign;
      draw_open(tid, "recovery-" + r.id, into);
    }
    ImGui::PopID();
  }
  int n = 0;
  for (const auto& [key, at] : backups) {
    const std::string tid = "recovery.backup." + std::to_string(n++);
    const std::string oid = "b:" + key;
    std::string title = std::string(kind_title("backup")) + ": " + (m.state().name.empty() ? std::string(T("ui.store.unnamed")) : m.state().name);
    std::string body = when(at);
    ImGui::PushID(tid.c_str());
    if (card_button(tid, title.c_str(), body.c_str(), open_item().id == oid)) {
      toggle_open(oid, lib.backup_text(key).value_or(std::string()));
    }
    if (open_item().id == oid) draw_open(tid, "backup-" + std::to_string(n), m.campaign_id());
    ImGui::PopID();
  }
}

}  // namespace druzina::ui
