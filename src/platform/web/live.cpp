// Web side of platform/live.hpp: RTCPeerConnection with no ICE servers, one ordered data channel per peer.
// Module.druzinaLive.peers[id] = {pc, ch, inbox, sdp, failed}; each event wakes the app's loop
// (Module.druzinaWake). A test page may set Module.druzinaLiveCapture = [] to record every text sent and received
// ({peer, dir: "in" | "out", text, at: Date.now()}).
#include "platform/live.hpp"

#include <emscripten.h>

#include <cstdlib>

namespace {

EM_JS(int, js_live_available, (), { return typeof RTCPeerConnection === "function" ? 1 : 0; });

// The shared part: the registry, the channel's events, the end of ICE gathering.
EM_JS(int, js_live_new, (int answering), {
  var L = Module.druzinaLive || (Module.druzinaLive = { peers: {}, next: 1 });
  var wake = function () { if (Module.druzinaWake) Module.druzinaWake(); };
  var id = L.next++;
  var P = { pc: new RTCPeerConnection({ iceServers: [] }), ch: null, inbox: [], sdp: "", failed: false };
  L.peers[id] = P;
  P.wire = function (ch) {
    P.ch = ch;
    ch.onopen = wake;
    ch.onclose = wake;
    ch.onmessage = function (e) {
      if (typeof e.data !== "string" || P.inbox.length > 256) return;  // binary or a flood: not ours
      P.inbox.push(e.data);
      if (Module.druzinaLiveCapture) Module.druzinaLiveCapture.push({ peer: id, dir: "in", text: e.data, at: Date.now() });
      wake();
    };
  };
  var done = function () {
    if (!P.sdp && P.pc.localDescription) { P.sdp = P.pc.localDescription.sdp; wake(); }
  };
  P.pc.onicecandidate = function (e) { if (!e.candidate) done(); };
  P.pc.onicegatheringstatechange = function () { if (P.pc.iceGatheringState === "complete") done(); };
  P.pc.oniceconnectionstatechange = wake;
  P.pc.onconnectionstatechange = function () {
    if (P.pc.connectionState === "failed") P.failed = true;
    wake();
  };
  P.fail = function () { P.failed = true; wake(); };
  // Host candidates come within milliseconds; never wait on gathering longer than 3 s.
  P.timer = setTimeout(done, 3000);
  if (!answering) {
    P.wire(P.pc.createDataChannel("druzina", { ordered: true }));
    P.pc.createOffer().then(function (o) { return P.pc.setLocalDescription(o); }).catch(P.fail);
  } else {
    P.pc.ondatachannel = function (e) { P.wire(e.channel); wake(); };
  }
  return id;
});

EM_JS(void, js_live_answer_offer, (int id, const char* sdp), {
  var P = Module.druzinaLive.peers[id];
  P.pc.setRemoteDescription({ type: "offer", sdp: UTF8ToString(sdp) })
    .then(function () { return P.pc.createAnswer(); })
    .then(function (a) { return P.pc.setLocalDescription(a); })
    .catch(P.fail);
});

EM_JS(char*, js_live_sdp, (int id), {
  var P = Module.druzinaLive && Module.druzinaLive.peers[id];
  return P && P.sdp ? stringToNewUTF8(P.sdp) : 0;
});

EM_JS(int, js_live_accept_answer, (int id, const char* sdp), {
  var P = Module.druzinaLive && Module.druzinaLive.peers[id];
  if (!P || P.pc.signalingState !== "have-local-offer") return 0;
  P.pc.setRemoteDescription({ type: "answer", sdp: UTF8ToString(sdp) }).catch(P.fail);
  return 1;
});

EM_JS(int, js_live_state, (int id), {
  var P = Module.druzinaLive && Module.druzinaLive.peers[id];
  if (!P) return 2;
  if (P.failed) return 3;
  var cs = P.pc.connectionState;
  if (cs === "failed") return 3;
  if (cs === "closed") return 2;
  if (P.ch && (P.ch.readyState === "closed" || P.ch.readyState === "closing")) return 2;
  // ICE lost its pair for now (a phone locked, the Wi-Fi gone a moment): the agent keeps checking by itself
  if (P.ch && P.ch.readyState === "open" && (cs === "disconnected" || P.pc.iceConnectionState === "disconnected")) return 4;
  if (P.ch && P.ch.readyState === "open") return 1;
  return 0;
});

EM_JS(int, js_live_send, (int id, const char* text), {
  var P = Module.druzinaLive && Module.druzinaLive.peers[id];
  if (!P || !P.ch || P.ch.readyState !== "open") return 0;
  var t = UTF8ToString(text);
  try { P.ch.send(t); } catch (e) { return 0; }
  if (Module.druzinaLiveCapture) Module.druzinaLiveCapture.push({ peer: id, dir: "out", text: t, at: Date.now() });
  return 1;
});

EM_JS(char*, js_live_receive, (int id), {
  var P = Module.druzinaLive && Module.druzinaLive.peers[id];
  if (!P || !P.inbox.length) return 0;
  return stringToNewUTF8(P.inbox.shift());
});

EM_JS(void, js_live_close, (int id), {
  var L = Module.druzinaLive;
  var P = L && L.peers[id];
  if (!P) return;
  clearTimeout(P.timer);
  try { if (P.ch) P.ch.close(); P.pc.close(); } catch (e) {}
  delete L.peers[id];
});

std::string take(char* s) {
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

}  // namespace

namespace druzina::platform::live {

bool available() { return js_live_available() == 1; }
int create_offer() { return available() ? js_live_new(0) : 0; }
int accept_offer(const std::string& offer_sdp) {
  if (!available()) return 0;
  int id = js_live_new(1);
  js_live_answer_offer(id, offer_sdp.c_str());
  return id;
}
std::string local_sdp(int id) { return take(js_live_sdp(id)); }
bool accept_answer(int id, const std::string& answer_sdp) { return js_live_accept_answer(id, answer_sdp.c_str()) == 1; }
PeerState state(int id) { return static_cast<PeerState>(js_live_state(id)); }
bool send(int id, const std::string& text) { return js_live_send(id, text.c_str()) == 1; }
std::optional<std::string> receive(int id) {
  char* s = js_live_receive(id);
  if (!s) return std::nullopt;
  return take(s);
}
void close(int id) { js_live_close(id); }

}  // namespace druzina::platform::live
