// JSON text that never aborts: nlohmann's dump throws type_error.316 on a string that is not
// valid UTF-8 (a name from a hand-edited .animbc or a glTF file can be any bytes). Every JSON the
// compiler and the tools write goes through JsonText; control characters are escaped as JSON
// requires (nlohmann does that), ill-formed UTF-8 becomes U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compiler/diag/escape.h"

namespace anim {

// `json.dump(indent)`, with ill-formed UTF-8 in any string replaced by U+FFFD instead of throwing.
// Works for nlohmann::json and nlohmann::ordered_json.
template <typename BasicJson>
std::string JsonText(const BasicJson& json, int indent = -1) {
  return json.dump(indent, ' ', false, BasicJson::error_handler_t::replace);
}

// Replaces ill-formed UTF-8 in every string value of `json` (recursively) by U+FFFD, for a tree
// that someone else dumps. Object keys are left alone: the writers' keys are their own fixed text.
template <typename BasicJson>
void ReplaceInvalidUtf8InJson(BasicJson& json) {
  if (json.is_string()) {
    auto& s = json.template get_ref<typename BasicJson::string_t&>();
    s = ReplaceInvalidUtf8(std::string_view(s));
  } else if (json.is_structured()) {
    for (auto& element : json)
      ReplaceInvalidUtf8InJson(element);
  }
}

}  // namespace anim
