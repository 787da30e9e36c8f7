// A small, bounded XML reader of our own for the compendium files trackers export (Fight Club 5 / DnDAppFiles):
// elements, attributes, text, the five named entities and numeric character references, CDATA, comments and
// processing instructions (skipped). No DTD: a <!DOCTYPE …> is refused (no entity declarations, so no expansion
// bombs), as is anything past the limits (size, depth, number of elements) — before anything is built further.
// Errors are UserError("rules.err.import_xml", {line, reason: {cs, uk, en}}) in our own words.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace druzina::rules::xml {

struct Limits {
  size_t max_bytes = size_t{4} << 20;  // 4 MiB
  int max_depth = 32;
  size_t max_elements = 200'000;
};

struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<Element> children;
  std::string text;  // the element's own character data, concatenated (entities decoded)

  const Element* child(std::string_view name) const;                    // the first child of that name
  std::vector<const Element*> children_named(std::string_view name) const;
  std::string child_text(std::string_view name) const;                  // its text, trimmed ("" when absent)
};

// Parses a whole document and returns its root element.
Element parse(std::string_view text, const Limits& limits = {});

}  // namespace druzina::rules::xml
