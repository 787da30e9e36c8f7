// Opening a share link (see share_ui.hpp): decode, show what it holds, ask, then replace / update / merge.
//
// Index:
//   [SECTION] the preview's texts and the merge patch
//   [SECTION] what the link would change
//   [SECTION] incoming links and the preview screen
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/io/save.hpp"
#include "core/share/link.hpp"
#include "core/share/merge_back.hpp"
#include "core/share/table_changes.hpp"
#include "platform/link.hpp"
#include "platform/storage.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/share/share_ui.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

using campaign::Campaign;
using campaign::Creature;
using nlohmann::json;

enum class Action { none, copy, update, merge, move, move_replace };


// [SECTION] the preview's texts and the merge patch -------------------------------------------------------------------
int party_count(const Campaign& c) {
  int n = 0;
  for (const auto& x : c.creatures) n += campaign::in_party(x) ? 1 : 0;
  return n;
}

std::string cond_name(const std::string& id) {
  const std::string k = std::string("campaign.condition.") + id;
  return has_key(ui().lang, k) ? tr(ui().lang, k) : id;
}

std::string hp_text(const share::ShownHp& hp) {
  switch (hp.kind) {
    case share::ShownHp::Kind::hidden: return T("ui.share.hp_hidden");
    case share::ShownHp::Kind::status: return T(("ui.share.health." + hp.status).c_str());
    case share::ShownHp::Kind::numbers: break;
  }
  return std::to_string(hp.hp) + "/" + std::to_string(hp.max_hp);
}

std::string hp_text(const Creature& c) { return hp_text(share::shown_hp(c)); }

const Creature* find(const Campaign& c, const std::string& id) {
  for (const auto& x : c.creatures)
    if (x.id == id) return &x;
  return nullptr;
}

std::string turn_text(const share::ShownTurn& t) {
  if (!t.fight) return T("ui.share.no_fight");
  if (t.name.empty()) return Tf("ui.share.round", jobj{"round", t.round});
  return Tf("ui.share.round_turn", jobj{"round", t.round, "name", t.name});
}

std::string turn_text(const Campaign& c) { return turn_text(share::shown_turn(c)); }

// What changed from the copy on this phone to the newer link (table or character): share::table_changes, a line
// each.
std::vector<std::string> change_lines(const Campaign& old_c, const Campaign& new_c) {
  using Kind = share::TableChange::Kind;
  std::vector<std::string> out;
  for (const auto& ch : share::table_changes(old_c, new_c)) {
    switch (ch.kind) {
      case Kind::name: out.push_back(Tf("ui.share.ch.name", jobj{"old", ch.old_name, "new", ch.new_name})); break;
      case Kind::added: out.push_back(Tf("ui.share.ch.added", jobj{"name", ch.creature})); break;
      case Kind::hp:
        out.push_back(
            Tf("ui.share.ch.hp", jobj{"name", ch.creature, "old", hp_text(ch.old_hp), "new", hp_text(ch.new_hp)}));
        break;
      case Kind::condition_added:
        out.push_back(Tf("ui.share.ch.condition", jobj{"name", ch.creature, "condition", cond_name(ch.condition)}));
        break;
      case Kind::condition_gone:
        out.push_back(
            Tf("ui.share.ch.condition_gone", jobj{"name", ch.creature, "condition", cond_name(ch.condition)}));
        break;
      case Kind::level:
        out.push_back(Tf("ui.share.ch.level", jobj{"name", ch.creature, "old", ch.old_level, "new", ch.new_level}));
        break;
      case Kind::dead: out.push_back(Tf("ui.share.ch.dead", jobj{"name", ch.creature})); break;
      case Kind::removed: out.push_back(Tf("ui.share.ch.removed", jobj{"name", ch.creature})); break;
      case Kind::turn: out.push_back(turn_text(ch.turn)); break;
      case Kind::rules: out.push_back(T("ui.share.ch.rules")); break;
    }
  }
  return out;
}

// A character back from its player: the UpdateCreature patch (share::merge_back says what the DM's creature
// takes) and a line for each change.
json merge_patch(const Creature& mine, const Creature& theirs, std::vector<std::string>& lines) {
  share::MergeBack m = share::merge_back(mine, theirs);
  auto shown = [](const json& v) {
    std::string t = v.is_string() ? v.get<std::string>() : v.dump();
    if (t.empty() || v.is_null()) t = "\xE2\x80\x94";  // —
    if (t.size() <= 60) return t;
    size_t cut = 57;
    while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    return t.substr(0, cut) + "\xE2\x80\xA6";
  };
  for (const auto& ch : m.changes) {
    std::string label;
    if (!ch.module.empty()) {
      const campaign::Module* rule = campaign::Engine::standard().module(ch.module);
      label = rule ? std::string(T(rule->name_key())) : ch.module;
    } else {
      const std::string k = "ui.share.field." + ch.field;
      label = has_key(ui().lang, k) ? tr(ui().lang, k) : ch.field;
    }
    // A module's number that is absent is its default (no hero points left: 0).
    const json before = !ch.module.empty() && ch.before.is_null() && ch.after.is_number() ? json(0) : ch.before;
    const json after = !ch.module.empty() && ch.after.is_null() && ch.before.is_number() ? json(0) : ch.after;
    if (after.is_primitive() && before.is_primitive())
      lines.push_back(Tf("ui.share.ch.field", jobj{"field", label, "old", shown(before), "new", shown(after)}));
    else
      lines.push_back(Tf("ui.share.ch.field_changed", jobj{"field", label}));
  }
  return m.patch;
}

// [SECTION] what the link would change --------------------------------------------------------------------------------

struct Choice {
  Action action = Action::none;
  std::string target;  // the library campaign it goes into (update, merge, move_replace)
  std::string label;
};

// What undoes an opened link while the app is open.
struct Undo {
  Action action = Action::none;
  std::string campaign;       // the campaign added, updated or merged into
  std::string previous;       // the campaign open before
  std::string previous_text;  // update, move_replace, a copy into the first start's empty campaign: its text before
  std::optional<share_ids::Copy> previous_copy;
  bool previous_mode = false;  // player mode before
};

struct Pending {
  bool open = false;
  share::Decoded link;
  std::string title;
  std::vector<std::string> holds;    // what the link holds
  std::string question;
  std::vector<Choice> choices;       // the first one is the suggested one
  std::vector<std::string> changes;  // update / merge: what changes here
  std::string note;                  // e.g. "older than your copy"
  json patch;                        // merge: the UpdateCreature patch
  std::string creature;              // merge: the DM's creature id
  bool to_top = true;  // the screen area starts at its top
  std::string error;   // the link did not decode: why (nothing else is set)
  // After the choice: what happened, and Undo.
  bool done = false;
  std::string done_title;
  std::vector<std::string> done_lines;
  Undo undo;
};

Pending& pending() {
  static Pending p;
  return p;
}

std::string seen_campaign;  // the campaign whose player mode was last followed (see follow_campaign_mode)

std::string campaign_name(const std::string& lib_id) {
  const auto* c = model().library().find(lib_id);
  return c && !c->name.empty() ? c->name : std::string(T("ui.share.unnamed"));
}

// A campaign's stored text (the open one: its current text); nullopt when it cannot be read.
std::optional<std::string> campaign_text(const std::string& lib_id) {
  if (lib_id == model().campaign_id()) return model().current_text();
  const auto* c = model().library().find(lib_id);
  if (!c) return std::nullopt;
  return platform::storage().load(c->key);
}

std::optional<Campaign> campaign_state(const std::string& lib_id) {
  if (lib_id == model().campaign_id()) return model().state();
  auto text = campaign_text(lib_id);
  if (!text) return std::nullopt;
  try {
    return io::load(*text).state();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

campaign::Session session_from(const share::Decoded& link) {
  if (link.kind == share::LinkKind::campaign) return io::load_json(link.payload);
  Campaign c = link.payload.get<Campaign>();
  return campaign::Session(campaign::Engine::standard(), c, {}, {}, c, campaign::SessionOptions{});
}

void prepare(share::Decoded link) {
  Pending p;
  p.open = true;
  const std::string kind(share::kind_name(link.kind));
  if (link.kind == share::LinkKind::campaign) {
    campaign::Session s = io::load_json(link.payload);
    const Campaign& c = s.state();
    p.title = Tf("ui.share.open.campaign", jobj{"name", c.name});
    p.holds.push_back(Tf("ui.share.holds.people", jobj{"party", party_count(c),
                                                    "others", static_cast<int>(c.creatures.size()) - party_count(c)}));
    p.holds.push_back(Tf("ui.share.holds.history", jobj{"n", static_cast<long long>(s.undo_depth())}));
    p.question = T("ui.share.q.move");
    p.choices.push_back({Action::move, "", T("ui.share.yes.move")});
    const std::string own = share_ids::find_own(link.campaign_id);
    if (!own.empty()) {
      p.choices.push_back({Action::move_replace, own, Tf("ui.share.yes.move_replace", jobj{"name", campaign_name(own)})});
      p.note = Tf("ui.share.replaces", jobj{"name", campaign_name(own)});
    }
  } else {
    Campaign c = link.payload.get<Campaign>();
    if (link.kind == share::LinkKind::table) {
      p.title = Tf("ui.share.open.table", jobj{"name", c.name});
      p.holds.push_back(Tf("ui.share.holds.people", jobj{"party", party_count(c),
                                                      "others", static_cast<int>(c.creatures.size()) - party_count(c)}));
      p.holds.push_back(turn_text(c));
    } else {
      const Creature* who = find(c, link.creature);
      p.title = Tf("ui.share.open.character", jobj{"name", who ? who->name : std::string("?"), "campaign", c.name});
      if (who) p.holds.push_back(Tf("ui.share.holds.character", jobj{"level", who->level, "hp", hp_text(*who)}));
    }
    p.question = T("ui.share.q.copy");
    // A character back from its player, into the DM's own campaign of the same link id.
    const std::string own = link.kind == share::LinkKind::character ? share_ids::find_own(link.campaign_id) : "";
    if (!own.empty()) {
      auto here = campaign_state(own);
      const Creature* mine = here ? find(*here, link.creature) : nullptr;
      const Creature* theirs = find(c, link.creature);
      if (mine && theirs) {
        p.choices.push_back({Action::merge, own, Tf("ui.share.yes.merge", jobj{"name", campaign_name(own)})});
        p.creature = mine->id;
        p.patch = merge_patch(*mine, *theirs, p.changes);
        p.question = T("ui.share.q.merge");
      }
    }
    // Her character's link, of a table this phone keeps a copy of: update that copy's character (not a second
    // campaign of the same name).
    const std::string table = p.choices.empty() && link.kind == share::LinkKind::character
                                  ? share_ids::find_copy(link.campaign_id, "table", "")
                                  : std::string();
    if (!table.empty()) {
      auto here = campaign_state(table);
      const Creature* mine = here ? find(*here, link.creature) : nullptr;
      const Creature* theirs = find(c, link.creature);
      if (mine && theirs) {
        p.choices.push_back({Action::merge, table, Tf("ui.share.yes.update", jobj{"name", campaign_name(table)})});
        p.creature = mine->id;
        p.patch = merge_patch(*mine, *theirs, p.changes);
        p.question = T("ui.share.q.update");
      }
    }
    // A newer link of a copy on this phone: update it.
    const std::string copy = p.choices.empty() ? share_ids::find_copy(link.campaign_id, kind, link.creature) : "";
    if (!copy.empty()) {
      p.choices.push_back({Action::update, copy, Tf("ui.share.yes.update", jobj{"name", campaign_name(copy)})});
      if (auto old = campaign_state(copy)) p.changes = change_lines(*old, c);
      else p.note = T("ui.share.copy_unreadable");
      auto info = share_ids::copy_of(copy);
      if (info && link.made_at && info->made_at && link.made_at < info->made_at) p.note = T("ui.share.older");
      p.question = T("ui.share.q.update");
    }
    p.choices.push_back({Action::copy, "", T(p.choices.empty() ? "ui.share.yes.copy" : "ui.share.yes.copy_separate")});
  }
  p.link = std::move(link);
  pending() = std::move(p);
}

bool switch_to(const std::string& lib_id) {
  return lib_id == model().campaign_id() || model().open_campaign(lib_id);
}

// Runs the chosen action; the fragment is already gone from the address bar. False: nothing changed (the model
// said why).
bool accept(const Choice& ch) {
  Pending& p = pending();
  Model& m = model();
  const share::Decoded& link = p.link;
  Undo u;
  u.action = ch.action;
  u.previous = m.campaign_id();
  u.previous_mode = ui_player_mode();
  std::vector<std::string> lines;
  std::string title;
  auto as_copy = [&] {
    return share_ids::Copy{link.campaign_id, std::string(share::kind_name(link.kind)), link.creature, link.made_at};
  };
  switch (ch.action) {
    case Action::merge:
      if (!switch_to(ch.target)) return false;
      if (p.patch.empty()) {
        u.action = Action::none;
        title = T("ui.share.merge_nothing");
      } else {
        if (!m.dispatch(jobj{"type", "UpdateCreature", "target", p.creature, "patch", p.patch})) return false;
        title = T("ui.share.merged");
        lines = p.changes;
      }
      u.campaign = ch.target;
      break;
    case Action::update: {
      auto before = campaign_text(ch.target);
      if (!before || !switch_to(ch.target)) return false;
      u.previous_text = *before;
      u.previous_copy = share_ids::copy_of(ch.target);
      if (!m.replace_session(session_from(link))) return false;
      share_ids::set(ch.target, link.campaign_id, as_copy());
      set_player_mode(true);
      u.campaign = ch.target;
      title = p.changes.empty() ? std::string(T("ui.share.updated_same"))
                                : Tf("ui.share.updated", jobj{"n", static_cast<long long>(p.changes.size())});
      lines = p.changes;
      break;
    }
    case Action::copy:
    case Action::move: {
      // the empty, untitled campaign of a first start is not kept beside it: the link takes its place
      const bool blank = m.state().name.empty() && m.state().creatures.empty() && m.session().undo_depth() == 0 &&
                         !share_ids::copy_of(m.campaign_id());
      if (blank) {
        auto text = campaign_text(m.campaign_id());
        u.previous_text = text ? *text : io::save(m.session());  // undo puts the empty campaign back in its place
      }
      if (!m.restore_text(io::save(session_from(link)), blank ? m.campaign_id() : std::string())) return false;
      u.campaign = m.campaign_id();
      const bool copy = ch.action == Action::copy;
      share_ids::set(u.campaign, link.campaign_id, copy ? std::optional(as_copy()) : std::nullopt);
      set_player_mode(copy);
      title = T(copy ? "ui.share.copied_here" : "ui.share.moved");
      break;
    }
    case Action::move_replace: {
      auto before = campaign_text(ch.target);
      if (!before) return false;
      u.previous_text = *before;
      if (!m.restore_text(io::save(session_from(link)), ch.target)) return false;
      share_ids::set(ch.target, link.campaign_id, std::nullopt);
      set_player_mode(false);
      u.campaign = ch.target;
      title = T("ui.share.moved");
      break;
    }
    case Action::none: return false;
  }
  // a player who opens her character's link: this phone remembers the character is hers (she edits and levels it)
  if (link.kind == share::LinkKind::character && !u.campaign.empty() && share_ids::copy_of(u.campaign))
    share_ids::set_mine(u.campaign, link.creature);
  seen_campaign = m.campaign_id();
  m.clear_notice();  // the result screen says it (restore_text's "Restored." would only repeat it)
  p.done = true;
  p.to_top = true;
  p.done_title = title;
  p.done_lines = std::move(lines);
  p.undo = std::move(u);
  return true;
}

void undo_open() {
  Pending& p = pending();
  Model& m = model();
  const Undo u = p.undo;
  bool ok = true;
  switch (u.action) {
    case Action::merge: ok = switch_to(u.campaign) && m.undo(); break;
    case Action::update:
      ok = switch_to(u.campaign) && m.replace_session(io::load(u.previous_text));
      if (ok && u.previous_copy) share_ids::set(u.campaign, u.previous_copy->campaign_id, u.previous_copy);
      break;
    case Action::copy:
    case Action::move:
      // into Recovery, like any deleted campaign; or the first start's empty campaign back in its place
      ok = u.previous_text.empty() ? m.delete_campaign(u.campaign) : m.restore_text(u.previous_text, u.campaign);
      if (ok) share_ids::forget(u.campaign);
      break;
    case Action::move_replace: ok = m.restore_text(u.previous_text, u.campaign); break;
    case Action::none: break;
  }
  if (!ok) return;  // the model said why; the result screen stays
  if (u.previous != m.campaign_id() && m.library().find(u.previous)) m.open_campaign(u.previous);
  set_player_mode(u.previous_mode);
  seen_campaign = m.campaign_id();
  m.notify(T("ui.share.undone"));
  p = Pending{};
}

// A player's copy opens in player mode; leaving it for a campaign of one's own leaves player mode.
void follow_campaign_mode() {
  const std::string& id = model().campaign_id();
  if (id == seen_campaign) return;
  const bool was_copy = !seen_campaign.empty() && share_ids::copy_of(seen_campaign).has_value();
  seen_campaign = id;
  if (share_ids::copy_of(id)) set_player_mode(true);
  else if (was_copy) set_player_mode(false);
}

}  // namespace

// [SECTION] incoming links and the preview screen ---------------------------------------------------------------------
void check_incoming_link() {
  follow_campaign_mode();
  std::string fragment = platform::link::take_fragment();
  if (fragment.empty()) return;
  platform::link::clear_fragment();
  if (open_live_link(fragment)) return;  // a live table's code: this phone answers it (screens/live)
  // A link that does not decode gets a screen of its own (not a passing notice: another tab's message could
  // replace that at once).
  auto refuse = [](std::string why) {
    Pending p;
    p.open = true;
    p.error = std::move(why);
    pending() = std::move(p);
  };
  try {
    prepare(share::decode(fragment, ui().lang));
  } catch (const UserError& e) {
    refuse(e.message(ui().lang));
  } catch (const std::exception&) {
    refuse(T("ui.share.err.open"));
  }
  close_share();
}

bool link_preview_open() { return pending().open; }
void close_link_preview() {
  if (pending().open && !pending().done && pending().error.empty()) model().notify(T("ui.share.cancelled"));
  pending() = Pending{};
}

namespace {

void draw_done() {
  Pending& p = pending();
  heading(p.done_title.c_str());
  track("screen.link_done", p.done_title);
  track("link.done", p.done_title);
  const size_t shown = std::min<size_t>(p.done_lines.size(), 14);
  for (size_t i = 0; i < shown; ++i) {
    bullet(p.done_lines[i].c_str());
    track("link.done.line." + std::to_string(i), p.done_lines[i]);
  }
  if (shown < p.done_lines.size())
    muted(Tf("ui.share.more", jobj{"n", static_cast<long long>(p.done_lines.size() - shown)}).c_str());
  ImGui::Spacing();
  if (choice_button(T("ui.share.continue"), true)) {
    pending() = Pending{};
    ui().tab = Tab::party;
    return;
  }
  track("link.continue", T("ui.share.continue"));
  if (p.undo.action != Action::none) {
    if (big_button(T("ui.share.undo"))) {
      try {
        undo_open();
      } catch (const UserError& e) {
        model().notify(e.message(ui().lang), true, 12.0);
      }
      return;
    }
    track("link.undo", T("ui.share.undo"));
  }
}

const char* action_id(Action a) {
  switch (a) {
    case Action::copy: return "copy";
    case Action::update: return "update";
    case Action::merge: return "merge";
    case Action::move: return "move";
    case Action::move_replace: return "move_replace";
    case Action::none: break;
  }
  return "none";
}

}  // namespace

void draw_link_preview() {
  Pending& p = pending();
  if (p.to_top) {
    ImGui::SetScrollY(0);
    p.to_top = false;
  }
  if (!p.error.empty()) {
    heading(T("ui.share.err.title"));
    track("screen.link_error", T("ui.share.err.title"));
    error_text(p.error.c_str());
    track("link.error", p.error);
    muted(T("ui.share.err.unchanged"));
    ImGui::Spacing();
    if (big_button(T("ui.share.ok"))) pending() = Pending{};
    else track("link.ok", T("ui.share.ok"));
    return;
  }
  if (p.done) {
    draw_done();
    return;
  }
  heading(p.title.c_str());
  track("screen.link", p.title);
  track("link.title", p.title);
  for (size_t i = 0; i < p.holds.size(); ++i) {
    bullet(p.holds[i].c_str());
    track("link.holds." + std::to_string(i), p.holds[i]);
  }
  for (const auto& w : p.link.warnings) {
    std::string text = Tf(w.key, w.args);
    muted(text.c_str());
    track("link.warning", text);
  }
  ImGui::Spacing();
  ImGui::TextWrapped("%s", p.question.c_str());
  track("link.question", p.question);
  const bool shows_changes = !p.choices.empty() &&
                             (p.choices.front().action == Action::update || p.choices.front().action == Action::merge);
  if (shows_changes) {
    if (p.changes.empty()) {
      muted(T("ui.share.no_changes"));
      track("link.no_changes", T("ui.share.no_changes"));
    }
    const size_t shown = std::min<size_t>(p.changes.size(), 14);
    for (size_t i = 0; i < shown; ++i) {
      bullet(p.changes[i].c_str());
      track("link.change." + std::to_string(i), p.changes[i]);
    }
    if (shown < p.changes.size())
      muted(Tf("ui.share.more", jobj{"n", static_cast<long long>(p.changes.size() - shown)}).c_str());
  }
  if (!p.note.empty()) {
    error_text(p.note.c_str());
    track("link.note", p.note);
  }
  ImGui::Spacing();
  for (size_t i = 0; i < p.choices.size(); ++i) {
    const Choice ch = p.choices[i];
    ImGui::PushID(static_cast<int>(i));
    const bool tapped = choice_button(ch.label.c_str(), i == 0);
    ImGui::PopID();
    track(std::string("link.accept.") + action_id(ch.action), ch.label);
    if (tapped) {
      try {
        if (!accept(ch)) pending() = Pending{};
      } catch (const UserError& e) {
        model().notify(e.message(ui().lang), true, 12.0);
        pending() = Pending{};
      }
      return;
    }
  }
  if (big_button(T("ui.ctl.cancel"))) {
    close_link_preview();
    return;
  }
  track("link.cancel", T("ui.ctl.cancel"));
}

}  // namespace druzina::ui
