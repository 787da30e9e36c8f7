// The model behind the screens: the campaign session (state, undo/redo, log), the Rng, persistence and the
// notices the user sees. Screens read model().state() and change things ONLY through dispatch()/undo()/redo():
// every change is a core command, so it is validated, logged, undoable and saved.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/session.hpp"
#include "core/rng.hpp"

namespace druzina::ui {

struct Notice {
  std::string text;
  bool error = false;
  double until_ms = 0;  // shown until then (ms, page clock)
};

class Model {
 public:
  // Restores the saved campaign (or starts a new one). A save that cannot be read is kept aside under
  // "campaign.unreadable" (never deleted) and the user is told why.
  void start(std::uint64_t seed);

  // Runs a command; on success saves and returns true; on a refusal shows the message and returns false.
  bool dispatch(const nlohmann::json& command);
  bool undo();
  bool redo();
  bool can_undo() const { return session_.undo_depth() > 0; }
  bool can_redo() const { return session_.redo_depth() > 0; }

  const campaign::Campaign& state() const { return session_.state(); }
  const campaign::Session& session() const { return session_; }
  Rng& rng() { return rng_; }

  void notify(std::string text, bool error = false, double seconds = 4.0);
  const Notice& notice() const { return notice_; }
  void clear_notice() { notice_ = {}; }
  const std::string& last_saved() const { return saved_text_; }
  void flush() { save(); }  // saves now if anything is unsaved (the page hides, the GPU context is lost)

 private:
  void save();
  campaign::Session session_;
  Rng rng_;
  Notice notice_;
  std::string saved_text_;
};

Model& model();
double now_ms();  // the page clock (set by the app each frame)
void set_now_ms(double ms);

}  // namespace druzina::ui
