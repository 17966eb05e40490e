#include "compiler/document/document.h"

#include <algorithm>

namespace anim {
namespace {

// Long or multi-line strings are cut so one diagnostic stays one readable line (never inside a
// UTF-8 sequence).
std::string Excerpt(const std::string& text) {
  constexpr std::size_t kMaxChars = 40;
  std::size_t cut = std::min(text.find('\n'), kMaxChars);
  if (cut >= text.size()) return text;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;
  return text.substr(0, cut) + "...";
}

}  // namespace

const DocNode* DocNode::Find(std::string_view key) const {
  for (const DocEntry& entry : entries) {
    if (entry.key == key) return entry.value;
  }
  return nullptr;
}

const char* KindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::Null:
      return "null";
    case NodeKind::Bool:
      return "a boolean";
    case NodeKind::Number:
      return "a number";
    case NodeKind::String:
      return "a string";
    case NodeKind::Sequence:
      return "a sequence";
    case NodeKind::Mapping:
      return "a mapping";
  }
  return "a value";
}

std::string DescribeNode(const DocNode& node) {
  switch (node.kind) {
    case NodeKind::Null:
      return "null";
    case NodeKind::Bool:
      return std::string("boolean ") + (node.boolean ? "true" : "false");
    case NodeKind::Number:
      return "number " + Excerpt(node.text);
    case NodeKind::String:
      return "string '" + Excerpt(node.text) + "'";
    case NodeKind::Sequence:
      return node.items.size() == 1 ? "a sequence of 1 item"
                                    : "a sequence of " + std::to_string(node.items.size()) + " items";
    case NodeKind::Mapping:
      return "a mapping";
  }
  return "a value";
}

}  // namespace anim
