// A parsed JSON or YAML document: a tree of nodes that each remember where they were written, so
// every later check (field types, ranges, cross references) can point at the exact line and column.
// This is the project's one document layer: skeletons, clips and graphs are all read through it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diag/diagnostics.h"

namespace anim {

enum class NodeKind : std::uint8_t { Null, Bool, Number, String, Sequence, Mapping };

// 1-based line and column (columns count bytes).
struct TextPosition {
  int line = 0;
  int column = 0;
};

struct DocNode;

// One `key: value` pair of a mapping, in file order. Keys are always text.
struct DocEntry {
  std::string key;
  TextPosition key_position;
  const DocNode* value = nullptr;
};

struct DocNode {
  NodeKind kind = NodeKind::Null;
  TextPosition position;
  bool boolean = false;
  double number = 0.0;  // may be non-finite (.inf, 1e999): readers decide whether that is allowed
  // A string's value; for null, booleans and numbers, the scalar as written (for messages).
  std::string text;
  std::vector<const DocNode*> items;  // a sequence's elements
  std::vector<DocEntry> entries;      // a mapping's pairs, without duplicate keys

  bool is_null() const { return kind == NodeKind::Null; }
  // The value of `key` in a mapping, or null when absent (or when this is not a mapping).
  const DocNode* Find(std::string_view key) const;
};

// Owns the nodes. Aliases (YAML `*name`) point at the anchored node, so the tree may share
// subtrees but never contains a cycle.
class Document {
 public:
  Document(std::string file_name, std::unique_ptr<std::deque<DocNode>> nodes, const DocNode* root)
      : file_name_(std::move(file_name)), nodes_(std::move(nodes)), root_(root) {}

  const std::string& file_name() const { return file_name_; }
  const DocNode& root() const { return *root_; }
  SourceLocation Locate(TextPosition position) const { return {file_name_, position.line, position.column}; }
  SourceLocation Locate(const DocNode& node) const { return Locate(node.position); }

 private:
  std::string file_name_;
  std::unique_ptr<std::deque<DocNode>>
      nodes_;  // behind a pointer so moving the document keeps node addresses
  const DocNode* root_;
};

// "a string", "a number", ...: what a kind is called in "expected ..." messages.
const char* KindName(NodeKind kind);
// What a node is, for "found ..." messages: "string 'pelvis'", "number 1e999", "null",
// "a sequence of 3 items", "a mapping".
std::string DescribeNode(const DocNode& node);

}  // namespace anim
