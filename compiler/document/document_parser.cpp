#include "compiler/document/document_parser.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <sstream>
#include <unordered_map>

#include "compiler/document/scalar_resolution.h"
#include "compiler/document/source_text.h"

namespace anim {
namespace {

constexpr std::string_view kCoreTagPrefix = "tag:yaml.org,2002:";

TextPosition PositionOf(const YAML::Mark& mark) {
  return {mark.line + 1, mark.column + 1};
}

// Thrown out of the parse when a document crosses a budget, with where and why.
std::string ValuesPastBudget() {
  return "the document holds more than " + std::to_string(kMaxDocumentValues) +
         " values (its budget) by here";
}

struct BudgetExceeded {
  YAML::Mark mark;
  std::string message;
};

// Builds the node tree from yaml-cpp's parse events.
class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(const std::string& file_name, DiagnosticSink& diagnostics)
      : file_name_(file_name), diagnostics_(diagnostics), nodes_(std::make_unique<std::deque<DocNode>>()) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    DocNode& node = NewNode(NodeKind::Null, mark);
    // An empty value (`key:` then a newline) gets the mark of the next token, on a later line:
    // point at its key instead.
    const OpenNode* parent = open_.empty() ? nullptr : &open_.back();
    if (parent != nullptr && parent->pending_key != nullptr &&
        parent->pending_key->position.line < node.position.line) {
      node.position = parent->pending_key->position;
    }
    Complete(node, anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto it = anchors_.find(anchor);
    if (it != anchors_.end()) {
      Complete(*it->second, YAML::NullAnchor);
      return;
    }
    // yaml-cpp has checked the anchor exists, so it is still open: the alias is inside its own anchor.
    diagnostics_.Error("E100", Locate(PositionOf(mark)), "an alias cannot refer to a node that contains it");
    Complete(NewNode(NodeKind::Null, mark), YAML::NullAnchor);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    DocNode& node = NewNode(NodeKind::String, mark);
    node.text = value;
    // "?" marks a plain scalar, "!" a quoted one; an explicit core tag (!!int, ...) is resolved like plain.
    const bool plain = tag == "?" || (tag.starts_with(kCoreTagPrefix) && tag != "tag:yaml.org,2002:str");
    if (plain) Resolve(node);
    Complete(node, anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    Open(NodeKind::Sequence, mark, anchor);
  }
  void OnSequenceEnd() override { Close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    Open(NodeKind::Mapping, mark, anchor);
  }
  void OnMapEnd() override { Close(); }

  const DocNode* root() const { return root_; }
  std::unique_ptr<std::deque<DocNode>> TakeNodes() { return std::move(nodes_); }

 private:
  struct OpenNode {
    DocNode* node;
    YAML::anchor_t anchor;
    const DocNode* pending_key;                              // a mapping's key awaiting its value
    std::unordered_map<std::string, std::size_t> key_index;  // a mapping's keys -> entry index
  };

  SourceLocation Locate(TextPosition position) const { return {file_name_, position.line, position.column}; }

  void Open(NodeKind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (open_.size() == kMaxDocumentDepth) {
      throw BudgetExceeded{mark, "sequences and mappings nest more than " +
                                     std::to_string(kMaxDocumentDepth) + " levels deep here"};
    }
    open_.push_back({&NewNode(kind, mark), anchor, nullptr, {}});
  }

  DocNode& NewNode(NodeKind kind, const YAML::Mark& mark) {
    if (nodes_->size() == kMaxDocumentValues) {
      throw BudgetExceeded{mark, ValuesPastBudget()};
    }
    DocNode& node = nodes_->emplace_back();
    node.kind = kind;
    node.position = PositionOf(mark);
    return node;
  }

  static void Resolve(DocNode& node) {
    if (IsNullLiteral(node.text)) {
      node.kind = NodeKind::Null;
    } else if (const std::optional<bool> b = ParseBoolLiteral(node.text)) {
      node.kind = NodeKind::Bool;
      node.boolean = *b;
    } else if (const std::optional<double> n = ParseNumberLiteral(node.text)) {
      node.kind = NodeKind::Number;
      node.number = *n;
    }
  }

  void Close() {
    OpenNode closed = std::move(open_.back());
    open_.pop_back();
    Complete(*closed.node, closed.anchor);
  }

  // Hangs a finished node under the innermost open sequence or mapping.
  void Complete(const DocNode& node, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = &node;
    if (open_.empty()) {
      root_ = &node;
      return;
    }
    OpenNode& parent = open_.back();
    if (parent.node->kind == NodeKind::Sequence) {
      parent.node->items.push_back(&node);
    } else if (parent.pending_key == nullptr) {
      parent.pending_key = &node;
    } else {
      const DocNode& key = *parent.pending_key;
      parent.pending_key = nullptr;
      AddEntry(parent, key, node);
    }
  }

  void AddEntry(OpenNode& mapping, const DocNode& key, const DocNode& value) {
    if (key.kind == NodeKind::Sequence || key.kind == NodeKind::Mapping) {
      diagnostics_.Error("E102", Locate(key.position),
                         std::string("expected a text key, found ") + KindName(key.kind));
      return;
    }
    const auto [it, inserted] = mapping.key_index.emplace(key.text, mapping.node->entries.size());
    if (!inserted) {
      Diagnostic& error =
          diagnostics_.Error("E112", Locate(key.position), "duplicate key '" + key.text + "'");
      DiagnosticSink::AddNote(error, Locate(mapping.node->entries[it->second].key_position),
                              "first defined here");
      return;
    }
    mapping.node->entries.push_back({key.text, key.position, &value});
  }

  const std::string& file_name_;
  DiagnosticSink& diagnostics_;
  std::unique_ptr<std::deque<DocNode>> nodes_;
  std::vector<OpenNode> open_;
  std::unordered_map<YAML::anchor_t, const DocNode*> anchors_;
  const DocNode* root_ = nullptr;
};

// Sees whether the stream holds another document, without building it.
class DocumentStartProbe final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override { start = mark; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
  }
  void OnMapEnd() override {}

  YAML::Mark start;
};

// yaml-cpp's wording for the usual mistakes in hand-written JSON, said the way a user thinks of them.
std::string ExplainParseError(const std::string& message) {
  if (message == YAML::ErrorMsg::END_OF_SEQ_FLOW) return "a sequence is not closed (expected ',' or ']')";
  if (message == YAML::ErrorMsg::END_OF_MAP_FLOW) return "a mapping is not closed (expected ',' or '}')";
  if (message == YAML::ErrorMsg::EOF_IN_SCALAR) return "a quoted string is not closed";
  return message;
}

void ReportParseError(const YAML::Exception& e, const std::string& file_name, DiagnosticSink& diagnostics) {
  SourceLocation where{file_name, 0, 0};
  if (!e.mark.is_null()) where = {file_name, e.mark.line + 1, e.mark.column + 1};
  diagnostics.Error("E100", where, "not valid JSON or YAML: " + ExplainParseError(e.msg));
}

// Where the values of flow collections pass the document's value budget, if they do. yaml-cpp
// queues the tokens of a whole flow collection before it hands the first event on (the collection
// might turn out to be a mapping key), a few hundred bytes a value, so a file of millions of `1,`
// would exhaust memory long before TreeBuilder counts its nodes. This scan counts what flow
// collections can hold (a value after each '[', '{', ',' or ':' inside one; quoted text and
// comments skipped), an upper bound of their values, and gives the line and column where the
// count passes the budget.
std::optional<YAML::Mark> FlowValuesPastBudget(std::string_view text) {
  std::size_t values = 0;
  int depth = 0;
  char before = '[';  // the last character that is not white space: a quote after [ { , : opens a string
  YAML::Mark at;
  at.line = 0, at.column = 0;
  std::size_t i = 0;
  const auto step = [&] {  // past text[i]
    if (text[i] == '\n') {
      ++at.line, at.column = 0;
    } else {
      ++at.column;
    }
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') before = text[i];
    ++i;
  };
  while (i < text.size()) {
    const char c = text[i];
    const bool after_blank = i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n';
    if (c == '#' && after_blank) {  // a comment: to the end of its line
      while (i < text.size() && text[i] != '\n')
        ++i;
      continue;
    }
    const bool starts_scalar = before == '[' || before == '{' || before == ',' || before == ':';
    if ((c == '"' || c == '\'') && depth > 0 && starts_scalar) {  // a quoted scalar: past its closing quote
      step();
      while (i < text.size() && text[i] != c) {
        if (text[i] == '\\' && c == '"' && i + 1 < text.size()) step();
        step();
      }
      if (i < text.size()) step();
      continue;
    }
    if (c == '[' || c == '{') ++depth;
    if ((c == ']' || c == '}') && depth > 0) --depth;
    step();
    if (depth > 0 && (c == '[' || c == '{' || c == ',' || c == ':') && ++values > kMaxDocumentValues) {
      --at.column;  // the column of `c`, 0-based as yaml-cpp's marks are
      return at;
    }
  }
  return std::nullopt;
}

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

std::optional<Document> ParseDocument(std::string_view text, const std::string& file_name,
                                      DiagnosticSink& diagnostics) {
  if (!CheckSourceText(text, file_name, diagnostics)) return std::nullopt;
  if (const std::optional<YAML::Mark> past = FlowValuesPastBudget(text)) {
    diagnostics.Error("E100", {file_name, past->line + 1, past->column + 1}, ValuesPastBudget());
    return std::nullopt;
  }
  std::istringstream stream{std::string(text)};
  YAML::Parser parser(stream);
  TreeBuilder builder(file_name, diagnostics);
  try {
    if (!parser.HandleNextDocument(builder) || builder.root() == nullptr) {
      diagnostics.Error("E100", {file_name, 0, 0},
                        IsBlank(text) ? "the file is empty" : "the file holds no document, only comments");
      return std::nullopt;
    }
    DocumentStartProbe probe;
    if (parser.HandleNextDocument(probe)) {
      diagnostics.Error("E100", {file_name, probe.start.line + 1, probe.start.column + 1},
                        "expected one document, found a second one");
      return std::nullopt;
    }
  } catch (const YAML::Exception& e) {
    ReportParseError(e, file_name, diagnostics);
    return std::nullopt;
  } catch (const BudgetExceeded& e) {
    diagnostics.Error("E100", {file_name, e.mark.line + 1, e.mark.column + 1}, e.message);
    return std::nullopt;
  }
  const DocNode* root = builder.root();
  return Document(file_name, builder.TakeNodes(), root);
}

std::optional<Document> LoadDocumentFile(const std::string& path, DiagnosticSink& diagnostics) {
  const std::optional<std::string> text = ReadSourceFile(path, diagnostics);
  if (!text) return std::nullopt;
  return ParseDocument(*text, path, diagnostics);
}

}  // namespace anim
