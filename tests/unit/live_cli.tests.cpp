// `druzina live …` through the built binary: the handshake codes, the message frame, the view update and a
// player's request, for scripts. Hostile input exits 2 with a message, never a crash.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

namespace {

std::string temp(const std::string& name, const std::string& text) {
  std::string path = druzina::test::temp_file("live-cli-" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string saved_campaign() {
  static const std::string path = [] {
    std::string p = druzina::test::temp_file("live-cli-save.json");
    auto r = cli(std::string("run '") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/share-table.json' --seed 1 --out '" + p + "'");
    REQUIRE(r.code == 0);
    return p;
  }();
  return path;
}

const char* kSdp =
    "v=0\r\na=ice-ufrag:Ab12\r\na=ice-pwd:abcdefghijklmnopqrstuvwx\r\n"
    "a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n"
    "a=setup:actpass\r\na=candidate:1 1 udp 2113937151 192.168.1.20 50000 typ host generation 0\r\n";

}  // namespace

TEST_CASE("cli live: a code from an SDP and back", "[cli][live]") {
  json code = cli_json("live signal --role offer --sdp '" + temp("offer.sdp", kSdp) + "'");
  std::string link = code["link"];
  REQUIRE(link.rfind("#l1.", 0) == 0);
  json opened = cli_json("live open '" + link + "'");
  CHECK(opened["role"] == "offer");
  CHECK(opened["ufrag"] == "Ab12");
  CHECK(opened["candidates"][0] == json{{"address", "192.168.1.20"}, {"port", 50000}});
  CHECK(opened["sdp"].get<std::string>().find("a=setup:actpass") != std::string::npos);
  std::string bad = link;
  bad[10] = bad[10] == 'A' ? 'B' : 'A';
  auto r = cli("--lang cs live open '" + bad + "'", Output::err);
  CHECK(r.code == 2);
  CHECK(r.out.find("poškozen") != std::string::npos);
}

TEST_CASE("cli live: messages, the view update and a request", "[cli][live]") {
  json framed = cli_json("live encode '{\"k\":\"resync\"}'");
  CHECK(cli_json("live decode '" + framed["text"].get<std::string>() + "'") == json{{"k", "resync"}});
  CHECK(cli("live decode 'L1.00000000.{\"k\":\"x\"}'", Output::err).code == 2);
  CHECK(cli("live encode '{\"k\":\"steal\"}'", Output::err).code == 2);

  json view = cli_json("live view --campaign '" + saved_campaign() + "'");
  CHECK(view["message"]["k"] == "view");
  CHECK(view["message"].contains("v"));
  CHECK(view["bytes"].get<int>() <= 2048);
  std::string text = view["message"].dump();
  for (const char* secret : {"Špeh", "Starosta", "dm_notes"}) CHECK(text.find(secret) == std::string::npos);

  json ok = cli_json("live validate --campaign '" + saved_campaign() +
                     "' --own c1 '{\"k\":\"req\",\"id\":1,\"r\":\"heal\",\"c\":\"c1\",\"a\":{\"amount\":3}}'");
  CHECK(ok["command"] == json{{"type", "Heal"}, {"target", "c1"}, {"amount", 3}});
  auto refused = cli("--lang en live validate --campaign '" + saved_campaign() +
                     "' --own c1 '{\"k\":\"req\",\"id\":1,\"r\":\"heal\",\"c\":\"c2\",\"a\":{\"amount\":3}}'", Output::err);
  CHECK(refused.code == 2);
  CHECK(refused.out.find("only for her own character") != std::string::npos);
}
