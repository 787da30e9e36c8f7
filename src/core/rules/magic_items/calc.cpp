// Calculator `sentient-dominate`: the Charisma save of a sentient item's owner against the item's domination
// attempt (SRD "Sentient Magic Items", conflict): DC 12 + the item's Charisma modifier; a failure leaves the owner
// charmed by the item for 1d12 hours.
//   druzina rule sentient-dominate --item-cha-mod 3 → {"dc": 15}
#include "core/calc/params.hpp"
#include "core/rules/magic_items/magic_items.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {
int sentient_dominate_dc(int item_cha_mod) { return 12 + item_cha_mod; }
}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator sentient_dominate_calculator() {
  // A sentient item's Charisma is 4d6 drop the lowest (3..18, modifier −4..+4); the DM may give more (up to 30: +10).
  return {"sentient-dominate",
          "calc.desc.sentient_dominate",
          {calc::int_param("item-cha-mod", "calc.param.sentient_dominate.item_cha_mod", -5, 10)},
          [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            return jobj{"dc", calc::sentient_dominate_dc(params.at("item-cha-mod").get<int>())};
          }};
}

}  // namespace druzina::rules
