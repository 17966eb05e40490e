#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "compiler/document/document_parser.h"
#include "compiler/document/document_reader.h"
#include "compiler/document/scalar_resolution.h"

namespace anim {
namespace {

Document Parse(const std::string& text, DiagnosticSink& sink) {
  std::optional<Document> document = ParseDocument(text, "in.yaml", sink);
  REQUIRE(document.has_value());
  return std::move(*document);
}

TEST_CASE("JSON and YAML scalars resolve to the same kinds, with 1-based positions") {
  DiagnosticSink sink;
  const Document json = Parse(R"({"s": "30", "n": 30, "b": true, "z": null, "l": [1.5, -2e3]})", sink);
  const Document yaml = Parse("s: \"30\"\nn: 30\nb: true\nz: null\nl: [1.5, -2e3]\n", sink);
  REQUIRE_FALSE(sink.has_errors());
  for (const Document* document : {&json, &yaml}) {
    const DocNode& root = document->root();
    REQUIRE(root.kind == NodeKind::Mapping);
    CHECK(root.Find("s")->kind == NodeKind::String);  // quoted: a string even though it looks numeric
    CHECK(root.Find("s")->text == "30");
    CHECK(root.Find("n")->kind == NodeKind::Number);
    CHECK(root.Find("n")->number == 30.0);
    CHECK(root.Find("b")->kind == NodeKind::Bool);
    CHECK(root.Find("b")->boolean);
    CHECK(root.Find("z")->is_null());
    const DocNode& list = *root.Find("l");
    REQUIRE(list.items.size() == 2);
    CHECK(list.items[1]->number == -2000.0);
    CHECK(root.Find("missing") == nullptr);
  }
  // Positions: "n" is the second key on line 2 of the YAML and at column 13 of the JSON line.
  CHECK(yaml.root().entries[1].key_position.line == 2);
  CHECK(yaml.root().entries[1].key_position.column == 1);
  CHECK(yaml.root().Find("n")->position.column == 4);
  CHECK(json.root().entries[1].key_position.line == 1);
  CHECK(json.root().entries[1].key_position.column == 13);
  CHECK(json.root().Find("l")->items[1]->position.column == 55);
}

TEST_CASE("Number literals: YAML and JSON forms, overflow to infinity, underflow to zero") {
  CHECK(ParseNumberLiteral("42") == 42.0);
  CHECK(ParseNumberLiteral("-0.5") == -0.5);
  CHECK(ParseNumberLiteral("+.5") == 0.5);
  CHECK(ParseNumberLiteral("1.") == 1.0);
  CHECK(ParseNumberLiteral("1e3") == 1000.0);
  CHECK(ParseNumberLiteral("2.5E-1") == 0.25);
  CHECK(ParseNumberLiteral("1e999") == std::numeric_limits<double>::infinity());
  CHECK(ParseNumberLiteral("-1e999") == -std::numeric_limits<double>::infinity());
  CHECK(ParseNumberLiteral(std::string(400, '9')) == std::numeric_limits<double>::infinity());
  CHECK(ParseNumberLiteral("1e-999") == 0.0);
  CHECK(ParseNumberLiteral("0." + std::string(400, '0') + "1") == 0.0);
  CHECK(ParseNumberLiteral(".inf") == std::numeric_limits<double>::infinity());
  CHECK(ParseNumberLiteral("-Infinity") == -std::numeric_limits<double>::infinity());
  CHECK(std::isnan(*ParseNumberLiteral(".nan")));
  CHECK(std::isnan(*ParseNumberLiteral("NaN")));
  for (const char* not_a_number :
       {"", ".", "-", "e5", "1e", "1e+", "0x10", "1,5", "1.2.3", "12abc", "inf", "- 1"}) {
    CAPTURE(not_a_number);
    CHECK_FALSE(ParseNumberLiteral(not_a_number).has_value());
  }
}

TEST_CASE("Null and boolean literals follow the YAML 1.2 core schema") {
  for (const char* null : {"", "~", "null", "Null", "NULL"})
    CHECK(IsNullLiteral(null));
  CHECK_FALSE(IsNullLiteral("nil"));
  CHECK(ParseBoolLiteral("True") == true);
  CHECK(ParseBoolLiteral("FALSE") == false);
  CHECK_FALSE(ParseBoolLiteral("yes").has_value());  // YAML 1.1 only: a string here
  CHECK_FALSE(ParseBoolLiteral("on").has_value());
}

TEST_CASE("Explicit tags: !!str keeps text, core tags resolve like plain scalars") {
  DiagnosticSink sink;
  const Document document = Parse("a: !!str 5\nb: !!int 5\nc: !custom 5\n", sink);
  CHECK(document.root().Find("a")->kind == NodeKind::String);
  CHECK(document.root().Find("b")->kind == NodeKind::Number);
  CHECK(document.root().Find("c")->kind == NodeKind::String);
}

TEST_CASE("A key written twice is reported with a note at the first, and the first value is kept") {
  DiagnosticSink sink;
  const Document document = Parse("name: a\nother: 1\nname: b\n", sink);
  REQUIRE(sink.error_count() == 1);
  CHECK(FormatText(sink) ==
        "in.yaml:3:1: error[E112]: duplicate key 'name'\n"
        "in.yaml:1:1: note: first defined here\n");
  CHECK(document.root().entries.size() == 2);
  CHECK(document.root().Find("name")->text == "a");
}

TEST_CASE("Duplicate keys are found in JSON too, in nested mappings") {
  DiagnosticSink sink;
  Parse(R"({"bones": [{"name": "a", "name": "b"}]})", sink);
  CHECK(FormatText(sink) ==
        "in.yaml:1:26: error[E112]: duplicate key 'name'\n"
        "in.yaml:1:13: note: first defined here\n");
}

TEST_CASE("Aliases share the anchored node, an alias inside its own anchor is refused") {
  DiagnosticSink sink;
  const Document document = Parse("a: &v [1, 2, 3]\nb: *v\n", sink);
  CHECK_FALSE(sink.has_errors());
  CHECK(document.root().Find("a") == document.root().Find("b"));

  DiagnosticSink recursive;
  ParseDocument("a: &v [1, *v]\n", "in.yaml", recursive);
  CHECK(FormatText(recursive) ==
        "in.yaml:1:11: error[E100]: an alias cannot refer to a node that contains it\n");
}

TEST_CASE("A mapping key must be text") {
  DiagnosticSink sink;
  Parse("? [1, 2]\n: x\n", sink);
  CHECK(FormatText(sink) == "in.yaml:1:3: error[E102]: expected a text key, found a sequence\n");
}

TEST_CASE("Malformed, empty and multi-document text is E100 with the place") {
  struct Case {
    std::string text;
    std::string expected;
  };
  const Case cases[] = {
      {"{\"a\": [1, 2}", "in.yaml:1:12: error[E100]: not valid JSON or YAML: illegal flow end\n"},
      {"{\n  \"a\": [1,\n  2\n",
       "in.yaml:4:1: error[E100]: not valid JSON or YAML: a sequence is not closed "
       "(expected ',' or ']')\n"},
      {"{\n  \"a\": 1\n  \"b\": 2\n}",
       "in.yaml:3:6: error[E100]: not valid JSON or YAML: a mapping is not closed "
       "(expected ',' or '}')\n"},
      {"a: \"x", "in.yaml:1:6: error[E100]: not valid JSON or YAML: a quoted string is not closed\n"},
      {"a: 1\n b: 2\n", "in.yaml:2:3: error[E100]: not valid JSON or YAML: illegal map value\n"},
      {"a: *nowhere\n",
       "in.yaml:1:4: error[E100]: not valid JSON or YAML: the referenced anchor is not defined\n"},
      {"", "in.yaml: error[E100]: the file is empty\n"},
      {" \n\n", "in.yaml: error[E100]: the file is empty\n"},
      {"# only a comment\n", "in.yaml: error[E100]: the file holds no document, only comments\n"},
      {"a: 1\n---\nb: 2\n", "in.yaml:2:1: error[E100]: expected one document, found a second one\n"},
      {"a: 1\x01\n", "in.yaml:1:5: error[E100]: not a text file: control character 0x01 is not allowed\n"},
      {"a: \xC3\xA9\xC0\x80\n",
       "in.yaml:1:6: error[E100]: not a UTF-8 text file: byte 0xC0 is not valid UTF-8\n"},
      {"a: \xED\xA0\x80\n",
       "in.yaml:1:4: error[E100]: not a UTF-8 text file: byte 0xED is not valid UTF-8\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    DiagnosticSink sink;
    CHECK_FALSE(ParseDocument(c.text, "in.yaml", sink).has_value());
    CHECK(FormatText(sink) == c.expected);
  }
}

TEST_CASE("Valid UTF-8 text, tabs and a byte order mark are accepted") {
  DiagnosticSink sink;
  const Document document = Parse("\xEF\xBB\xBFname: \"caf\xC3\xA9 \xF0\x9F\xA6\xB4\"\r\nx:\t1\n", sink);
  CHECK_FALSE(sink.has_errors());
  CHECK(document.root().Find("name")->text == "caf\xC3\xA9 \xF0\x9F\xA6\xB4");
}

constexpr std::array<std::string_view, 4> kFields = {"name", "count", "ratio", "values"};

TEST_CASE("FieldReader: typed reads report missing, wrong-typed, unknown and non-finite fields") {
  DiagnosticSink sink;
  const Document document =
      Parse("nmae: x\ncount: 2.5\nratio: .inf\nvalues: [1, a, 1e39, 2]\ncolour: red\n", sink);
  DocumentReader reader(document, sink);
  FieldReader fields(reader, document.root(), "the thing", kFields);
  fields.ReportUnknownFields();
  CHECK_FALSE(fields.String("name", Field::Required).has_value());
  CHECK_FALSE(fields.Integer("count", Field::Required).has_value());
  CHECK_FALSE(fields.Float("ratio", Field::Required).has_value());
  CHECK_FALSE(fields.FloatArray("values", Field::Optional).has_value());
  CHECK(FormatText(sink) ==
        "in.yaml:1:1: error[E103]: unknown field 'nmae' in the thing; did you mean 'name'?\n"
        "in.yaml:5:1: error[E103]: unknown field 'colour' in the thing; expected one of: name count ratio "
        "values\n"
        "in.yaml:1:1: error[E101]: missing required field 'name' in the thing\n"
        "in.yaml:2:8: error[E102]: expected an integer for 'count', found number 2.5\n"
        "in.yaml:3:8: error[E106]: expected a finite number for 'ratio', found .inf\n"
        "in.yaml:4:13: error[E102]: expected a number for 'values'[1], found string 'a'\n"
        "in.yaml:4:16: error[E106]: expected a number within float range for 'values'[2], found 1e39\n");
}

TEST_CASE(
    "FieldReader: the largest float, as writers spell it, reads back, and the next spelling up does not") {
  DiagnosticSink sink;
  // 3.4028235e+38 is FLT_MAX's shortest round-trip spelling, above FLT_MAX as a double;
  // 3.4028236e+38 rounds to infinity.
  const Document document = Parse("values: [3.4028235e+38, -3.4028235e+38, 3.4028236e+38]\n", sink);
  DocumentReader reader(document, sink);
  const DocNode& values = *document.root().Find("values");
  CHECK(reader.Float(*values.items[0], "a") == std::numeric_limits<float>::max());
  CHECK(reader.Float(*values.items[1], "b") == -std::numeric_limits<float>::max());
  CHECK_FALSE(reader.Float(*values.items[2], "c").has_value());
  CHECK(FormatText(sink) ==
        "in.yaml:1:41: error[E106]: expected a number within float range for c, found 3.4028236e+38\n");
}

TEST_CASE("FieldReader: valid fields read back, absent optional fields are nullopt without errors") {
  DiagnosticSink sink;
  const Document document =
      Parse(R"({"name": "x", "count": 3.0, "ratio": -0.25, "values": [1, 2e-1]})", sink);
  DocumentReader reader(document, sink);
  FieldReader fields(reader, document.root(), "the thing", kFields);
  fields.ReportUnknownFields();
  CHECK(fields.String("name", Field::Required) == "x");
  CHECK(fields.Integer("count", Field::Required) ==
        3);  // a whole number written with a fraction is an integer
  CHECK(fields.Float("ratio", Field::Required) == -0.25f);
  CHECK(fields.FloatArray("values", Field::Optional) == std::vector<float>{1.0f, 0.2f});
  CHECK_FALSE(fields.Bool("loop", Field::Optional).has_value());
  CHECK_FALSE(fields.String("other", Field::Optional).has_value());
  CHECK_FALSE(sink.has_errors());
}

TEST_CASE("FieldReader: every type, required or optional, including null for 'none'") {
  DiagnosticSink sink;
  const Document document =
      Parse("s: text\nn: 1e300\nf: 0.5\ni: 7\nb: false\na: [1, 2]\nseq: []\nmap: {k: v}\nnone: null\n", sink);
  DocumentReader reader(document, sink);
  constexpr std::array<std::string_view, 9> known = {"s", "n", "f", "i", "b", "a", "seq", "map", "none"};
  FieldReader fields(reader, document.root(), "the thing", known);
  fields.ReportUnknownFields();
  CHECK(fields.String("s", Field::Required) == "text");
  CHECK(fields.StringOrNull("s", Field::Optional) == "text");
  CHECK_FALSE(fields.StringOrNull("none", Field::Required).has_value());
  CHECK(fields.Number("n", Field::Required) == 1e300);  // finite as a double, too large for a float
  CHECK(fields.Float("f", Field::Optional) == 0.5f);
  CHECK(fields.Integer("i", Field::Required) == 7);
  CHECK(fields.Bool("b", Field::Required) == false);
  CHECK(fields.FloatArray("a", Field::Required) == std::vector<float>{1.0f, 2.0f});
  CHECK(fields.Sequence("seq", Field::Required) == fields.Find("seq"));
  CHECK(fields.Mapping("map", Field::Required) == fields.Find("map"));
  CHECK(fields.Find("absent") == nullptr);
  REQUIRE_FALSE(sink.has_errors());

  CHECK_FALSE(fields.Number("absent", Field::Optional).has_value());
  CHECK_FALSE(sink.has_errors());
  CHECK_FALSE(fields.Bool("absent", Field::Required).has_value());
  CHECK_FALSE(fields.Mapping("s", Field::Required));
  CHECK_FALSE(fields.StringOrNull("i", Field::Optional).has_value());
  CHECK(
      FormatText(sink) ==
      "in.yaml:1:1: error[E101]: missing required field 'absent' in the thing\n"
      "in.yaml:1:4: error[E102]: expected a mapping for 's', found string 'text'\n"
      "in.yaml:4:4: error[E102]: expected a string for 'i', found number 7 (quote it to make it a string)\n");
}

TEST_CASE("DocumentReader: messages describe what was found") {
  DiagnosticSink sink;
  const Document document = Parse(
      "a: 01\nb: [1, 2]\nc: {x: 1}\nd: yes\ne: 1e300\nf:\ng: true\nh: \"" + std::string(60, 'z') + "\"\n",
      sink);
  DocumentReader reader(document, sink);
  const DocNode& root = document.root();
  CHECK_FALSE(reader.String(*root.Find("a"), "'a'"));
  CHECK_FALSE(reader.Number(*root.Find("b"), "'b'"));
  CHECK_FALSE(reader.Sequence(*root.Find("c"), "'c'"));
  CHECK_FALSE(reader.Bool(*root.Find("d"), "'d'"));
  CHECK_FALSE(reader.Integer(*root.Find("e"), "'e'"));
  CHECK_FALSE(reader.Mapping(*root.Find("f"), "'f'"));
  CHECK_FALSE(reader.String(*root.Find("g"), "'g'"));
  CHECK_FALSE(reader.Number(*root.Find("h"), "'h'"));
  CHECK(reader.Number(*root.Find("e"), "'e'") == 1e300);
  CHECK(
      FormatText(sink) ==
      "in.yaml:1:4: error[E102]: expected a string for 'a', found number 01 (quote it to make it a string)\n"
      "in.yaml:2:4: error[E102]: expected a number for 'b', found a sequence of 2 items\n"
      "in.yaml:3:4: error[E102]: expected a sequence for 'c', found a mapping\n"
      "in.yaml:4:4: error[E102]: expected a boolean (true or false) for 'd', found string 'yes'\n"
      "in.yaml:5:4: error[E106]: expected an integer of magnitude at most 2^53 for 'e', found 1e300\n"
      "in.yaml:6:1: error[E102]: expected a mapping for 'f', found null\n"
      "in.yaml:7:4: error[E102]: expected a string for 'g', found boolean true (quote it to make it a "
      "string)\n"
      "in.yaml:8:4: error[E102]: expected a number for 'h', found string '" +
          std::string(40, 'z') + "...'\n");
}

TEST_CASE("DescribeNode cuts long and multi-line strings, never inside a UTF-8 character") {
  DocNode node;
  node.kind = NodeKind::String;
  node.text = std::string(39, 'z') + "\xC3\xA9" + "tail";  // the 40-byte cut falls inside the e-acute
  CHECK(DescribeNode(node) == "string '" + std::string(39, 'z') + "...'");
  node.text = "first line\nsecond line";
  CHECK(DescribeNode(node) == "string 'first line...'");
  node.text = "short";
  CHECK(DescribeNode(node) == "string 'short'");
}

TEST_CASE("LoadDocumentFile reports the path as given") {
  DiagnosticSink sink;
  CHECK_FALSE(LoadDocumentFile("no/such/dir/graph.yaml", sink).has_value());
  CHECK(FormatText(sink) == "no/such/dir/graph.yaml: error[E100]: cannot read the file: it does not exist\n");
}

}  // namespace
}  // namespace anim
