// libFuzzer target: the share-link decoder (scripts/fuzz builds and runs it; not part of scripts/test).
// Input byte 0 chooses the mode: even — the rest is a link's text as a user could paste it; odd — the rest is
// a payload that gets a correct frame and checksum (kind from byte 1), so the fuzzer reaches the JSON guard,
// the compact-schema reader and the validation behind them. Any exception other than UserError, a crash, a
// sanitizer report or a decoded table/character that is not a valid campaign is a finding.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/campaign/state.hpp"
#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"
#include "core/share/deflate.hpp"
#include "core/share/link.hpp"

using namespace druzina;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  std::string text;
  if (data[0] % 2 == 0) {
    text.assign(reinterpret_cast<const char*>(data + 1), size - 1);
  } else {
    const char kinds[] = {'t', 'c', 'a'};
    char kind = kinds[data[1] % 3];
    text = share::frame_payload(kind, std::string(reinterpret_cast<const char*>(data + 2), size - 2));
  }
  share::Decoded d;
  try {
    d = share::decode(text);
  } catch (const UserError&) {
    return 0;  // refused with a message: fine
  }
  try {
    if (d.kind == share::LinkKind::campaign) {
      campaign::Session s = io::load_json(d.payload);
      (void)io::save(s);
    } else {
      campaign::Campaign c = d.payload.get<campaign::Campaign>();
      campaign::validate_campaign(c);
      // What a player's phone does next: share it on (a table again, or the character back).
      if (d.kind == share::LinkKind::table) (void)share::decode(share::encode_table(c));
      else (void)share::decode(share::encode_character(c, d.creature));
    }
  } catch (const UserError&) {
    std::abort();  // a link that decodes must give a campaign that validates and can be shared on
  }
  return 0;
}
