// druzina bench-scale — the "long campaigns" benchmark hook (scripts/bench, section scale): CPU time per
// command (Session::dispatch, natively) in campaigns of --sizes creatures (default 10,1000,10000).
// Each campaign is built directly as a state (not command by command) and then gets --count commands of each
// kind: ApplyDamage / Heal on one creature, AddNote, AddCreature. Reports the median µs per command.
#include <algorithm>
#include <sstream>
#include <time.h>

#include "cli/cli.hpp"
#include "core/campaign/session.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;
using campaign::Campaign;
using campaign::Creature;
using campaign::Session;

double cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

Campaign make_campaign(int n) {
  Campaign c;
  c.name = "Scale";
  for (int i = 0; i < n; ++i) {
    Creature x;
    x.id = "c" + std::to_string(i + 1);
    x.kind = i < 6 ? "pc" : "monster";
    x.name = (i < 6 ? "Hero " : "Goblin ") + std::to_string(i + 1);
    x.max_hp = x.hp = 1000;
    x.ac = 15;
    c.creatures.push_back(std::move(x));
  }
  c.next_id = n + 1;
  return c;
}

Output bench_scale(const Args& args) {
  std::vector<int> sizes;
  {
    std::stringstream in(args.get("sizes").value_or("10,1000,10000"));
    std::string part;
    while (std::getline(in, part, ','))
      if (!part.empty()) sizes.push_back(std::max(2, std::stoi(part)));
  }
  int count = static_cast<int>(std::max(1LL, args.integer("count", 200)));
  json result = json::object();
  json per_size = json::array();
  std::string text;
  for (int n : sizes) {
    Campaign c = make_campaign(n);
    campaign::Engine::standard().validate(c);
    Session s(campaign::Engine::standard(), c, {}, {}, c, {});
    Rng rng(1);
    std::vector<double> damage, note, add;
    for (int k = 0; k < count; ++k) {
      std::string target = "c" + std::to_string(1 + (k * 7919) % n);
      double t0 = cpu_us();
      s.dispatch({{"type", k % 2 ? "Heal" : "ApplyDamage"}, {"target", target}, {"amount", 1 + k % 5}}, rng);
      double t1 = cpu_us();
      s.dispatch({{"type", "AddNote"}, {"text", "A note of the benchmark."}}, rng);
      double t2 = cpu_us();
      s.dispatch({{"type", "AddCreature"}, {"name", "Orc"}, {"kind", "monster"}, {"hp", 15}}, rng);
      double t3 = cpu_us();
      damage.push_back(t1 - t0);
      note.push_back(t2 - t1);
      add.push_back(t3 - t2);
    }
    json row = {{"creatures", n},
                {"damage_us", median(damage)},
                {"add_note_us", median(note)},
                {"add_creature_us", median(add)}};
    row["mean_us"] = (row["damage_us"].get<double>() + row["add_note_us"].get<double>() + row["add_creature_us"].get<double>()) / 3;
    per_size.push_back(row);
    std::ostringstream line;
    line.precision(3);
    line << n << " creatures: damage " << median(damage) << " µs, AddNote " << median(note) << " µs, AddCreature "
         << median(add) << " µs per command";
    text += (text.empty() ? "" : "\n") + line.str();
  }
  result["sizes"] = per_size;
  result["commands_per_kind"] = count;
  if (per_size.size() >= 2) {
    double lo = per_size.front()["mean_us"].get<double>(), hi = per_size.back()["mean_us"].get<double>();
    result["ratio_largest_to_smallest"] = lo > 0 ? hi / lo : 0;
  }
  Output out;
  out.json = result;
  out.text = text;
  return out;
}

const bool reg_bench = register_command({"bench-scale", "bench-scale [--sizes 10,1000,10000] [--count 200]",
                                         "(benchmark) CPU µs per command in campaigns of those sizes",
                                         bench_scale, true});

}  // namespace
}  // namespace druzina::cli
