// The model's campaign list (see model.hpp): opening, creating, copying, archiving and deleting campaigns (and
// undoing a delete), a session put in place of the open one, a campaign restored from a text (Recovery, a file,
// a link) as a new campaign or in place of one, and an export noted.
#include "core/io/save.hpp"
#include "platform/lifecycle.hpp"
#include "ui/model.hpp"
#include "ui/model_parts.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using model_parts::kv;
using model_parts::reason_text;

std::optional<std::string> Model::campaign_text(const std::string& id) {
  if (id == campaign_id_) return current_text();
  const store::CampaignInfo* c = library_->find(id);
  if (!c) return std::nullopt;
  return kv().get(c->key);
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

}  // namespace druzina::ui
