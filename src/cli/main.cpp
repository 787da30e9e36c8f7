// druzina — the rules core of Družina on the command line, as JSON (--json) or text.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"

namespace druzina::cli {

namespace {
std::vector<Command>& registry() {
  static std::vector<Command> list;
  return list;
}
}  // namespace

bool register_command(Command command) {
  registry().push_back(std::move(command));
  return true;
}
const std::vector<Command>& commands() { return registry(); }

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  return it->second;
}

static long long parse_integer(const std::string& name, const std::string& text) {
  try {
    size_t used = 0;
    long long v = std::stoll(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw UserError("cli.err.not_integer", {{"option", name}, {"value", text}});
}

long long Args::integer(const std::string& name) const {
  auto v = get(name);
  if (!v) throw UserError("cli.err.missing_option", {{"option", name}});
  return parse_integer(name, *v);
}

long long Args::integer(const std::string& name, long long fallback) const {
  auto v = get(name);
  return v ? parse_integer(name, *v) : fallback;
}

std::optional<std::uint64_t> Args::seed() const {
  auto v = get("seed");
  if (!v) return std::nullopt;
  long long s = parse_integer("seed", *v);
  if (s < 0) throw UserError("cli.err.not_integer", {{"option", "seed"}, {"value", *v}});
  return static_cast<std::uint64_t>(s);
}

const std::string& Args::arg(size_t i, const std::string& what) const {
  if (i >= positional.size()) throw UserError("cli.err.missing_argument", {{"argument", what}});
  return positional[i];
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("run.err.read", {{"path", path}});
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw UserError("run.err.read", {{"path", path}});
  return s.str();
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw UserError("run.err.write", {{"path", path}});
}

campaign::Session load_campaign_file(const std::string& path, Lang lang) {
  std::string text = read_text_file(path);
  try {
    io::Loaded loaded = io::load_tolerant(text);
    for (const auto& w : loaded.warnings) std::cerr << "druzina: " << path << ": " << w.message(lang) << "\n";
    return std::move(loaded.session);
  } catch (const UserError& e) {
    throw UserError("run.err.campaign", {{"path", path},
                                         {"reason_cs", e.message(Lang::cs)},
                                         {"reason_uk", e.message(Lang::uk)},
                                         {"reason_en", e.message(Lang::en)}});
  }
}

}  // namespace druzina::cli

using namespace druzina;

// The first byte of text that is not UTF-8, or npos.
static size_t bad_utf8_at(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t n = io::utf8_length(text.data() + i, text.data() + text.size());
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

static void print_help(std::ostream& out) {
  out << "druzina " DRUZINA_VERSION " — the Družina rules core (D&D 5e) on the command line\n\n"
      << "usage: druzina [--json] [--lang cs|uk|en] COMMAND ...\n\ncommands:\n";
  for (const auto& c : cli::commands())
    if (!c.hidden) out << "  " << c.usage << "\n      " << c.summary << "\n";
}

int main(int argc, char** argv) {
  cli::Args args;
  std::string command;
  Lang lang = Lang::en;
  try {
    // Every argument is text: a byte that is not UTF-8 would be echoed into the JSON output or the terminal.
    for (int i = 1; i + 1 < argc; ++i)  // (the message in --lang)
      if (std::string_view(argv[i]) == "--lang")
        if (auto l = parse_lang(argv[i + 1])) lang = *l;
    for (int i = 1; i < argc; ++i)
      if (size_t at = bad_utf8_at(argv[i]); at != std::string_view::npos)
        throw UserError("cli.err.not_utf8", {{"n", i}, {"offset", at}});
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if (a == "--json") {
        args.json = true;
      } else if (a == "--lang" && i + 1 < argc) {
        auto l = parse_lang(argv[++i]);
        if (!l) throw UserError("cli.err.bad_lang", {{"value", argv[i]}});
        lang = args.lang = *l;
      } else if (a == "--version") {
        std::cout << "druzina " DRUZINA_VERSION "\n";
        return 0;
      } else if (a == "--help" || a == "-h") {
        print_help(std::cout);
        return 0;
      } else if (a.size() > 2 && a.rfind("--", 0) == 0) {
        std::string name = a.substr(2);
        // An option takes the next word as its value unless it is a flag or that word is another option.
        // Negative numbers ("--con-mod -1") are values, not options.
        bool flag = std::find(std::begin(cli::kFlags), std::end(cli::kFlags), name) != std::end(cli::kFlags);
        bool next_is_value = !flag && i + 1 < argc &&
                             (argv[i + 1][0] != '-' || (argv[i + 1][1] >= '0' && argv[i + 1][1] <= '9'));
        args.options[name] = next_is_value ? argv[++i] : "";
      } else if (command.empty()) {
        command = a;
      } else {
        args.positional.push_back(a);
      }
    }
    if (command.empty()) {
      print_help(std::cerr);
      return 2;
    }
    for (const auto& c : cli::commands()) {
      if (c.name != command) continue;
      cli::Output out = c.run(args);
      if (args.json)
        std::cout << out.json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      else
        std::cout << out.text << "\n";
      return 0;
    }
    throw UserError("cli.err.unknown_command", {{"command", command}});
  } catch (const UserError& e) {
    std::cerr << "druzina: " << e.message(lang) << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "druzina: " << e.what() << "\n";
    return 1;
  }
}
