// The table-link form of a rule's list of entries that name where their words are — a roll table and its row, an
// entry of the rule's data file — instead of holding them: the reader's phone writes the words in her language
// from her own copy of the table or the data, and the link stays short (docs/links.md).
#pragma once
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::campaign {

// Each entry goes as the array of its values in the order of `keys` (an absent one null, trailing ones cut); a key
// of an entry that is not in `keys` stays home. `id_key` names an entry's id from the campaign's counter ("" = the
// entries have none, or ids of their own list). decode checks the shape and brings the entries back as objects;
// the field's own validate checks the rest, as for any link.
WireCodec wire_rows(std::string key, std::vector<std::string> keys, std::string id_key = {});

}  // namespace druzina::campaign
