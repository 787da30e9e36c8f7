// libFuzzer target: loading a save / importing a file (io::load_tolerant: what the importer uses; the strict
// io::load is the same code plus the checksum comparison). A loaded session must save and load again to the
// same document. Anything but a UserError, a crash or a sanitizer report is a finding.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/io/save.hpp"

using namespace druzina;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  io::Loaded l;
  try {
    l = io::load_tolerant(text);
  } catch (const UserError&) {
    return 0;  // refused with a message: fine
  }
  std::string body = io::save_body(l.session);
  try {
    campaign::Session again = io::load(io::save(l.session));
    if (io::save_body(again) != body) std::abort();  // a save that does not load back to itself
  } catch (const UserError&) {
    std::abort();  // what was accepted once must load again
  }
  return 0;
}
