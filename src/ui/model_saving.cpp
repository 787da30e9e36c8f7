// The model's saving (see model.hpp): a change saved at once or at the end of the debounce interval, always when the
// page is hidden; a failed save retried until one succeeds; how full the storage is, and the warning before it fills;
// the tab's note of changes a full storage refused, told after a reload.
#include <algorithm>

#include "core/io/save.hpp"
#include "core/store/journal.hpp"
#include "platform/lifecycle.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

void Model::save() {
  unsaved_steps_++;
  if (save_state_ == SaveState::saved) save_state_ = SaveState::pending;
  if (now_ms() - last_save_ms_ >= kSaveDebounceMs) store_now();
}

bool Model::store_now() {
  if (!library_ || read_only_ != ReadOnly::no) return false;
  const bool was_failing = save_state_ == SaveState::failed || save_state_ == SaveState::blocked;
  std::string text = io::save(session_);
  last_try_ms_ = now_ms();
  store::SaveStatus st = library_->save(campaign_id_, text, session_.state().name);
  if (st == store::SaveStatus::saved || st == store::SaveStatus::unchanged) {
    clear_unsaved_note();
    saved_text_ = std::move(text);
    last_save_ms_ = now_ms();
    save_state_ = SaveState::saved;
    if (was_failing) {
      storage_blocked_ = false;
      notify(T("ui.store.saved_again"));
    }
    if (st == store::SaveStatus::saved) post("saved");
    if (now_ms() - usage_checked_at_ >= 60000) check_usage(false);
    return true;
  }
  if (st == store::SaveStatus::incomplete) {
    // The value is stored, a backup, the journal or the index is not: "saved" means all of it, so it is retried.
    clear_unsaved_note();
    saved_text_ = std::move(text);
    post("saved");
  } else {
    note_unsaved();
  }
  if (!was_failing)
    notify(T(st == store::SaveStatus::incomplete ? "ui.store.save_incomplete" : "ui.store.save_failed"), true, 10.0);
  save_state_ = storage_blocked_ ? SaveState::blocked : SaveState::failed;
  if (!storage_blocked_) check_usage(true);
  return false;
}

const store::Usage& Model::usage(double max_age_ms) {
  if (library_ && (now_ms() - usage_at_ > max_age_ms || usage_.budget != storage_budget_)) {
    usage_ = library_->usage(storage_budget_);
    usage_at_ = now_ms();
  }
  return usage_;
}

void Model::set_storage_budget(long long units) {
  storage_budget_ = units;
  usage_checked_at_ = -1e18;
}

void Model::check_usage(bool failed) {
  usage_checked_at_ = now_ms();
  const store::Usage& u = usage(0);
  if (usage_warned_ || !u.near_full()) return;
  usage_warned_ = true;
  if (failed) return;  // the failed save's own notice says it
  // After the start's alert (a value rebuilt from the journal, say, when 4 MB of junk fill the storage), not over it.
  notify_after(Tf("ui.store.usage.warn", jobj{"percent", u.percent()}), true, 10.0);
}

// Changes a full storage refused.
// The journal keeps a change whose save did not fit while its own small line still fits; when the storage is so
// full that not even that goes in, the change lives only in this tab. A note in the tab's own storage (a quota of
// its own) says so after a reload: the campaign, where the unsaved session stood, how many changes.
void Model::note_unsaved() {
  if (unsaved_steps_ == 0 || read_only_ != ReadOnly::no) return;
  const store::CampaignInfo* c = library_->find(campaign_id_);
  const std::string note = nlohmann::json{{"campaign", campaign_id_}, {"pos", store::position(session_)},
                                          {"n", unsaved_steps_}, {"saved", c ? c->updated : 0}}.dump();
  if (note == unsaved_note_) return;
  if (platform::tab_storage().save("unsaved", note)) unsaved_note_ = note;
}

void Model::clear_unsaved_note() {
  unsaved_steps_ = 0;
  if (unsaved_note_.empty()) return;
  platform::tab_storage().remove("unsaved");
  unsaved_note_.clear();
}

// At the start: a note left by the run before (a reload of this tab) whose session this load did not reach — neither
// the value nor the journal held its last changes — is told, with the alert of the load if there is one.
void Model::tell_unsaved_lost() {
  auto text = platform::tab_storage().load("unsaved");
  if (!text) return;
  platform::tab_storage().remove("unsaved");
  const auto note = nlohmann::json::parse(*text, nullptr, false);
  if (!note.is_object() || note.value("campaign", std::string()) != campaign_id_ ||
      note.value("pos", std::string()) == store::position(session_))
    return;
  const long long n = std::max<long long>(1, note.value("n", 0LL) - came_back_);
  const long long saved = note.value("saved", 0LL);
  std::string lost = Tf("ui.store.unsaved_lost", jobj{"n", n});
  if (saved > 0)
    lost += " " + Tf("ui.store.unsaved_lost_time", jobj{"time", platform::local_time(saved, std::string(lang_code(ui().lang)))});
  alert_ = alert_.empty() ? lost : alert_ + " " + lost;
  alert_error_ = true;
  notify(alert_, true, 15.0);
}

void Model::tick(double now) {
  retired_.reset();  // a new frame: nothing refers to the old state any more
  if (!waiting_.empty() && (notice_.text.empty() || now > notice_.until_ms)) {
    Notice next = std::move(waiting_.front());
    waiting_.erase(waiting_.begin());
    notify(std::move(next.text), next.error, next.until_ms / 1000.0);
  }
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

}  // namespace druzina::ui
