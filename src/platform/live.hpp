// The live table's connections: one WebRTC data channel per player, with no ICE servers (host candidates only:
// one Wi-Fi or the DM's phone's hotspot). The SDP goes through the QR codes (core/live/signal.hpp); what travels
// on a channel is core/live/protocol.hpp's text messages.
// Implemented: [X] web (src/platform/web/live.cpp: RTCPeerConnection {iceServers: []}, one ordered data channel)
//              [X] native (src/platform/native/live.cpp: an in-memory loopback between peers of one process, for
//                  the tests; native/headless.hpp can drop a connection)
//
//   DM:     id = create_offer(); … local_sdp(id) once gathered → QR code; the player's answer → accept_answer(id, sdp)
//   player: id = accept_offer(offer sdp); … local_sdp(id) once gathered → QR code
//   both:   state(id) == open → send(id, text), receive(id) each frame; close(id) to end.
//
// A phone that locks or leaves the Wi-Fi for a few seconds: the connection goes to `reconnecting` (ICE
// "disconnected") and the ICE agent keeps checking by itself; when the phone is back (the same address, or a new
// one the other side learns from its checks) it is `open` again, and what was sent meanwhile arrives, in order.
// There is no ICE restart: it needs a new offer and answer, and with no server the only way for them is the QR
// codes (the data channel is down exactly when one would be needed). `failed` or `closed` is for good: scan again.
#pragma once
#include <optional>
#include <string>

namespace druzina::platform::live {

enum class PeerState { connecting, open, closed, failed, reconnecting };

bool available();  // the browser has RTCPeerConnection

int create_offer();                               // a new connection (its id > 0), gathering its offer
int accept_offer(const std::string& offer_sdp);  // a new connection answering an offer (0: the SDP was refused)
// The local description once ICE gathering is done (the offer or the answer to put in a QR code); "" until then.
std::string local_sdp(int id);
bool accept_answer(int id, const std::string& answer_sdp);  // false: refused (the caller says the code is wrong)
PeerState state(int id);                                     // an unknown id is closed
bool send(int id, const std::string& text);                  // false when the channel is not open
std::optional<std::string> receive(int id);                  // the next message, in order
void close(int id);

}  // namespace druzina::platform::live
