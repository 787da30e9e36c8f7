// Native live connections (see platform/live.hpp): an in-memory loopback. Each offer and answer is a small SDP
// the core's handshake code reads (a ufrag, a password, a fingerprint, one host candidate); an answer links the
// answering peer to the offering one, and both are open at once. Texts sent on one end arrive at the other
// (while a test has interrupted the connection, they wait for it to be back).
#include "platform/live.hpp"

#include <deque>
#include <map>
#include <vector>

#include "platform/native/headless.hpp"

namespace druzina::platform::live {

namespace {

struct Peer {
  std::string ufrag, remote_ufrag, sdp;
  int other = 0;
  bool offering = false, dropped = false, interrupted = false;
  std::deque<std::string> inbox;
};

std::map<int, Peer> peers;
int next_id = 1;
std::vector<std::string> sent;
bool unreachable = false;

std::string sdp_for(const std::string& ufrag, bool offering, int id) {
  std::string fp;
  for (int i = 0; i < 32; ++i) fp += (i ? ":" : "") + std::string(i % 2 ? "A" : "5") + std::to_string(i % 10);
  return "v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=ice-ufrag:" + ufrag +
         "\r\na=ice-pwd:loopbackloopbackloopback" + std::to_string(id) + "\r\na=fingerprint:sha-256 " + fp +
         "\r\na=setup:" + (offering ? "actpass" : "active") + "\r\na=candidate:1 1 udp 2113937151 127.0.0.1 " +
         std::to_string(40000 + id) + " typ host generation 0\r\n";
}

std::string ufrag_of(const std::string& sdp) {
  size_t at = sdp.find("a=ice-ufrag:");
  if (at == std::string::npos) return {};
  at += 12;
  return sdp.substr(at, sdp.find_first_of("\r\n", at) - at);
}

Peer* find(int id) {
  auto it = peers.find(id);
  return it == peers.end() ? nullptr : &it->second;
}

}  // namespace

bool available() { return true; }

int create_offer() {
  int id = next_id++;
  Peer& p = peers[id];
  p.offering = true;
  p.ufrag = "loop" + std::to_string(id);
  p.sdp = sdp_for(p.ufrag, true, id);
  return id;
}

int accept_offer(const std::string& offer_sdp) {
  std::string remote = ufrag_of(offer_sdp);
  if (remote.empty()) return 0;
  int id = next_id++;
  Peer& p = peers[id];
  p.ufrag = "loop" + std::to_string(id);
  p.remote_ufrag = remote;
  p.sdp = sdp_for(p.ufrag, false, id);
  return id;
}

std::string local_sdp(int id) {
  Peer* p = find(id);
  return p ? p->sdp : std::string();
}

bool accept_answer(int id, const std::string& answer_sdp) {
  Peer* a = find(id);
  if (!a || !a->offering || a->other) return false;
  std::string ufrag = ufrag_of(answer_sdp);
  for (auto& [bid, b] : peers)
    if (b.ufrag == ufrag && b.remote_ufrag == a->ufrag && !b.other) {
      if (unreachable) return true;  // taken; the connection never comes
      a->other = bid;
      b.other = id;
      return true;
    }
  return false;
}

PeerState state(int id) {
  Peer* p = find(id);
  if (!p || p->dropped) return PeerState::closed;
  if (p->interrupted) return PeerState::reconnecting;
  return p->other ? PeerState::open : PeerState::connecting;
}

bool send(int id, const std::string& text) {
  Peer* p = find(id);
  if (!p || p->dropped || !p->other) return false;
  Peer* o = find(p->other);
  if (!o || o->dropped) return false;
  o->inbox.push_back(text);
  sent.push_back(text);
  return true;
}

std::optional<std::string> receive(int id) {
  Peer* p = find(id);
  if (!p || p->interrupted || p->inbox.empty()) return std::nullopt;  // (what was sent waits for the way back)
  std::string t = std::move(p->inbox.front());
  p->inbox.pop_front();
  return t;
}

void close(int id) {
  Peer* p = find(id);
  if (!p) return;
  if (Peer* o = find(p->other)) o->dropped = true;
  peers.erase(id);
}

}  // namespace druzina::platform::live

namespace druzina::platform::native {
void drop_live(int id) {
  using namespace druzina::platform::live;
  if (Peer* p = find(id)) {
    p->dropped = true;
    if (Peer* o = find(p->other)) o->dropped = true;
  }
}
void interrupt_live(int id, bool interrupted) {
  using namespace druzina::platform::live;
  if (Peer* p = find(id)) {
    p->interrupted = interrupted;
    if (Peer* o = find(p->other)) o->interrupted = interrupted;
  }
}
const std::vector<std::string>& live_sent() { return druzina::platform::live::sent; }
void set_live_unreachable(bool on) { druzina::platform::live::unreachable = on; }
}  // namespace druzina::platform::native
