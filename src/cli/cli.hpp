// The `druzina` command line: each subcommand lives in its own cmd_<name>.cpp and registers itself here.
// A handler returns its result as JSON plus a human-readable text; main() prints one or the other (--json)
// and turns a druzina::UserError into a message on stderr in --lang and exit code 2.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/i18n.hpp"

namespace druzina::cli {

struct Args {
  std::vector<std::string> positional;         // after the subcommand name
  std::map<std::string, std::string> options;  // --name value  (a flag without value maps to "")
  Lang lang = Lang::en;
  bool json = false;

  bool has(const std::string& name) const { return options.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
  long long integer(const std::string& name) const;                   // required integer option
  long long integer(const std::string& name, long long fallback) const;
  std::optional<std::uint64_t> seed() const;                          // --seed N
  const std::string& arg(size_t i, const std::string& what) const;    // required positional
};

struct Output {
  nlohmann::json json;
  std::string text;  // human-readable, ends without a newline
};

struct Command {
  std::string name;
  std::string usage;    // e.g. "roll EXPR [--seed N] [--adv|--dis]"
  std::string summary;  // one line, English
  std::function<Output(const Args&)> run;
  bool hidden = false;  // benchmark helpers: not listed by --help
};

// Options that never take a value (so "roll --adv 1d20+5" keeps 1d20+5 as the expression).
inline constexpr const char* kFlags[] = {"adv", "dis", "save", "json", "player"};

// Files for the subcommands: UserError run.err.read / run.err.write (exit 2) when they cannot be read/written.
std::string read_text_file(const std::string& path);
void write_text_file(const std::string& path, const std::string& text);
// Reads a save (io::load_tolerant: a hand-edited file with a checksum mismatch loads after a warning on stderr);
// UserError run.err.campaign {path, reason_*} when it cannot be loaded.
campaign::Session load_campaign_file(const std::string& path, Lang lang);

// Called from a static object in each cmd_*.cpp: `static const bool reg = register_command({...});`
bool register_command(Command command);
const std::vector<Command>& commands();

}  // namespace druzina::cli
