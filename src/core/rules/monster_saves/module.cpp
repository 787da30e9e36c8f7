// monster-saves: a hook on prompt_created. A prompt about a monster that asks for a roll (it has no "choices":
// a choice such as "does the soul accept" stays the DM's) is answered at once with a nested
// ResolvePrompt {prompt} — rolled by the engine with its dice, exactly as the card's "Roll for me" would; the
// rule that asked then acts on the answer (its on_prompt handler) in the same transaction.
#include "core/rules/common.hpp"
#include "core/rules/monster_saves/monster_saves.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

void on_prompt_created(Ctx& ctx, const campaign::Event& ev) {
  const json& p = ev.data.at("prompt");
  const std::string who = p.value("creature", "");
  if (who.empty()) return;
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->kind != "monster") return;
  const json data = p.value("data", json::object());
  if (data.is_object() && data.contains("choices")) return;
  ctx.run(jobj{"type", "ResolvePrompt", "prompt", p.value("id", "")});
}

void install(Engine& e) { e.on_event("prompt_created", on_prompt_created); }

}  // namespace

Module monster_saves() { return {kMonsterSaves, false, install, {}}; }

}  // namespace druzina::rules
