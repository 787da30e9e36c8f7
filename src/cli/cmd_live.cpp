// druzina live ACTION … — the live table's protocol for scripts and tests (src/core/live/):
//   live signal --sdp FILE --role offer|answer    the QR code's link of an SDP ({"link", "length"})
//   live open CODE                                what a code holds ({"role", "ufrag", "pwd", …, "sdp"})
//   live encode MESSAGE.json                      a message framed ({"text", "bytes"})
//   live decode TEXT                              a received text checked and parsed (the message)
//   live view --campaign SAVE [--last SAVE]       the update a player gets ({"message", "bytes", "whole_bytes"}):
//                                                 the delta against the view of --last, or the whole view
//   live validate --campaign SAVE --own ID REQUEST.json
//                                                 the command a request becomes, or exit 2 with the reason
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/live/protocol.hpp"
#include "core/live/requests.hpp"
#include "core/live/signal.hpp"
#include "core/live/view.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;

json read_json_arg(const std::string& arg) {
  // A file, or the JSON itself when it starts with '{'.
  std::string text = !arg.empty() && arg[0] == '{' ? arg : read_text_file(arg);
  return io::parse_json(text);
}

std::string required(const Args& args, const char* name) {
  auto v = args.get(name);
  if (!v) throw UserError("cli.err.missing_option", {{"option", name}});
  return *v;
}

Output live(const Args& args) {
  const std::string& action = args.arg(0, "action");
  Output out;
  if (action == "signal") {
    std::string role = required(args, "role");
    if (role != "offer" && role != "answer") throw UserError("cli.err.missing_option", {{"option", "role"}});
    live::Signal s = live::from_sdp(read_text_file(required(args, "sdp")), role == "offer" ? 'o' : 'a');
    std::string link = live::encode_signal(s);
    out.json = {{"link", link}, {"length", link.size()}};
    out.text = link;
  } else if (action == "open") {
    live::Signal s = live::decode_signal(args.arg(1, "code"));
    json cands = json::array();
    for (const auto& c : s.candidates) cands.push_back({{"address", c.address}, {"port", c.port}});
    std::string sdp = live::to_sdp(s);
    out.json = {{"role", s.role == 'o' ? "offer" : "answer"}, {"ufrag", s.ufrag}, {"pwd", s.pwd}, {"hash", s.hash},
                {"setup", s.setup}, {"candidates", cands}, {"sdp", sdp}};
    out.text = sdp;
  } else if (action == "encode") {
    std::string text = live::encode(read_json_arg(args.arg(1, "message")));
    out.json = {{"text", text}, {"bytes", text.size()}};
    out.text = text;
  } else if (action == "decode") {
    json m = live::decode(args.arg(1, "text"));
    out.json = m;
    out.text = m.dump(2);
  } else if (action == "view") {
    campaign::Session now = load_campaign_file(required(args, "campaign"), args.lang);
    json view = live::players_view(now.state());
    json last;
    if (auto file = args.get("last")) last = live::players_view(load_campaign_file(*file, args.lang).state());
    json m = live::view_message(last.is_null() ? nullptr : &last, 1, view, 2, args.integer("time", 0), {});
    std::string text = live::encode(m);
    out.json = {{"message", m}, {"bytes", text.size()}, {"whole_bytes", live::encode(live::view_message(
                                                                          nullptr, 0, view, 2, args.integer("time", 0), {}))
                                                                          .size()}};
    out.text = text;
  } else if (action == "validate") {
    campaign::Session now = load_campaign_file(required(args, "campaign"), args.lang);
    json cmd = live::to_command(now.state(), required(args, "own"), read_json_arg(args.arg(1, "request")));
    out.json = {{"command", cmd}};
    out.text = cmd.dump();
  } else {
    throw UserError("cli.err.missing_option", {{"option", "signal|open|encode|decode|view|validate"}});
  }
  return out;
}

const bool reg = register_command(
    {"live", "live signal|open|encode|decode|view|validate …",
     "the live table's protocol: handshake codes, messages, view updates, players' requests", live});

}  // namespace
}  // namespace druzina::cli
