// The campaign engine: registration, running a command as one transaction, folding events, log lines.
// See engine.hpp for the contract and docs/engine.md for the design.
//
// Index:
//   [SECTION] Event / Transaction JSON
//   [SECTION] Ctx
//   [SECTION] registration
//   [SECTION] running
//   [SECTION] parameters
#include "core/campaign/engine.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/campaign/derived.hpp"
#include "core/campaign/json_read.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign {

// [SECTION] Event / Transaction JSON ----------------------------------------------------------------------------------
void to_json(json& j, const Event& e) { j = jobj{"type", e.type, "data", e.data}; }

void from_json(const json& j, Event& e) {
  e.type.clear();
  e.data = json::object();
  jr::field(j, "type", e.type);
  if (e.type.empty()) {
    jr::PathGuard g("type");
    jr::fail_type("string");
  }
  auto it = j.find("data");
  if (it != j.end()) {
    jr::PathGuard g("data");
    if (!it->is_object()) jr::fail_type("object");
    e.data = *it;
  }
}

void to_json(json& j, const Transaction& t) {
  j = t.extra.is_object() ? t.extra : json::object();
  j["id"] = t.id;
  j["at"] = t.at;
  if (t.wall) j["wall"] = *t.wall;
  if (!t.by.empty()) j["by"] = t.by;
  j["command"] = t.command;
  j["events"] = t.events;
}

void from_json(const json& j, Transaction& t) {
  t = Transaction{};
  jr::field(j, "id", t.id);
  jr::field(j, "at", t.at);
  jr::field(j, "wall", t.wall);
  auto it = j.find("command");
  if (it != j.end()) {
    jr::PathGuard g("command");
    if (!it->is_object()) jr::fail_type("object");
    t.command = *it;
  }
  jr::field(j, "events", t.events);
  jr::field(j, "by", t.by);
  if (!t.by.empty() && t.by != "player") {  // the only author the app writes; anything else is not ours
    jr::PathGuard g("by");
    jr::fail_type("\"player\"");
  }
  t.extra = jr::unknown_fields(j, {"id", "at", "wall", "by", "command", "events"});
}

// [SECTION] Ctx -------------------------------------------------------------------------------------------------------
struct Ctx::DepthGuard {
  Ctx& ctx;
  explicit DepthGuard(Ctx& c, std::string_view what) : ctx(c) {
    if (++ctx.depth_ > kMaxDepth) {
      --ctx.depth_;
      throw UserError("campaign.err.hook_loop", jobj{"max", kMaxDepth, "at", std::string(what)});
    }
  }
  ~DepthGuard() { --ctx.depth_; }
};

void Ctx::emit(std::string type, json data) {
  if (events_.size() >= kMaxEvents) throw UserError("campaign.err.too_many_events", jobj{"max", kMaxEvents});
  if (!data.is_object()) data = json::object();
  Event ev{std::move(type), std::move(data)};
  engine_->apply(*state_, ev);
  events_.push_back(ev);
  engine_->run_event_hooks(*this, ev);
}

void Ctx::run(const json& command) { engine_->run_command(*this, command); }

std::string Ctx::new_id(std::string_view prefix) {
  long long n = std::max(state_->next_id, reserved_id_ + 1);
  reserved_id_ = n;
  return std::string(prefix) + std::to_string(n);
}

bool Ctx::module_enabled(std::string_view module_id) const { return engine_->module_enabled(*state_, module_id); }

void Ctx::run_prompt_handlers(const Prompt& p, const json& answer) { engine_->run_prompt_hooks(*this, p, answer); }

// [SECTION] registration ----------------------------------------------------------------------------------------------
const Engine& Engine::standard() {
  static const Engine* engine = [] {
    auto* e = new Engine;
    register_base_events(*e);
    register_base_commands(*e);
    register_rule_modules(*e);
    return e;
  }();
  return *engine;
}

void Engine::register_command(std::string type, CommandDef def) {
  CommandEntry entry;
  entry.module = installing_;
  if (installing_module_) installing_module_->commands.push_back({type, def.params});
  entry.def = std::move(def);
  commands_[std::move(type)] = std::move(entry);
}

void Engine::register_event(std::string type, EventDef def) {
  if (installing_module_) installing_module_->events.push_back(type);
  event_owner_[type] = installing_;
  events_[std::move(type)] = std::move(def);
}

void Engine::secret_event(const std::string& type, Fn<bool(const json& data)> when) {
  auto it = events_.find(type);
  if (it == events_.end()) throw std::logic_error("secret_event: unknown event " + type);
  it->second.secret = when ? std::move(when) : [](const json&) { return true; };
}

void Engine::count_event(const std::string& type, std::string counter) {
  auto it = events_.find(type);
  if (it == events_.end()) throw std::logic_error("count_event: unknown event " + type);
  it->second.counts = std::move(counter);
}

void Engine::before(std::string command_type, CommandHook fn) {
  CommandHookEntry h;
  h.module = installing_;
  h.fn = std::move(fn);
  before_[std::move(command_type)].push_back(std::move(h));
}

void Engine::after(std::string command_type, CommandHook fn) {
  CommandHookEntry h;
  h.module = installing_;
  h.fn = std::move(fn);
  after_[std::move(command_type)].push_back(std::move(h));
}

void Engine::on_event(std::string event_type, EventHook fn) {
  EventHookEntry h;
  h.module = installing_;
  h.fn = std::move(fn);
  on_event_[std::move(event_type)].push_back(std::move(h));
}

void Engine::on_prompt(std::string prompt_kind, PromptHook fn) {
  PromptHookEntry h;
  h.module = installing_;
  h.fn = std::move(fn);
  if (installing_module_) {
    auto& kinds = installing_module_->prompts;
    if (std::find(kinds.begin(), kinds.end(), prompt_kind) == kinds.end()) kinds.push_back(prompt_kind);
  }
  on_prompt_[std::move(prompt_kind)].push_back(std::move(h));
}

void Engine::allow_params(const std::string& command_type, std::vector<std::string> names) {
  auto& list = extra_params_[command_type];
  for (const auto& n : names) list.push_back({n, installing_});
  if (installing_module_)
    for (const auto& n : names) installing_module_->extra_params.push_back(command_type + "." + n);
}

void Engine::add_module(Module m) {
  if (m.id.empty()) throw std::invalid_argument("a module needs an id");
  if (module(m.id)) throw std::invalid_argument("module registered twice: " + m.id);
  m.commands.clear();
  m.events.clear();
  m.extra_params.clear();
  for (const auto& c : m.own_calculators)
    if (std::find(m.calculators.begin(), m.calculators.end(), c.name) == m.calculators.end()) m.calculators.push_back(c.name);
  modules_.push_back(std::move(m));
  Module& added = modules_.back();
  installing_ = added.id;
  installing_module_ = &added;
  if (added.install) added.install(*this);
  installing_.clear();
  installing_module_ = nullptr;
}

bool Engine::has_command(std::string_view type) const { return commands_.count(std::string(type)) > 0; }
bool Engine::has_event(std::string_view type) const { return events_.count(std::string(type)) > 0; }

std::vector<std::string> Engine::command_types() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : commands_) out.push_back(k);
  std::sort(out.begin(), out.end());
  return out;
}

const Module* Engine::module(std::string_view id) const {
  for (const auto& m : modules_)
    if (m.id == id) return &m;
  return nullptr;
}

bool Engine::module_enabled(const Campaign& c, std::string_view module_id) const {
  if (module_id.empty()) return true;
  const Module* m = module(module_id);
  if (!m) return false;
  return rule_enabled(c, m->id, m->default_on);
}

std::vector<RuleSwitch> Engine::rule_switches(const Campaign& c) const {
  std::vector<RuleSwitch> out;
  for (const auto& m : modules_) out.push_back({m.id, m.name_key(), m.desc_key(), m.group, module_enabled(c, m.id), m.default_on});
  return out;
}

std::optional<std::string> Engine::command_module(std::string_view type) const {
  auto it = commands_.find(std::string(type));
  if (it == commands_.end()) return std::nullopt;
  return it->second.module;
}

std::string Engine::calculator_module(std::string_view calculator) const {
  for (const auto& m : modules_)
    if (std::find(m.calculators.begin(), m.calculators.end(), calculator) != m.calculators.end()) return m.id;
  return {};
}

const EventDef* Engine::event_def(std::string_view type) const {
  auto it = events_.find(std::string(type));
  return it == events_.end() ? nullptr : &it->second;
}

// [SECTION] running ---------------------------------------------------------------------------------------------------
void Engine::run_command(Ctx& ctx, const json& cmd) const {
  Ctx::DepthGuard depth(ctx, "command");
  if (!cmd.is_object()) throw UserError("campaign.err.bad_command");
  auto t = cmd.find("type");
  if (t == cmd.end() || !t->is_string()) throw UserError("campaign.err.bad_command");
  const std::string& type = t->get_ref<const std::string&>();
  auto it = commands_.find(type);
  if (it == commands_.end()) throw UserError("campaign.err.unknown_command", jobj{"command", type});
  const CommandEntry& entry = it->second;
  if (!entry.module.empty() && !module_enabled(ctx.state(), entry.module)) {
    const Module* m = module(entry.module);
    throw UserError("campaign.err.rule_off", jobj{"command", type, "rule", m ? m->id : entry.module});
  }
  auto extra = extra_params_.find(type);
  for (auto p = cmd.begin(); p != cmd.end(); ++p) {
    const std::string& k = p.key();
    if (k == "type") continue;
    if (std::find(entry.def.params.begin(), entry.def.params.end(), k) != entry.def.params.end()) continue;
    // A rule's parameter while the rule is off would be ignored: refused instead, as the rule's own commands are
    // (one that several rules add is taken while any of them is on).
    const ExtraParam* off = nullptr;
    bool on = false;
    if (extra != extra_params_.end())
      for (const auto& e : extra->second)
        if (e.name == k) {
          if (module_enabled(ctx.state(), e.module)) on = true;
          else if (!off) off = &e;
        }
    if (on) continue;
    if (!off) throw UserError("campaign.err.unknown_param", jobj{"command", type, "param", k});
    throw UserError("campaign.err.param_rule_off", jobj{"command", type, "param", k, "rule", off->module});
  }
  if (entry.def.validate) entry.def.validate(ctx.state(), cmd);
  auto run_hooks = [&](const std::unordered_map<std::string, std::vector<CommandHookEntry>>& table,
                       const std::string& key) {
    auto h = table.find(key);
    if (h == table.end()) return;
    for (const auto& hook : h->second)
      if (module_enabled(ctx.state(), hook.module)) hook.fn(ctx, cmd);
  };
  run_hooks(before_, type);
  run_hooks(before_, "*");
  entry.def.execute(ctx, cmd);
  run_hooks(after_, type);
  run_hooks(after_, "*");
}

void Engine::run_event_hooks(Ctx& ctx, const Event& e) const {
  auto run = [&](const std::string& key) {
    auto h = on_event_.find(key);
    if (h == on_event_.end()) return;
    Ctx::DepthGuard depth(ctx, e.type);
    for (const auto& hook : h->second)
      if (module_enabled(ctx.state(), hook.module)) hook.fn(ctx, e);
  };
  run(e.type);
  run("*");
}

void Engine::run_prompt_hooks(Ctx& ctx, const Prompt& p, const json& answer) const {
  auto h = on_prompt_.find(p.kind);
  if (h == on_prompt_.end()) return;
  Ctx::DepthGuard depth(ctx, p.kind);
  for (const auto& hook : h->second)
    if (module_enabled(ctx.state(), hook.module)) hook.fn(ctx, p, answer);
}

Engine::Result Engine::run(const Campaign& state, const json& cmd, Rng& rng, std::optional<long long> wall_ms) const {
  Rng saved = rng;
  try {
    Result r{state, {}};
    r.tx.id = state.last_tx + 1;
    r.tx.command = cmd;
    r.tx.at = state.minutes;
    r.tx.wall = wall_ms;
    Ctx ctx(*this, r.state, rng, r.tx.id, r.tx.command);
    run_command(ctx, r.tx.command);
    r.state.last_tx = r.tx.id;
    jr::reset_path();
    validate_change(state, r.state);
    r.tx.events = std::move(ctx.events_);
    return r;
  } catch (const UserError&) {
    rng = saved;
    jr::reset_path();
    throw;
  } catch (const json::exception& e) {
    rng = saved;
    jr::reset_path();
    throw UserError("campaign.err.bad_command", jobj{"detail", e.what()});
  } catch (const std::exception& e) {
    rng = saved;
    jr::reset_path();
    throw UserError("campaign.err.internal", jobj{"detail", e.what()});
  }
}

void Engine::apply(Campaign& c, const Event& e) const {
  auto it = events_.find(e.type);
  if (it == events_.end()) throw std::invalid_argument("unknown event type " + e.type);
  it->second.apply(c, e.data);
}

void Engine::apply(Campaign& c, const Transaction& tx) const {
  for (const auto& e : tx.events) apply(c, e);
  c.last_tx = tx.id;
}

namespace {
void validate_fields(const json& data, const std::vector<DataField>& fields) {
  if (!data.is_object()) jr::fail_type("object");
  for (const auto& f : fields) {
    auto it = data.find(f.name);
    if (it == data.end() || !f.validate) continue;
    jr::PathGuard g(f.name);
    f.validate(*it);
  }
}
}  // namespace

void Engine::validate(const Campaign& c) const {
  validate_campaign(c);
  validate_modules(c, nullptr);
}

void Engine::validate_change(const Campaign& before, const Campaign& after) const {
  std::vector<size_t> changed;
  if (!validate_campaign_change(before, after, changed)) return validate(after);
  validate_modules(after, &changed);
}

void Engine::validate_modules(const Campaign& c, const std::vector<size_t>* creatures) const {
  const size_t n = creatures ? creatures->size() : c.creatures.size();
  for (const auto& m : modules_) {
    if (!m.creature_data.empty()) {
      jr::PathGuard g("creatures");
      for (size_t i = 0; i < n; ++i) {
        const size_t k = creatures ? (*creatures)[i] : i;
        auto it = c.creatures[k].modules.find(m.id);
        if (it == c.creatures[k].modules.end()) continue;
        jr::PathGuard gi(k), gm("modules"), gid(m.id);
        validate_fields(*it, m.creature_data);
      }
    }
    if (!m.campaign_data.empty()) {
      auto it = c.modules.find(m.id);
      if (it == c.modules.end()) continue;
      jr::PathGuard gm("modules"), gid(m.id);
      validate_fields(*it, m.campaign_data);
    }
  }
}

std::string Engine::render(const Event& e, const LogContext& lc) const {
  auto it = events_.find(e.type);
  if (it == events_.end()) return e.type;
  if (it->second.silent) return {};
  if (it->second.render) return it->second.render(e.data, lc);
  json args = e.data;
  auto c = e.data.find("creature");
  if (c != e.data.end() && c->is_string() && lc.name) args["name"] = lc.name(c->get<std::string>());
  return tr(lc.lang, "event." + e.type, args);
}

// [SECTION] parameters ------------------------------------------------------------------------------------------------
namespace param {

const json* find(const json& cmd, std::string_view name) {
  auto it = cmd.find(name);
  if (it == cmd.end() || it->is_null()) return nullptr;
  return &*it;
}

[[noreturn]] static void bad(std::string_view name, const char* expected) {
  throw UserError("campaign.err.param", jobj{"param", std::string(name), "expected", expected});
}

std::string str(const json& cmd, std::string_view name) {
  const json* v = find(cmd, name);
  if (!v || !v->is_string() || v->get_ref<const std::string&>().empty()) bad(name, "text");
  return v->get<std::string>();
}

std::string str(const json& cmd, std::string_view name, std::string fallback) {
  const json* v = find(cmd, name);
  if (!v) return fallback;
  if (!v->is_string()) bad(name, "text");
  return v->get<std::string>();
}

static long long to_integer(const json& v, std::string_view name) {
  if (v.is_number_integer()) {
    if (v.is_number_unsigned() && v.get<unsigned long long>() > 9'000'000'000'000'000ULL) bad(name, "integer");
    return v.get<long long>();
  }
  if (v.is_number_float()) {
    double d = v.get<double>();
    if (d == static_cast<double>(static_cast<long long>(d)) && d > -9e15 && d < 9e15) return static_cast<long long>(d);
  }
  bad(name, "integer");
}

long long integer(const json& cmd, std::string_view name, long long lo, long long hi) {
  const json* v = find(cmd, name);
  if (!v) bad(name, "integer");
  long long x = to_integer(*v, name);
  if (x < lo || x > hi)
    throw UserError("campaign.err.param_range", jobj{"param", std::string(name), "value", x, "min", lo, "max", hi});
  return x;
}

long long integer(const json& cmd, std::string_view name, long long lo, long long hi, long long fallback) {
  if (!find(cmd, name)) return fallback;
  return integer(cmd, name, lo, hi);
}

bool boolean(const json& cmd, std::string_view name, bool fallback) {
  const json* v = find(cmd, name);
  if (!v) return fallback;
  if (!v->is_boolean()) bad(name, "true/false");
  return v->get<bool>();
}

const json& object(const json& cmd, std::string_view name) {
  const json* v = find(cmd, name);
  if (!v || !v->is_object()) bad(name, "object");
  return *v;
}

}  // namespace param
}  // namespace druzina::campaign
