// The live table screen (see live.hpp).
//
//   state      one State: the DM's Host and her offer, or the player's Guest and her answer
//   her copy   the player's copy of the table kept in the library (player mode), and when it was last live
//   tick       each frame: codes made, texts moved, updates sent, timeouts
//   DM         the offer's QR code, the scanner, the players, the queue
//   player     her answer's QR code, the live view, her requests
//
// Index:
//   [SECTION] state
//   [SECTION] her copy
//   [SECTION] tick
//   [SECTION] DM
//   [SECTION] player
//   [SECTION] the entry points
//   [SECTION] Settings
#include "ui/screens/live/live.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/derived.hpp"
#include "core/dice/dice.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"
#include "core/json_obj.hpp"
#include "core/live/protocol.hpp"
#include "core/live/requests.hpp"
#include "core/live/signal.hpp"
#include "core/live/table.hpp"
#include "platform/lifecycle.hpp"
#include "platform/link.hpp"
#include "platform/live.hpp"
#include "platform/scanner.hpp"
#include "platform/storage.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/share/qr.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/share/share_ui.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

using json = nlohmann::json;
namespace net = platform::live;

constexpr long long kConnectTimeoutMs = 15'000;  // an answer given, no connection: say so, offer the link
constexpr long long kReconnectMs = 45'000;       // a connection gone a moment comes back by itself within this
constexpr size_t kMaxPlayers = 8;

// [SECTION] state -----------------------------------------------------------------------------------------------------

enum class Role { none, dm, player };

struct DmPeer {
  int id = 0;
  long long answered_at = 0;  // when her answer was read
  long long open_at = 0;      // when the channel opened (0: not yet)
  bool lost = false;          // it was open and closed
  long long away_since = 0;   // reconnecting since (0: not)
};

struct State {
  bool open = false;
  Role role = Role::none;
  std::string error;     // a refused code, in the user's language
  bool timed_out = false;
  bool scanning = false;
  bool scroll_to_preview = false;  // the scanner just opened: bring it and its Close button into sight
  std::string pasted;    // a code typed or pasted instead of scanned
  // DM
  live::Host host;
  int offer = 0;              // the connection whose offer is shown
  std::string offer_url;
  std::vector<DmPeer> peers;  // answered
  long long last_tx = -1;
  std::string last_campaign;
  // player
  int peer = 0;
  live::Guest guest;
  std::string answer_url;
  long long answer_shown_at = 0, open_at = 0;  // the page clock
  long long lost_at = 0;                         // the wall clock: "not live since 21:04"
  long long kept_seq = -1;                       // the follower's sequence last written to her copy
  std::string copy_lib;                          // her copy's campaign in the library ("" = none yet)
  long long away_at = 0, away_wall = 0;          // reconnecting since (the page clock; the wall clock)
  bool said_hello = false;
  int amount = 1, value = 10, roll = 10, slot_level = 1;
  bool slot_pact = false;
  std::string expr = "1d20";
};

State& st() {
  static State s;
  return s;
}

long long now_wall() { return platform::wall_ms(); }

std::string lang_code() { return ui().lang == Lang::cs ? "cs" : ui().lang == Lang::uk ? "uk" : "en"; }

std::string clock_text(long long wall) { return platform::local_clock(wall, lang_code()); }

void send_all(const std::vector<live::Outgoing>& out) {
  for (const auto& o : out) net::send(o.peer, o.text);
}

void stop_scanner() {
  if (st().scanning) platform::scanner::close();
  st().scanning = false;
}

void end_all() {
  State& s = st();
  stop_scanner();
  if (s.role == Role::dm) {
    send_all(s.host.bye());
    for (const auto& p : s.peers) net::close(p.id);
    if (s.offer) net::close(s.offer);
  } else if (s.peer) {
    net::close(s.peer);
  }
  s = State{};
}

void new_offer() {
  State& s = st();
  s.offer = net::create_offer();
  s.offer_url.clear();
}

// [SECTION] her copy --------------------------------------------------------------------------------------------------
// Each view that comes is written to the library as her copy of the table, the campaign open on her phone in
// player mode (a table link's copy: share_ids says whose table it is, so a later link or live table of the same
// campaign updates it). "live.copy" remembers which campaign is the live copy, her character and the wall clock
// when it was last live, so that after a reload (or the browser closing) the copy says "not live since 21:04".

constexpr const char* kCopyKey = "live.copy";

struct KeptCopy {
  std::string campaign;  // the library's id
  std::string who;       // her character
  long long since = 0;   // the wall clock when it was last live
};

std::optional<KeptCopy> kept_copy() {
  auto text = platform::storage().load(kCopyKey);
  if (!text) return std::nullopt;
  try {
    json j = io::parse_json(*text, io::InputLimits{1024, 3});
    KeptCopy k{j.value("campaign", ""), j.value("who", ""), j.value("since", 0LL)};
    if (k.campaign.empty() || !model().library().find(k.campaign)) return std::nullopt;
    return k;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void save_kept(const KeptCopy& k) {
  platform::storage().save(kCopyKey, json(jobj{"campaign", k.campaign, "who", k.who, "since", k.since}).dump());
}

// The open campaign is her live copy, and this phone is not live on it now: when it was last live.
std::optional<long long> stale_copy_here() {
  const State& s = st();
  if (s.role == Role::player && s.open_at && !s.lost_at && !s.guest.ended) return std::nullopt;
  auto k = kept_copy();
  if (!k || k->campaign != model().campaign_id()) return std::nullopt;
  return s.role == Role::player && s.lost_at ? s.lost_at : k->since;
}

// A view came that her copy does not hold yet: write it (a new campaign the first time, opened; afterwards the
// same one, replaced: the DM is the one writer). False when the library refused (the model said why).
bool keep_copy() {
  State& s = st();
  const live::Follower& f = s.guest.follower;
  if (!f.view || f.seq == s.kept_seq) return true;
  Model& m = model();
  const bool first = s.copy_lib.empty();  // the first view since she joined: her copy is opened
  std::string lib = s.copy_lib;
  if (lib.empty() && !f.table_id.empty()) lib = share_ids::find_copy(f.table_id, "table", "");
  if (lib.empty())
    if (auto k = kept_copy(); k && k->campaign == m.campaign_id() && f.table_id.empty()) lib = k->campaign;
  const bool listed = !lib.empty() && m.library().find(lib);
  if (listed && !first && lib != m.campaign_id()) return true;  // she opened another campaign: written when back
  s.kept_seq = f.seq;  // (tried once per view: a refusal is not repeated every frame)
  campaign::Campaign c;
  try {
    c = f.campaign(ui().lang).get<campaign::Campaign>();
  } catch (const std::exception&) {
    return false;
  }
  campaign::Session session(campaign::Engine::standard(), c, {}, {}, c, campaign::SessionOptions{});
  if (!listed) {
    // the empty, untitled campaign of a first start gives its place to the copy (as to a table link)
    const bool blank = m.state().name.empty() && m.state().creatures.empty() && m.session().undo_depth() == 0 &&
                       !share_ids::copy_of(m.campaign_id());
    if (!m.restore_text(io::save(session), blank ? m.campaign_id() : std::string())) return false;
    lib = m.campaign_id();
    m.clear_notice();  // ("Restored." would say nothing to her)
  } else {
    if (lib != m.campaign_id() && !m.open_campaign(lib)) return false;
    if (!m.replace_session(std::move(session))) return false;
  }
  if (!f.table_id.empty())
    share_ids::set(lib, f.table_id, share_ids::Copy{f.table_id, "table", "", f.dm_time});
  set_player_mode(true);
  s.copy_lib = lib;
  save_kept({lib, s.guest.who, now_wall()});
  return true;
}

// The connection ended: her copy was live until now.
void mark_copy_lost(long long at) {
  if (auto k = kept_copy(); k && k->campaign == model().campaign_id()) {
    k->since = at;
    save_kept(*k);
  }
}

// [SECTION] tick ------------------------------------------------------------------------------------------------------

// A code read by the scanner or pasted: an answer (DM) or an offer (player).
void take_code(const std::string& text) {
  State& s = st();
  s.error.clear();
  try {
    if (s.role == Role::dm) {
      live::Signal answer = live::decode_signal(text, 'a');
      if (s.peers.size() >= kMaxPlayers) throw UserError("live.err.full", jobj{"max", static_cast<long long>(kMaxPlayers)});
      if (!s.offer || !net::accept_answer(s.offer, live::to_sdp(answer))) throw UserError("live.err.damaged");
      s.peers.push_back({s.offer, static_cast<long long>(now_ms()), 0, false});
      s.timed_out = false;
      new_offer();  // the next player's code
    } else {
      open_live_link(text);
    }
  } catch (const UserError& e) {
    s.error = e.message(ui().lang);
  }
}

// An accepted request: checked again against the state as it is now (it may have changed since it was queued),
// then dispatched as an ordinary command. The reason it could not be, if it could not.
std::optional<UserError> run_request(const live::Pending& q) {
  std::string who;
  for (const auto& p : st().host.players())
    if (p.peer == q.peer) who = p.who;
  try {
    live::to_command(model().state(), who, q.request);
  } catch (const UserError& e) {
    return e;
  }
  if (!model().dispatch(q.command)) return UserError("live.err.rules");
  return std::nullopt;
}

bool tick_dm(long long now) {
  State& s = st();
  bool changed = false;
  if (s.offer && s.offer_url.empty()) {
    std::string sdp = net::local_sdp(s.offer);
    if (!sdp.empty()) {
      try {
        s.offer_url = platform::link::page_url() + live::encode_signal(live::from_sdp(sdp, 'o'));
      } catch (const UserError& e) {
        s.error = e.message(ui().lang);
        net::close(s.offer);
        s.offer = 0;
      }
      changed = true;
    }
  }
  for (auto& p : s.peers) {
    const net::PeerState ps = net::state(p.id);
    if (ps == net::PeerState::open && !p.open_at) {
      p.open_at = now;
      p.lost = false;
      s.host.add_peer(p.id);
      changed = true;
    }
    if (ps == net::PeerState::open)
      while (auto text = net::receive(p.id)) {
        send_all(s.host.receive(p.id, *text, model().state(), now));
        changed = true;
      }
    // gone a moment (her phone locked, the Wi-Fi away): she stays on the list, her updates wait for her
    if (ps == net::PeerState::reconnecting && p.open_at && !p.lost && !p.away_since) {
      p.away_since = now;
      changed = true;
    }
    if (ps == net::PeerState::open && p.away_since) {
      p.away_since = 0;
      changed = true;
    }
    const bool gone = ps == net::PeerState::closed || ps == net::PeerState::failed ||
                      (ps == net::PeerState::reconnecting && p.away_since && now - p.away_since > kReconnectMs);
    if (gone && p.open_at && !p.lost) {
      p.lost = true;
      s.host.remove_peer(p.id);
      changed = true;
    }
    if (!p.open_at && !p.lost && now - p.answered_at > kConnectTimeoutMs) {
      p.lost = true;
      s.timed_out = true;
      changed = true;
    }
  }
  // Forget the connections that ended (a player rejoins with a new code).
  for (auto it = s.peers.begin(); it != s.peers.end();)
    if (it->lost) {
      net::close(it->id);
      it = s.peers.erase(it);
    } else {
      ++it;
    }
  // Another campaign opened on this phone while live: the table ends (a "bye" to everyone) rather than send that
  // campaign to players invited to this one, under this one's share id. The DM opens the live table again to share
  // the other.
  if (!s.last_campaign.empty() && model().campaign_id() != s.last_campaign) {
    end_all();  // (s is a fresh State now: no role, the screen closed)
    model().notify(T("ui.live.switched"), true, 8.0);
    return true;
  }
  // The players' view after every change of the campaign (and whatever the players asked meanwhile).
  if (model().state().last_tx != s.last_tx || model().campaign_id() != s.last_campaign || changed) {
    s.last_tx = model().state().last_tx;
    s.last_campaign = model().campaign_id();
    send_all(s.host.update(model().state(), now));
  }
  // Kinds the DM accepts without asking.
  for (size_t i = 0; i < s.host.queue().size();) {
    if (!s.host.queue()[i].automatic) {
      ++i;
      continue;
    }
    const live::Pending q = s.host.queue()[i];
    const std::optional<UserError> why = run_request(q);
    net::send(q.peer, s.host.resolve(i, !why, why ? &*why : nullptr).text);
    changed = true;
  }
  return changed;
}

bool tick_player(long long now) {
  State& s = st();
  bool changed = false;
  if (!s.peer) return false;
  if (s.answer_url.empty()) {
    std::string sdp = net::local_sdp(s.peer);
    if (!sdp.empty()) {
      try {
        s.answer_url = platform::link::page_url() + live::encode_signal(live::from_sdp(sdp, 'a'));
        s.answer_shown_at = now;
      } catch (const UserError& e) {
        s.error = e.message(ui().lang);
      }
      changed = true;
    }
  }
  const net::PeerState ps = net::state(s.peer);
  if (ps == net::PeerState::open && s.away_at) {
    // back by itself: what the DM sent meanwhile arrives now; the whole view, to be sure of her copy
    s.away_at = s.away_wall = 0;
    net::send(s.peer, live::encode(jobj{"k", "resync"}));
    changed = true;
  }
  if (ps == net::PeerState::reconnecting && s.open_at && !s.lost_at) {
    if (!s.away_at) {
      s.away_at = now;
      s.away_wall = now_wall();
      changed = true;
    }
    if (now - s.away_at > kReconnectMs) {
      // not back: for good (no way to a new handshake but the codes); not live since she went away
      net::close(s.peer);
      s.lost_at = s.away_wall;
      s.away_at = 0;
      mark_copy_lost(s.lost_at);
      changed = true;
    }
  } else if (ps == net::PeerState::open) {
    if (!s.open_at) {
      s.open_at = now;
      s.lost_at = 0;
      s.timed_out = false;
      changed = true;
    }
    if (!s.said_hello) {
      net::send(s.peer, s.guest.hello(s.guest.who, ""));
      s.said_hello = true;
    }
    while (auto text = net::receive(s.peer)) {
      if (auto back = s.guest.receive(*text, now_wall())) net::send(s.peer, *back);
      changed = true;
    }
    keep_copy();  // (nothing to do unless a new view came, or she is back on her copy)
    if (s.guest.ended && !s.lost_at) {
      s.lost_at = now_wall();
      mark_copy_lost(s.lost_at);
    }
  } else if (s.open_at && !s.lost_at) {
    s.lost_at = s.away_wall ? s.away_wall : now_wall();  // her last copy stays on the screen (and stored), marked
    s.away_at = 0;
    mark_copy_lost(s.lost_at);
    changed = true;
  }
  if (!s.open_at && s.answer_shown_at && !s.timed_out && now - s.answer_shown_at > kConnectTimeoutMs) {
    s.timed_out = true;
    changed = true;
  }
  return changed;
}

// [SECTION] DM --------------------------------------------------------------------------------------------------------

// The camera's picture: a box laid over the canvas (a <video>), on the space this frame leaves for it, cut to
// what the screen area shows (it scrolls under a box that would stay put, and would cover the buttons). A third
// of the screen's height at most, so that the hint above and Close below stay in sight with it.
ImVec2 preview_size() {
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = std::min(w * 0.75f, ImGui::GetIO().DisplaySize.y * 0.34f);
  return ImVec2(std::min(w, h / 0.75f), h);
}

void place_preview(ImVec2 min, ImVec2 max) {
  const ImVec2 clip_min = ImGui::GetWindowDrawList()->GetClipRectMin();
  const ImVec2 clip_max = ImGui::GetWindowDrawList()->GetClipRectMax();
  const float x0 = std::max(min.x, clip_min.x), y0 = std::max(min.y, clip_min.y);
  const float x1 = std::min(max.x, clip_max.x), y1 = std::min(max.y, clip_max.y);
  if (x1 - x0 < 24 || y1 - y0 < 24) platform::scanner::place(0, 0, 0, 0);  // scrolled out of sight
  else platform::scanner::place(x0, y0, x1 - x0, y1 - y0);
}

void draw_scanner_block(const char* hint) {
  State& s = st();
  if (!s.scanning) {
    if (big_button(T("ui.live.scan"))) {
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const ImVec2 size = preview_size();
      platform::scanner::open(at.x, at.y, size.x, size.y);  // placed where it belongs from the next frame on
      s.scanning = true;
      s.scroll_to_preview = true;
    }
    track("live.scan", T("ui.live.scan"));
  } else {
    const float top = ImGui::GetCursorScreenPos().y;
    muted(hint);
    const ImVec2 size = preview_size();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);  // the camera's picture lies over this space
    place_preview(at, ImVec2(at.x + size.x, at.y + size.y));
    track("live.preview", "");
    const auto status = platform::scanner::status();
    if (status == platform::scanner::Status::no_camera) error_text(T("ui.live.no_camera"));
    if (status == platform::scanner::Status::failed) error_text(T("ui.live.scan_failed"));
    if (auto text = platform::scanner::take()) take_code(*text);
    if (big_button(T("ui.live.scan_photo"))) platform::scanner::pick_image();
    track("live.scan_photo", T("ui.live.scan_photo"));
    if (big_button(T("ui.live.scan_stop"))) stop_scanner();
    track("live.scan_stop", T("ui.live.scan_stop"));
    if (s.scroll_to_preview) {
      // the hint, the preview and Close in sight at once (the screen scrolls only as far as needed)
      if (top < ImGui::GetWindowDrawList()->GetClipRectMin().y)
        ImGui::SetScrollFromPosY(top - ImGui::GetWindowPos().y - ImGui::GetStyle().ItemSpacing.y, 0.0f);
      else if (ImGui::GetItemRectMax().y > ImGui::GetWindowDrawList()->GetClipRectMax().y)
        ImGui::SetScrollHereY(1.0f);
      s.scroll_to_preview = false;
    }
  }
  // A code as text (copied from a message), for a phone without a camera.
  small_label(T("ui.live.paste"));
  text_field("live.paste", "#l1.…", s.pasted);
  if (!s.pasted.empty()) {
    if (big_button(T("ui.live.paste_ok"))) {
      take_code(s.pasted);
      s.pasted.clear();
    }
    track("live.paste_ok", T("ui.live.paste_ok"));
  }
}

void draw_timed_out() {
  error_text(T("ui.live.timeout"));
  track("live.timeout", T("ui.live.timeout"));
  muted(T("ui.live.timeout_hint"));
  if (st().role == Role::dm && !ui_player_mode()) {
    if (big_button(T("ui.live.snapshot"))) open_share(ShareKind::table);
    track("live.snapshot", T("ui.live.snapshot"));
  }
}

std::string request_line(const live::Pending& q) { return live::describe(model().state(), q.request, ui().lang); }

void draw_dm() {
  State& s = st();
  heading(T("ui.live.title"));
  track("screen.live", T("ui.live.title"));
  if (!net::available()) {
    error_text(T("ui.live.unavailable"));
    return;
  }
  // The players and their requests first: what the DM looks at during play.
  const auto& players = s.host.players();
  std::string count = Tf("ui.live.players", jobj{"n", static_cast<long long>(players.size())});
  ImGui::TextWrapped("%s", count.c_str());
  track("live.players", std::to_string(players.size()));
  for (size_t i = 0; i < players.size(); ++i) {
    std::string name = players[i].name.empty() ? T("ui.live.watching") : players[i].name;
    for (const auto& p : s.peers)
      if (p.id == players[i].peer && p.away_since) name += " · " + std::string(T("ui.live.player_away"));
    bullet(name.c_str());
    track("live.player." + std::to_string(i), name);
  }
  for (size_t i = 0; i < s.host.queue().size(); ++i) {
    const live::Pending& q = s.host.queue()[i];
    std::string line = request_line(q);
    ImGui::PushID(static_cast<int>(i));
    ImGui::Separator();
    ImGui::TextWrapped("%s", line.c_str());
    track("live.request." + std::to_string(i), line);
    const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
    bool accept = big_button(T("ui.live.accept"), ImVec2(half, kTouchTarget));
    track("live.accept." + std::to_string(i), T("ui.live.accept"));
    ImGui::SameLine(0, 10);
    bool decline = big_button(T("ui.live.decline"), ImVec2(half, kTouchTarget));
    track("live.decline." + std::to_string(i), T("ui.live.decline"));
    ImGui::PopID();
    if (accept || decline) {
      const std::optional<UserError> why = accept ? run_request(q) : std::nullopt;
      net::send(q.peer, s.host.resolve(i, accept && !why, why ? &*why : nullptr).text);
      return;
    }
  }
  ImGui::Separator();
  if (s.timed_out) draw_timed_out();
  if (!s.error.empty()) {
    error_text(s.error.c_str());
    track("live.error", s.error);
  }
  // While the camera is on, it and Close come first (the code for the next player below: the new one appears
  // there after a scan, and moves nothing the DM is looking at); else the code, then the Scan button.
  const bool scanning = s.scanning;  // (as the frame began: Close or Scan tapped moves the block next frame)
  if (scanning) draw_scanner_block(T("ui.live.scan_answer"));
  // The next player's code.
  small_label(T("ui.live.offer_hint"));
  if (s.offer_url.empty()) {
    muted(T("ui.live.preparing"));
  } else {
    const float side = std::min(ImGui::GetContentRegionAvail().x, 420.0f);
    draw_qr(s.offer_url, side);
    const QrInfo qr = qr_info(s.offer_url);
    track("live.offer_qr", s.offer_url);
    muted(Tf("ui.share.qr_size", jobj{"modules", qr.modules}).c_str());
  }
  if (!scanning) draw_scanner_block(T("ui.live.scan_answer"));
  muted(T("ui.live.network"));
  ImGui::Spacing();
  if (big_button(T("ui.live.end"))) {
    end_all();
    return;
  }
  track("live.end", T("ui.live.end"));
}

// [SECTION] player ----------------------------------------------------------------------------------------------------

std::string cond_name(const std::string& id) {
  const std::string k = "campaign.condition." + id;
  return has_key(ui().lang, k) ? tr(ui().lang, k) : id;
}

std::string hp_text(const campaign::Creature& c) {
  const std::string shown = c.extra.value("hp_shown", "");
  if (shown == "hidden") return T("ui.share.hp_hidden");
  if (shown == "status") return T(("ui.share.health." + campaign::health_status(c)).c_str());
  return std::to_string(c.hp) + "/" + std::to_string(c.max_hp);
}

void draw_table(const campaign::Campaign& c) {
  if (c.encounter) {
    std::string who;
    const auto& e = *c.encounter;
    if (e.turn >= 0 && static_cast<size_t>(e.turn) < e.order.size() && !e.extra.value("turn_hidden", false))
      if (const auto* x = campaign::find_creature(c, e.order[static_cast<size_t>(e.turn)].creature)) who = x->name;
    std::string line = who.empty() ? Tf("ui.share.round", jobj{"round", e.round})
                                   : Tf("ui.share.round_turn", jobj{"round", e.round, "name", who});
    small_label(line.c_str());
    track("live.turn", line);
  }
  for (const auto& x : c.creatures) {
    std::string line = x.name + " · " + hp_text(x);
    for (const auto& cond : x.conditions) line += " · " + cond_name(cond.id);
    bullet(line.c_str());
    track("live.creature." + x.id, line);
  }
}

void send_request(const char* kind, json args) {
  State& s = st();
  if (net::state(s.peer) != net::PeerState::open) return;
  net::send(s.peer, s.guest.request(kind, std::move(args)));
}

void draw_requests(const campaign::Campaign& c) {
  State& s = st();
  const campaign::Creature* me = campaign::find_creature(c, s.guest.who);
  if (!me) return;
  heading(me->name.c_str());
  small_label(T("ui.live.send_hint"));
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  StepperOptions value_opt;
  value_opt.label = T("ui.live.initiative");
  stepper("live.initiative_value", s.value, -10, 40, value_opt);
  if (big_button(T("ui.live.send_initiative"))) send_request("initiative", jobj{"value", s.value});
  track("live.send.initiative", T("ui.live.send_initiative"));
  if (me->hp == 0 && !me->death_saves.dead) {
    StepperOptions roll_opt;
    roll_opt.label = T("ui.live.death_save");
    stepper("live.death_roll", s.roll, 1, 20, roll_opt);
    if (big_button(T("ui.live.send_death_save"))) send_request("death_save", jobj{"roll", s.roll});
    track("live.send.death_save", T("ui.live.send_death_save"));
  }
  StepperOptions amount_opt;
  amount_opt.label = T("ui.live.amount");
  stepper("live.amount", s.amount, 1, 999, amount_opt);
  if (big_button(T("ui.live.send_damage"), ImVec2(half, kTouchTarget))) send_request("damage", jobj{"amount", s.amount});
  track("live.send.damage", T("ui.live.send_damage"));
  ImGui::SameLine(0, 10);
  if (big_button(T("ui.live.send_heal"), ImVec2(half, kTouchTarget))) send_request("heal", jobj{"amount", s.amount});
  track("live.send.heal", T("ui.live.send_heal"));
  // A roll of her dice into the table's log: rolled here, the result sent.
  text_field("live.expr", "1d20+5", s.expr);
  if (big_button(T("ui.live.send_roll"))) {
    try {
      dice::Roll r = dice::roll(s.expr, model().rng());
      send_request("roll", jobj{"expr", r.expr, "total", static_cast<long long>(r.total)});
    } catch (const UserError& e) {
      model().notify(e.message(ui().lang), true);
    }
  }
  track("live.send.roll", T("ui.live.send_roll"));
  if (me->inspiration) {
    if (big_button(T("ui.live.send_inspiration"))) send_request("inspiration", json::object());
    track("live.send.inspiration", T("ui.live.send_inspiration"));
  }
  if (campaign::rule_enabled(c, "hero-points", false)) {
    if (big_button(T("ui.live.send_hero_point"))) send_request("hero_point", json::object());
    track("live.send.hero_point", T("ui.live.send_hero_point"));
  }
  // A spell slot she spends (the DM's spell-slots rule says whether she has one left).
  StepperOptions slot_opt;
  slot_opt.label = T("ui.live.slot_level");
  stepper("live.slot_level", s.slot_level, 1, 9, slot_opt);
  if (switch_row("live.slot_pact", T("ui.live.pact"), s.slot_pact)) s.slot_pact = !s.slot_pact;
  if (big_button(T("ui.live.send_spell_slot"))) {
    json args = jobj{"level", s.slot_level};
    if (s.slot_pact) args["pact"] = true;
    send_request("spell_slot", std::move(args));
  }
  track("live.send.spell_slot", T("ui.live.send_spell_slot"));
  // Her requests and what became of them, newest first.
  for (size_t k = s.guest.answers.size(); k-- > 0 && k + 5 >= s.guest.answers.size();) {
    const auto& a = s.guest.answers[k];
    std::string line = Tf("ui.live.status." + a.status, jobj{"kind", T(("ui.live.kind." + a.kind).c_str())});
    if (a.why.is_object() && a.why.contains("key"))
      line += " " + tr(ui().lang, a.why["key"].get<std::string>(), a.why.value("args", json::object()));
    if (a.status == "refused") error_text(line.c_str());
    else muted(line.c_str());
    track("live.answer." + std::to_string(a.id), line);
  }
}

void draw_player() {
  State& s = st();
  heading(T("ui.live.title"));
  track("screen.live", T("ui.live.title"));
  if (!s.error.empty()) {
    error_text(s.error.c_str());
    track("live.error", s.error);
  }
  const bool open = s.peer && net::state(s.peer) == net::PeerState::open && !s.guest.ended;
  const std::optional<long long> stale = s.peer ? std::nullopt : stale_copy_here();
  if (!s.peer && stale) {
    // the page was reloaded: her copy from the library, marked
    std::string line = Tf("ui.live.not_live", jobj{"time", clock_text(*stale)});
    error_text(line.c_str());
    track("live.status", line);
    muted(T("ui.live.rejoin_hint"));
    draw_scanner_block(T("ui.live.scan_offer"));
  } else if (!s.peer) {
    muted(T("ui.live.player_hint"));
    draw_scanner_block(T("ui.live.scan_offer"));
  } else if (!s.open_at) {
    // Her answer for the DM to scan.
    if (s.answer_url.empty()) {
      if (s.peer) muted(T("ui.live.preparing"));
    } else {
      small_label(T("ui.live.answer_hint"));
      const float side = std::min(ImGui::GetContentRegionAvail().x, 420.0f);
      draw_qr(s.answer_url, side);
      track("live.answer_qr", s.answer_url);
      muted(T("ui.live.network"));
    }
    if (s.timed_out) draw_timed_out();
  } else if (s.away_at) {
    std::string line = Tf("ui.live.reconnecting", jobj{"time", clock_text(s.away_wall)});
    error_text(line.c_str());
    track("live.status", line);
    muted(Tf("ui.live.reconnecting_hint", jobj{"seconds", kReconnectMs / 1000}).c_str());
  } else if (open) {
    std::string line = Tf("ui.live.live_since", jobj{"time", s.guest.last_update ? clock_text(s.guest.last_update) : "—"});
    if (!s.guest.follower.players.empty()) {
      std::string names;
      for (const auto& n : s.guest.follower.players) names += (names.empty() ? "" : ", ") + n;
      line += " · " + names;
    }
    ImGui::TextWrapped("%s", line.c_str());
    track("live.status", line);
  } else {
    std::string line = Tf("ui.live.not_live", jobj{"time", clock_text(s.lost_at ? s.lost_at : now_wall())});
    error_text(line.c_str());
    track("live.status", line);
    muted(T(s.guest.ended ? "ui.live.ended" : "ui.live.rejoin_hint"));
  }
  // Her copy: the last view that came, kept after a drop.
  if (s.guest.follower.view) {
    json camp;
    try {
      camp = s.guest.follower.campaign(ui().lang);
    } catch (const UserError&) {
    }
    if (camp.is_object()) {
      campaign::Campaign c = camp.get<campaign::Campaign>();
      ImGui::Separator();
      draw_table(c);
      ImGui::Separator();
      if (s.guest.who.empty() || !campaign::find_creature(c, s.guest.who)) {
        small_label(T("ui.live.who_am_i"));
        for (const auto& x : c.creatures)
          if (campaign::in_party(x) && open) {
            if (big_button(x.name.c_str())) {
              net::send(s.peer, s.guest.hello(x.id, x.name));
            }
            track("live.me." + x.id, x.name);
          }
      } else if (open) {
        draw_requests(c);
      }
    }
  } else if (stale) {
    ImGui::Separator();
    draw_table(model().state());
  }
  if (!open && s.open_at) draw_scanner_block(T("ui.live.scan_offer"));  // rejoin: the DM's next code
  ImGui::Spacing();
  if (big_button(T("ui.live.leave"))) {
    end_all();
    return;
  }
  track("live.leave", T("ui.live.leave"));
}

}  // namespace

// [SECTION] the entry points ------------------------------------------------------------------------------------------

void draw_live_button() {
  // her copy of a live table, not live now (after a drop, or the page reloaded): say since when, and how back
  if (auto since = stale_copy_here()) {
    std::string line = Tf("ui.live.not_live", jobj{"time", clock_text(*since)});
    error_text(line.c_str());
    track("live.status", line);
    muted(T("ui.live.rejoin_hint"));
  }
  if (!ui_player_mode() && model().state().creatures.empty()) return;
  if (big_button(T("ui.live.open_button"))) open_live();
  track("party.live", T("ui.live.open_button"));
}

void open_live() {
  State& s = st();
  s.open = true;
  platform::scanner::prepare();
  if (s.role != Role::none) return;  // a table already live: back to it
  if (ui_player_mode()) return;      // a player joins by a code
  s.role = Role::dm;
  s.host.auto_accept = live_auto_accept();
  s.host.table_id = share_ids::campaign_id(model().campaign_id());  // her copy is kept under it
  s.last_campaign = model().campaign_id();  // the one campaign this table sends (tick_dm ends it on a switch)
  new_offer();
}

std::string live_character_here() {
  const State& s = st();
  if (s.role != Role::player || !s.peer || s.guest.ended || net::state(s.peer) != net::PeerState::open) return {};
  if (s.copy_lib.empty() || s.copy_lib != model().campaign_id()) return {};
  return s.guest.who;
}

bool live_request(const std::string& kind, const nlohmann::json& args) {
  if (live_character_here().empty()) return false;
  State& s = st();
  return net::send(s.peer, s.guest.request(kind, args));
}

std::vector<live::Guest::Answer> live_answers(const std::string& kind) {
  std::vector<live::Guest::Answer> out;
  if (live_character_here().empty()) return out;
  for (const auto& a : st().guest.answers)
    if (a.kind == kind) out.push_back(a);
  return out;
}

void draw_live_answers(const std::string& kind, const std::string& id_prefix,
                       const std::function<std::string(const json& args)>& what, size_t max) {
  const auto answers = live_answers(kind);
  for (size_t k = answers.size(); k-- > 0 && k + max >= answers.size();) {
    const auto& a = answers[k];
    std::string line = Tf("ui.live.status." + a.status, jobj{"kind", what(a.args.is_object() ? a.args : json::object())});
    if (a.why.is_object() && a.why.contains("key") && a.why["key"].is_string())
      line += " " + tr(ui().lang, a.why["key"].get<std::string>(), a.why.value("args", json::object()));
    if (a.status == "refused" || a.status == "declined") error_text(line.c_str());
    else muted(line.c_str());
    track(id_prefix + "." + std::to_string(a.id), line);
  }
}

bool live_open() { return st().open; }
void close_live() {
  st().open = false;
  stop_scanner();
}

bool live_tick() {
  State& s = st();
  const auto now = static_cast<long long>(now_ms());  // the page clock: the timeouts
  if (s.role == Role::dm) return tick_dm(now);
  if (s.role == Role::player) return tick_player(now);
  return false;
}

bool open_live_link(const std::string& fragment) {
  if (!live::is_signal(fragment)) return false;
  State& s = st();
  platform::scanner::prepare();
  if (s.role == Role::dm) {
    // A DM's phone given a code as a link: a player's answer (the one kind it takes).
    s.open = true;
    close_share();
    take_code(fragment);
    return true;
  }
  std::string error;
  try {
    live::Signal offer = live::decode_signal(fragment, 'o');
    if (s.role == Role::dm) end_all();  // this phone follows another DM's table now
    const std::string who = s.guest.who;
    const std::optional<json> copy = s.guest.follower.view;
    if (s.peer) net::close(s.peer);
    stop_scanner();
    State fresh;
    fresh.role = Role::player;
    fresh.guest.who = who;  // a rejoin keeps her character and her last copy
    if (who.empty())
      if (auto k = kept_copy(); k && k->campaign == model().campaign_id()) fresh.guest.who = k->who;  // (a reload)
    if (copy) fresh.guest.follower.view = copy;
    fresh.peer = net::accept_offer(live::to_sdp(offer));
    if (!fresh.peer) throw UserError("live.err.damaged");
    s = std::move(fresh);
  } catch (const UserError& e) {
    error = e.message(ui().lang);
    if (s.role == Role::none) s.role = Role::player;
    s.error = error;
  }
  s.open = true;
  close_share();
  return true;
}

void draw_live() {
  State& s = st();
  if (big_button(T("ui.share.back"), ImVec2(std::min(160.0f, ImGui::GetContentRegionAvail().x * 0.4f), kTouchTarget))) {
    close_live();
    return;
  }
  track("live.back", T("ui.share.back"));
  if (s.role == Role::dm) draw_dm();
  else if (s.role == Role::player) draw_player();
  else {
    s.role = Role::player;  // a player's phone with no table yet: her scanner reads the DM's code
    draw_player();
  }
}

// [SECTION] Settings --------------------------------------------------------------------------------------------------

std::set<std::string> live_auto_accept() {
  std::set<std::string> out;
  auto text = platform::storage().load("live.auto");
  if (!text) return out;
  try {
    json list = io::parse_json(*text, io::InputLimits{4096, 4});
    if (list.is_array())
      for (const auto& k : list)
        if (k.is_string() && std::count(live::request_kinds().begin(), live::request_kinds().end(), k.get<std::string>()))
          out.insert(k.get<std::string>());
  } catch (const UserError&) {
  }
  return out;
}

void set_live_auto_accept(const std::set<std::string>& kinds) {
  platform::storage().save("live.auto", json(kinds).dump());
  st().host.auto_accept = kinds;
}

void draw_live_settings() {
  if (ui_player_mode()) return;
  ImGui::Spacing();
  small_label(T("ui.live.auto_title"));
  std::set<std::string> on = live_auto_accept();
  for (const auto& kind : live::request_kinds()) {
    const bool is_on = on.count(kind) > 0;
    if (switch_row("live.auto." + kind, T(("ui.live.kind." + kind).c_str()), is_on)) {
      if (is_on) on.erase(kind);
      else on.insert(kind);
      set_live_auto_accept(on);
    }
  }
}

}  // namespace druzina::ui
