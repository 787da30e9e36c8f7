#include "ui/model.hpp"

#include "core/error.hpp"
#include "core/io/save.hpp"
#include "platform/storage.hpp"
#include "ui/ui.hpp"

namespace druzina::ui {

namespace {
double page_now = 0;
constexpr const char* kKey = "campaign";
}  // namespace

double now_ms() { return page_now; }
void set_now_ms(double ms) { page_now = ms; }

Model& model() {
  static Model m;
  return m;
}

void Model::start(std::uint64_t seed) {
  rng_ = Rng(seed);
  auto text = platform::storage().load(kKey);
  if (!text) return;
  try {
    session_ = io::load(*text);
    saved_text_ = *text;
  } catch (const UserError& e) {
    platform::storage().save(std::string(kKey) + ".unreadable", *text);
    notify(Tf("ui.model.unreadable", {{"reason", e.message(ui().lang)}}), true, 12.0);
  } catch (const std::exception& e) {
    platform::storage().save(std::string(kKey) + ".unreadable", *text);
    notify(Tf("ui.model.unreadable", {{"reason", e.what()}}), true, 12.0);
  }
}

bool Model::dispatch(const nlohmann::json& command) {
  try {
    session_.dispatch(command, rng_);
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return false;
  }
  save();
  return true;
}

bool Model::undo() {
  try {
    session_.undo();
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return false;
  }
  save();
  notify(T("ui.model.undone"));
  return true;
}

bool Model::redo() {
  try {
    session_.redo();
  } catch (const UserError& e) {
    notify(e.message(ui().lang), true);
    return false;
  }
  save();
  notify(T("ui.model.redone"));
  return true;
}

bool Model::reset() {
  platform::storage().save(std::string(kKey) + ".previous", io::save(session_));
  if (!platform::storage().save(kKey, io::save(campaign::Session()))) {
    notify(T("ui.model.save_failed"), true, 10.0);
    return false;
  }
  std::uint64_t seed = (static_cast<std::uint64_t>(rng_.next()) << 32) | rng_.next();
  start(seed);
  return true;
}

void Model::notify(std::string text, bool error, double seconds) {
  notice_ = {std::move(text), error, page_now + seconds * 1000.0};
}

void Model::save() {
  std::string text = io::save(session_);
  if (text == saved_text_) return;
  if (platform::storage().save(kKey, text)) {
    saved_text_ = std::move(text);
  } else {
    notify(T("ui.model.save_failed"), true, 10.0);
  }
}

}  // namespace druzina::ui
