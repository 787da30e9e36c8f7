// Errors the user can cause (bad dice expression, refused command, broken save) carry a translation key and
// its arguments, never a finished sentence: the CLI and the UI render them in the user's language.
#pragma once
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/i18n.hpp"

namespace druzina {

class UserError : public std::runtime_error {
 public:
  UserError(std::string key, nlohmann::json args = nlohmann::json::object())
      : std::runtime_error(key), key_(std::move(key)), args_(std::move(args)) {}
  const std::string& key() const { return key_; }
  const nlohmann::json& args() const { return args_; }
  std::string message(Lang lang) const { return tr(lang, key_, args_); }

 private:
  std::string key_;
  nlohmann::json args_;
};

// Something the user should know that did not stop the operation (a warning): a key and its arguments.
struct Notice {
  std::string key;
  nlohmann::json args = nlohmann::json::object();
  std::string message(Lang lang) const { return tr(lang, key, args); }
};

}  // namespace druzina
