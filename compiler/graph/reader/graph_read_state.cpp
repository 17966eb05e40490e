#include "compiler/graph/reader/graph_read_state.h"

#include <algorithm>

#include "compiler/assets/asset_checks.h"
#include "compiler/diag/suggest.h"

namespace anim::graph {

std::string Number(double value) {
  return FormatFloat(static_cast<float>(value));
}

std::vector<std::string_view> SortedKeys(const std::unordered_map<std::string, int>& map) {
  std::vector<std::string_view> keys;
  keys.reserve(map.size());
  for (const auto& entry : map)
    keys.push_back(entry.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

int ReadOption(DocumentReader& reader, const DocNode& doc, const std::string& what,
               std::span<const std::string_view> options) {
  const std::optional<std::string> text = reader.String(doc, what);
  if (!text) return -1;
  for (std::size_t i = 0; i < options.size(); ++i)
    if (options[i] == *text) return static_cast<int>(i);
  std::string message = "unknown option " + Quoted(*text) + " for " + what;
  std::string suggestion = DidYouMean(*text, options);
  if (suggestion.empty()) {
    suggestion = "; expected one of:";
    for (std::string_view option : options)
      suggestion += " " + std::string(option);
  }
  reader.Error("E023", doc, message + suggestion);
  return -1;
}

}  // namespace anim::graph
