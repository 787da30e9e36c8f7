// The model's saving (see model.hpp): a change saved at once or at the end of the debounce interval, always when the
// page is hidden; a failed save retried until one succeeds; how full the storage is, and the warning before it fills.
#include "core/io/save.hpp"
#include "ui/model.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

void Model::save() {
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
    saved_text_ = std::move(text);
    post("saved");
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
  notify(Tf("ui.store.usage.warn", jobj{"percent", u.percent()}), true, 10.0);
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

}  // namespace druzina::ui
