// The inflated bytes of a share link, decoded by hand (not by share::decode): the tests look for DM secrets in
// exactly what is sent (tests/unit/share_link.tests.cpp, rules_loyalty.tests.cpp).
#pragma once
#include <catch2/catch.hpp>
#include <string>

#include "core/share/deflate.hpp"
#include "core/share/link.hpp"

namespace druzina::test {

// The kind byte followed by the inflated payload of a "#d1.…" fragment.
inline std::string link_bytes(const std::string& fragment) {
  REQUIRE(fragment.rfind("#d1.", 0) == 0);
  auto raw = share::base64url_decode(fragment.substr(4));
  REQUIRE(raw.has_value());
  REQUIRE(raw->size() > 5);
  std::string out;
  REQUIRE(share::inflate(raw->substr(5), out, 1 << 24) == share::InflateResult::ok);
  return std::string(1, (*raw)[0]) + out;
}

}  // namespace druzina::test
