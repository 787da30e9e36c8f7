// The model and the app's other tabs (see model.hpp): the messages between tabs that keep one campaign written by one
// tab at a time: the greeting, "open elsewhere" (this tab follows read-only), taking the campaign over here, and
// writing again when the other tab closes.
#include "core/io/save.hpp"
#include "platform/tabs.hpp"
#include "ui/model.hpp"
#include "ui/ui.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

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
