// What the model's files (model.cpp, model_saving.cpp, model_library.cpp, model_takeover.cpp) share; no screen
// includes it.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/store/library.hpp"

namespace druzina::ui::model_parts {

store::Kv& kv();  // the library's key-value store: the platform's storage

// A store's refusal or damage (a store.err.* key and its arguments) in the UI's language; no key: "unreadable".
std::string reason_text(const std::string& key, const nlohmann::json& args);

}  // namespace druzina::ui::model_parts
