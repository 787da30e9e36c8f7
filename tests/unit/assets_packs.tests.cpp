// The web build's language packs (cmake/embed_assets.py --packs, src/core/assets.cpp): the data embedded without
// its texts, merged with one language's pack, is the data with only that language's texts (and a name's English).
// Read from build/native/gen/split/, which the native build writes exactly as the web build does.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/assets.hpp"
#include "core/io/guard.hpp"
#include "../support/paths.hpp"

using druzina::assets::merge;
using druzina::assets::read_pack;
using nlohmann::json;

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The rule the packs follow, written again: a text in the three languages keeps only `lang`'s, and a name
// its English too.
json only(const json& j, const std::string& lang, const std::string& key = "") {
  if (j.is_object()) {
    if (j.size() == 3 && j.contains("cs") && j.contains("uk") && j.contains("en")) {
      json out = {{lang, j.at(lang)}};
      if (key == "name") out["en"] = j.at("en");
      return out;
    }
    json out = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) out[it.key()] = only(it.value(), lang, it.key());
    return out;
  }
  if (j.is_array()) {
    json out = json::array();
    for (const auto& v : j) out.push_back(only(v, lang, key));
    return out;
  }
  return j;
}

}  // namespace

TEST_CASE("a language pack merged into the data gives the data in that language", "[assets][packs]") {
  const std::filesystem::path dir = druzina::test::split_dir();
  const json data = json::parse(slurp(dir / "assets_embed.json"));
  const json names = json::parse(slurp(dir / "lang" / "packs.json"));
  REQUIRE(data.size() > 40);
  for (const std::string lang : {"cs", "uk", "en"}) {
    INFO(lang);
    const std::string file = names.at(lang);
    const std::string bytes = slurp(dir / "lang" / file);
    // The file's name carries its FNV-1a-64, which the app checks before it takes the pack.
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(druzina::io::fnv1a64(bytes)));
    CHECK(file == lang + "." + hex + ".pack");
    auto pack = read_pack(bytes, lang);
    REQUIRE(pack);
    // Every i18n file of the language is in its pack, as it is embedded natively.
    CHECK(pack->i18n.size() == druzina::assets::list("i18n/" + lang + "/").size());
    for (const auto& f : pack->i18n)
      CHECK(json::parse(f.text) == json::parse(*druzina::assets::find(f.path)));
    size_t files_checked = 0;
    for (const auto& [path, text] : data.items()) {
      INFO(path);
      std::vector<std::pair<std::string_view, std::vector<std::string_view>>> vals;
      for (const auto& [p, v] : pack->values)
        if (p == path) vals.emplace_back(lang, v);
      const std::string merged = merge(text.get<std::string>(), vals);
      const json original = json::parse(*druzina::assets::find(path));
      CHECK(json::parse(merged) == only(original, lang));
      ++files_checked;
    }
    CHECK(files_checked == data.size());
  }
}

TEST_CASE("the three packs merged at once give the data back whole", "[assets][packs]") {
  const std::filesystem::path dir = druzina::test::split_dir();
  const json data = json::parse(slurp(dir / "assets_embed.json"));
  const json names = json::parse(slurp(dir / "lang" / "packs.json"));
  std::vector<std::string> bytes;
  std::vector<druzina::assets::PackContents> packs;
  for (const std::string lang : {"cs", "uk", "en"}) bytes.push_back(slurp(dir / "lang" / names.at(lang).get<std::string>()));
  for (size_t i = 0; i < 3; ++i) packs.push_back(*read_pack(bytes[i], i == 0 ? "cs" : i == 1 ? "uk" : "en"));
  const char* langs[] = {"cs", "uk", "en"};
  for (const auto& [path, text] : data.items()) {
    INFO(path);
    std::vector<std::pair<std::string_view, std::vector<std::string_view>>> vals;
    for (size_t i = 0; i < 3; ++i)
      for (const auto& [p, v] : packs[i].values)
        if (p == path) vals.emplace_back(langs[i], v);
    CHECK(json::parse(merge(text.get<std::string>(), vals)) == json::parse(*druzina::assets::find(path)));
  }
}

TEST_CASE("a malformed language pack is refused, never half read", "[assets][packs]") {
  CHECK(read_pack("druzina-pack 1 cs\n", "cs"));
  CHECK_FALSE(read_pack("", "cs"));
  CHECK_FALSE(read_pack("druzina-pack 1 uk\n", "cs"));                         // another language's
  CHECK_FALSE(read_pack("druzina-pack 2 cs\n", "cs"));                         // another format
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n+data/x.json 2\n\"a\"\n", "cs"));  // one value short
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n+data/x.json\n\"a\"\n", "cs"));    // no count
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n+data/x.json 99999999999999999999\n", "cs"));
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n=i18n/uk/ui.json\n{}\n", "cs"));   // another language's file
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n=i18n/cs/ui.json\n", "cs"));       // the file's line missing
  CHECK_FALSE(read_pack("druzina-pack 1 cs\n?\n", "cs"));
  // Natively every language is embedded: this build has no packs, so none is taken.
  CHECK(druzina::assets::packs().empty());
  CHECK(druzina::assets::has_language("uk"));
  CHECK_FALSE(druzina::assets::add_pack("druzina-pack 1 cs\n").empty());
}

TEST_CASE("merge fills markers outside strings only", "[assets][packs]") {
  using V = std::vector<std::pair<std::string_view, std::vector<std::string_view>>>;
  CHECK(merge(R"({"a":{@},"b":"x@y^","n":{^"en":"E"}})", V{{"cs", {"\"A\"", "\"N\""}}}) ==
        R"({"a":{"cs":"A"},"b":"x@y^","n":{"cs":"N","en":"E"}})");
  CHECK(merge(R"({"a":{@},"s":"q\"@"})", V{{"cs", {"1"}}, {"en", {"2"}}}) == R"({"a":{"cs":1,"en":2},"s":"q\"@"})");
  CHECK(merge(R"([{^"en":"E"}])", V{{"en", {}}}) == R"([{"en":"E"}])");  // en's pack has no value for a name
}
