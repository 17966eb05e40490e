// The graph bad-input corpus (tests/frontend/bad/): each file's exact diagnostics, code,
// line:col and message, and no graph. "{file}" stands for the path the graph was loaded by,
// "{dir}" for its folder (asset files are named as opened, relative to the graph).
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "compiler/graph/load_graph.h"

namespace anim {
namespace {

struct BadCase {
  const char* file;
  const char* expected;
};

std::string BadDir() {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/frontend/bad/";
}

std::string Expand(std::string text, const std::string& path) {
  const std::string dir = BadDir();
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"{file}", path}, {"{dir}", dir}}) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }
  return text;
}

constexpr BadCase kErrors[] = {
    {"alpha_out_of_range.json",
     "{file}:34:16: error[E012]: 'alpha' of node 'mix' must be between 0 and 1, found 1.5\n"},
    {"blend_space_empty.json",
     "{file}:25:18: error[E021]: 'samples' of node 'moving' is empty: a blend space needs at least one "
     "sample\n"},
    {"blend_space_2d_collinear.yaml",
     "{file}:17:7: error[E021]: the samples of node 'moving' are all on one line: a 2D blend space needs "
     "three samples not on one line (for samples along a line, use blend_space_1d)\n"},
    {"blend_space_2d_duplicate.yaml",
     "{file}:20:20: error[E021]: samples 1 and 3 of node 'moving' are at the same position [1, 1.5]\n"
     "{file}:18:20: note: sample 1 is here\n"},
    {"blend_space_2d_positions.yaml",
     "{file}:18:20: error[E102]: expected [x, y] for 'position' of 'samples'[1] of node 'moving', found 3 "
     "numbers\n"
     "{file}:19:20: error[E102]: expected a sequence for 'position' of 'samples'[2] of node 'moving', found "
     "number 4\n"
     "{file}:20:20: error[E012]: 'position' of 'samples'[3] of node 'moving' must lie within -1e6 to 1e6, "
     "found 3e+06\n"},
    {"blend_space_2d_thin.yaml",
     "{file}:20:20: error[E021]: samples 0, 1 and 3 of node 'moving' are too nearly on one line to blend "
     "between: move one of them off the line\n"
     "{file}:17:20: note: sample 0 is here\n"
     "{file}:18:20: note: sample 1 is here\n"},
    {"blend_space_2d_too_few.yaml",
     "{file}:17:7: error[E021]: a 2D blend space needs at least three samples, not on one line; 'samples' "
     "of node 'moving' holds 2\n"},
    {"blend_space_unsorted.yaml",
     "{file}:16:20: error[E021]: sample positions of node 'moving' must increase: 0 comes after 1.5\n"
     "{file}:15:20: note: the previous sample's position\n"},
    {"clip_start_past_end.yaml",
     "{file}:9:41: error[E012]: 'start' 100 of node 'idle' is past the end of clip 'idle' (2.4 s long)\n"},
    {"clip_with_unknown_bone.yaml",
     "{dir}assets/tail_wag.yaml:7:11: error[E110]: unknown bone 'tail_01': skeleton 'humanoid' has no such "
     "bone\n"
     "{file}:4:19: note: clip 'tail_wag' is referenced here\n"},
    {"condition_not_bool.yaml",
     "{file}:16:44: error[E016]: 'condition' of 'transitions'[0] of state machine 'loco' must be a bool, "
     "found float\n"},
    {"constant_alpha_out_of_range.yaml",
     "{file}:11:47: error[E012]: 'alpha' of node 'mix' must be between 0 and 1, found 2\n"},
    {"curve_unknown.yaml",
     "{file}:9:104: error[E031]: unknown curve 'foot_plant_left'; did you mean 'foot_plant_l'?\n"},
    {"cycle.yaml",
     "{file}:10:3: error[E009]: cycle: node 'a' depends on itself: 'a' -> 'c' -> 'b' -> 'a'\n"
     "{file}:10:32: note: 'a' uses 'c' here\n"
     "{file}:12:35: note: 'c' uses 'b' here\n"
     "{file}:11:23: note: 'b' uses 'a' here\n"},
    {"duplicate_node.yaml",
     "{file}:11:3: error[E112]: duplicate key 'idle'\n"
     "{file}:9:3: note: first defined here\n"},
    {"duplicate_snapshot.yaml",
     "{file}:11:53: error[E010]: duplicate snapshot name 'pose': another save_snapshot node already saves "
     "it\n"
     "{file}:10:51: note: first saved here\n"},
    {"duration_not_constant.yaml",
     "{file}:16:68: error[E020]: 'duration' of 'transitions'[0] of state machine 'loco' must be a constant: "
     "it cannot read parameters or state values\n"},
    {"empty_state_machine.yaml", "{file}:9:54: error[E011]: state machine 'loco' has no states\n"},
    {"escaped_expression.json",
     "{file}:25:26: error[E016]: a quoted name is only the argument of curve(), as in curve(\"2\")\n"},
    {"fabrik_iterations.yaml",
     "{file}:10:105: error[E012]: 'iterations' of node 'reach' must be at least 1 and at most 65535, found "
     "0\n"},
    {"function_argument_type.yaml",
     "{file}:9:54: error[E016]: argument 2 of 'clamp' must be a number, found bool\n"},
    {"ik_not_a_chain.yaml",
     "{file}:10:60: error[E022]: bone 'calf_r' is not below 'thigh_l' in the skeleton: the bones of node "
     "'leg' must form a chain\n"},
    {"lerp_mixed_types.yaml",
     "{file}:10:67: error[E016]: 'lerp' needs (number, number, number) or (vec3, vec3, number), found (vec3, "
     "float, float)\n"},
    {"mask_curve_unknown.yaml",
     "{file}:9:56: error[E012]: mask weight of curve 'foot_plant_r' must be between 0 and 1, found 1.5\n"
     "{file}:9:61: error[E031]: unknown curve 'brow_up' in 'curves' of mask 'upper'\n"},
    {"mask_weight_out_of_range.yaml",
     "{file}:9:29: error[E012]: mask weight of 'spine_01' must be between 0 and 1, found 1.5\n"},
    {"missing_field.yaml", "{file}:10:8: error[E101]: missing required field 'b' in node 'mix'\n"},
    {"missing_kind.json", "{file}:22:13: error[E101]: missing required field 'kind' in node 'rest'\n"},
    {"missing_skeleton_file.yaml",
     "{dir}assets/no_such_skeleton.yaml: error[E100]: cannot read the file: it does not exist\n"
     "{file}:3:11: note: the skeleton is referenced here\n"},
    {"negative_duration.yaml",
     "{file}:16:68: error[E012]: 'duration' of 'transitions'[0] of state machine 'loco' must be between 0 "
     "and 3600 seconds, found -0.2\n"},
    {"huge_duration.yaml",
     "{file}:16:68: error[E012]: 'duration' of 'transitions'[0] of state machine 'loco' must be between 0 "
     "and 3600 seconds, found 1.9e+19\n"},
    {"element_error.yaml",  // an element names its list and index, then the node
     "{file}:7:79: error[E002]: expected a number, a boolean or an expression string for 'rotation'[2] of "
     "node 'top', found a mapping (only pose fields take nodes)\n"},
    {"derived_name_collision.yaml",
     "{file}:6:3: error[E027]: node name 'top.a' is also the name of the inline node written at 'a' of node "
     "'top': rename the node (inline nodes are named after where they are written)\n"
     "{file}:7:25: note: the inline node\n"},
    {"node_name_in_expression.yaml",
     "{file}:11:48: error[E002]: 'walk' is a pose node, not a parameter: expressions compute numbers, "
     "vectors and booleans\n"},
    {"not_a_mapping.json",
     "{file}:1:1: error[E102]: expected a mapping for the graph document, found a sequence of 1 item\n"},
    {"not_on_number.yaml", "{file}:16:44: error[E016]: operator '!' needs a bool, found float\n"},
    {"operator_types.yaml",
     "{file}:9:47: error[E016]: operator '+' needs two numbers or two vec3s, found float and bool\n"},
    {"param_default_out_of_range.yaml",
     "{file}:6:33: error[E012]: default 9 of parameter 'speed' is outside its range [0, 8]\n"},
    {"param_min_greater_than_max.json",
     "{file}:12:14: error[E012]: 'min' 1 is greater than 'max' -1 in parameter 'lean'\n"},
    {"parameter_not_identifier.yaml",
     "{file}:5:3: error[E019]: parameter name '2fast' is not an identifier (letters, digits and '_', not "
     "starting with a digit)\n"},
    {"physics_pre_after_post.yaml",
     "{file}:8:3: error[E032]: physics node 'ragdoll_in' asks for its pose before the simulation step, but "
     "'mix' runs after it\n"
     "{file}:6:3: note: 'feet' runs 'feet.pose' after the step\n"},
    {"pose_given_number.yaml",
     "{file}:10:34: error[E002]: expected a pose for 'b' of node 'mix' (a node name or an inline node), "
     "found number 0.5\n"},
    {"reserved_parameter_name.yaml",
     "{file}:6:3: error[E019]: parameter name 'time_in_state' is reserved by the expression language\n"},
    {"scalar_given_node.json",
     "{file}:34:16: error[E002]: expected a number, a boolean or an expression string for 'alpha' of node "
     "'mix', found a mapping (only pose fields take nodes)\n"},
    {"self_cycle.json",
     "{file}:26:5: error[E009]: cycle: node 'loop' depends on itself: 'loop' -> 'loop'\n"
     "{file}:29:12: note: 'loop' uses 'loop' here\n"},
    {"skeleton_fails_checks.yaml",
     "{dir}assets/broken_skeleton.yaml:7:13: error[E110]: unknown parent bone 'chest'\n"
     "{file}:3:11: note: the skeleton is referenced here\n"},
    {"state_named_any.yaml",
     "{file}:13:26: error[E019]: a state cannot be named 'any': transitions use 'any' for every state\n"},
    {"syntax_error_in_json.json",
     "{file}:25:24: error[E013]: syntax error in expression: expected a value, found '>'\n"},
    {"state_progress_shared_with_root.yaml",
     "{file}:11:55: error[E017]: 'state_progress' reads the state node 'fade' runs in, but it runs in none: "
     "it is used outside every state, or shared by states that no one state encloses\n"},
    {"syntax_plain_scalar.yaml",
     "{file}:15:23: error[E013]: syntax error in expression: expected a value, found the end of the "
     "expression\n"},
    {"syntax_single_ampersand.yaml",
     "{file}:16:53: error[E013]: syntax error in expression: unexpected character '&'; did you mean '&&'?\n"},
    {"syntax_unclosed.yaml",
     "{file}:9:55: error[E013]: syntax error in expression: expected ')' to close the '(' at column 9 of the "
     "expression, found the end of the expression\n"},
    {"time_in_state_outside_state.yaml",
     "{file}:11:52: error[E017]: 'time_in_state' reads the state node 'mix' runs in, but it runs in none: it "
     "is used outside every state, or shared by states that no one state encloses\n"},
    {"transition_to_unknown_state.json",
     "{file}:40:17: error[E008]: undefined state 'wakl' for 'to' of 'transitions'[0] of state machine "
     "'loco'; did you mean 'walk'?\n"},
    {"undefined_bone.yaml",
     "{file}:10:50: error[E006]: unknown bone 'hnd_l' in 'bone' of node 'lift': skeleton 'humanoid' has no "
     "such bone; did you mean 'hand_l'?\n"},
    {"undefined_clip.yaml", "{file}:9:28: error[E005]: undefined clip 'wlak'; did you mean 'walk'?\n"},
    {"undefined_initial_state.yaml",
     "{file}:13:14: error[E008]: undefined state 'idel' for 'initial' of state machine 'loco'; did you mean "
     "'idle'?\n"},
    {"undefined_mask.json",
     "{file}:41:15: error[E007]: undefined mask 'upper_bdy' for 'mask' of node 'mix'; did you mean "
     "'upper_body'?\n"},
    {"undefined_node.yaml",
     "{file}:10:16: error[E003]: undefined node 'idel' for 'output'; did you mean 'idle'?\n"},
    {"undefined_parameter.yaml",
     "{file}:9:41: error[E004]: unknown parameter 'sped'; did you mean 'speed'?\n"},
    {"undefined_parameter_in_condition.json", "{file}:41:25: error[E004]: unknown parameter 'is_moving'\n"},
    {"undefined_snapshot.yaml",
     "{file}:11:39: error[E018]: undefined snapshot 'landnig': no save_snapshot node saves it; did you mean "
     "'landing'?\n"},
    {"unexpected_character.yaml",
     "{file}:9:47: error[E013]: syntax error in expression: unexpected character '#'\n"},
    {"unknown_blend_mode.json",
     "{file}:42:20: error[E023]: unknown option 'dead' for 'blend' of 'transitions'[0] of state machine "
     "'loco'; expected one of: inertialize dead_blend crossfade\n"},
    {"unknown_field.json",
     "{file}:25:7: error[E103]: unknown field 'rat' in node 'idle'; did you mean 'rate'?\n"},
    {"unknown_function.yaml", "{file}:9:45: error[E014]: unknown function 'sine'; did you mean 'sin'?\n"},
    {"unknown_kind.yaml",
     "{file}:10:15: error[E001]: unknown node kind 'blnd' for node 'mix'; did you mean 'blend'?\n"},
    {"unknown_option.yaml",
     "{file}:10:62: error[E023]: unknown option 'world' for 'space' of node 'nod'; expected one of: local "
     "component\n"},
    {"unknown_parameter_type.yaml",
     "{file}:5:18: error[E023]: unknown option 'double' for 'type' of parameter 'weight'; expected one of: "
     "float bool int trigger vec3\n"},
    {"unknown_top_level_field.yaml",
     "{file}:8:1: error[E103]: unknown field 'node' in the graph; did you mean 'nodes'?\n"
     "{file}:1:1: error[E101]: missing required field 'nodes' in the graph\n"},
    {"vec3_given_float.json",
     "{file}:30:17: error[E016]: 'target' of node 'look' must be a vec3, found float\n"},
    {"vec3_wrong_length.yaml",
     "{file}:10:66: error[E105]: expected 3 values (x, y, z) for 'offset' of node 'lift', found 2\n"},
    {"wrong_argument_count.json", "{file}:25:16: error[E015]: 'clamp' takes 3 arguments, found 2\n"},
    {"wrong_format.json", "{file}:2:13: error[E104]: expected format 'animtc.graph', found 'animtc.clip'\n"},
    {"yaml_tag_expression.yaml",
     "{file}:17:20: error[E013]: syntax error in expression: empty expression (in YAML, quote expressions "
     "that "
     "start with '!', '&' or '*')\n"},
};

// Graphs that compile, with one warning (a lint: compiler/graph/graph_lints.h).
struct WarningCase {
  const char* file;
  const char* code;
  const char* expected;
};
constexpr WarningCase kWarnings[] = {
    {"unreachable_state.yaml", "W001",
     "{file}:13:38: warning[W001]: state 'stuck' of 'loco' is unreachable: no transition path leads to it "
     "from the initial state 'idle'\n"},
    {"unused_node.json", "W002",
     "{file}:14:5: warning[W002]: node 'walk' is never used: the output does not depend on it\n"},
    {"unused_parameter.yaml", "W003",
     "{file}:7:3: warning[W003]: parameter 'lean' is never read: no expression or condition uses it\n"},
    {"unused_mask.yaml", "W004",
     "{file}:7:3: warning[W004]: mask 'legs' is never used: no masked blend names it\n"},
    {"unused_clip.yaml", "W005",
     "{file}:7:3: warning[W005]: clip 'jump' is never played: no clip node names it\n"},
    {"unused_event.yaml", "W006",
     "{file}:7:3: warning[W006]: event 'footstep_scuff' is never fired: no clip, state or transition names "
     "it\n"},
    {"dead_end_state.yaml", "W007",
     "{file}:14:46: warning[W007]: state 'walk' of 'loco' has no way out: no transition leaves it (list it "
     "in "
     "the machine's 'final' if it is meant to end the machine)\n"},
    {"shadowed_transition.yaml", "W008",
     "{file}:14:9: warning[W008]: transition idle -> walk of 'loco' never fires: the transition on line 13 "
     "(idle -> walk) is tried before it from the same state and is always true\n"},
    {"constant_condition.yaml", "W009",
     "{file}:15:43: warning[W009]: the condition of transition walk -> idle of 'loco' is always false: it "
     "never "
     "fires (given the parameters' ranges)\n"},
    {"sample_outside_range.yaml", "W010",
     "{file}:14:20: warning[W010]: a sample of 'gait' sits at axis = 6, outside [0, 4], the range its 'axis' "
     "can take: the blend space never reaches it\n"},
};

TEST_CASE("Each bad graph gives exactly its diagnostics and no graph") {
  for (const BadCase& c : kErrors) {
    DYNAMIC_SECTION(c.file) {
      const std::string path = BadDir() + c.file;
      DiagnosticSink sink;
      CHECK_FALSE(LoadGraph(path, sink).has_value());
      CHECK(FormatText(sink) == Expand(c.expected, path));
    }
  }
}

TEST_CASE("A graph with only a warning compiles, and -Wno-CODE, -Werror=CODE and -Werror act on it") {
  for (const WarningCase& c : kWarnings) {
    DYNAMIC_SECTION(c.file) {
      const std::string path = BadDir() + c.file;
      DiagnosticSink sink;
      CHECK(LoadGraph(path, sink).has_value());
      CHECK(FormatText(sink) == Expand(c.expected, path));
      CHECK(sink.warning_count() == 1);
      CHECK(FormatText(sink, false).empty());  // -q
      DiagnosticSink quiet;                    // -Wno-CODE drops it, and only it
      quiet.DisableWarning(c.code);
      quiet.DisableWarning(std::string(c.code) == "W001" ? "W002" : "W001");
      CHECK(LoadGraph(path, quiet).has_value());
      CHECK(quiet.diagnostics().empty());
      DiagnosticSink other;  // another code's -Wno leaves it
      other.DisableWarning("W999");
      LoadGraph(path, other);
      CHECK(other.warning_count() == 1);
      DiagnosticSink promoted;  // -Werror=CODE: the same diagnostic, as an error
      promoted.PromoteWarning(c.code);
      CHECK_FALSE(LoadGraph(path, promoted).has_value());
      REQUIRE(promoted.error_count() == 1);
      CHECK(promoted.diagnostics()[0].code == c.code);
      DiagnosticSink strict;
      strict.set_warnings_as_errors(true);
      LoadGraph(path, strict);
      CHECK(strict.has_errors());
    }
  }
}

TEST_CASE("Lints stay quiet where ranges say nothing: an unbounded product, an unused node's state value") {
  const std::string header =
      "format: animtc.graph\nversion: 1\nskeleton: ../../../samples/humanoid/skeleton.yaml\n"
      "clips: {idle: ../../../samples/humanoid/idle.json, walk: ../../../samples/humanoid/walk_fwd.json}\n";
  DiagnosticSink sink;
  // time_in_state has no upper bound: 0 * inf must not make the condition look constant (W009).
  CHECK(ParseGraph(
            header + R"G(parameters: {speed: {type: float, min: 0, max: 8}, w: {type: float, min: 0, max: 1}}
nodes:
  loco:
    kind: state_machine
    initial: still
    states: {still: {kind: clip, clip: idle}, moving: {kind: clip, clip: walk}}
    transitions:
      - {from: still, to: moving, condition: "min(1, (speed - time_in_state) * w) >= 1"}
      - {from: moving, to: still, condition: "speed < 1"}
output: {pose: loco}
)G",
            "g.yaml", BadDir(), sink)
            .has_value());
  CHECK(sink.diagnostics().empty());
  // A node nothing uses may read state values: it only gets W002.
  DiagnosticSink unused;
  CHECK(ParseGraph(header + R"G(nodes:
  idle: {kind: clip, clip: idle}
  orphan: {kind: blend, a: idle, b: {kind: clip, clip: walk}, alpha: "clamp(time_in_state, 0, 1)"}
output: {pose: idle}
)G",
                   "g.yaml", BadDir(), unused)
            .has_value());
  REQUIRE(unused.diagnostics().size() == 1);
  CHECK(unused.diagnostics()[0].code == "W002");
}

TEST_CASE("A final state may have no way out") {
  const std::string path = BadDir() + "dead_end_state.yaml";
  DiagnosticSink sink;
  REQUIRE(LoadGraph(path, sink).has_value());
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].message.starts_with("state 'walk'"));  // 'down' is final
}

TEST_CASE("No warning is printed with errors: a cycle's nodes are not also reported unused") {
  DiagnosticSink sink;
  sink.Warning("W003", {"g.yaml", 3, 3}, "parameter 'speed' is never read");
  CHECK(FormatText(sink) == "g.yaml:3:3: warning[W003]: parameter 'speed' is never read\n");
  sink.Error("E009", {"g.yaml", 9, 3}, "cycle");
  CHECK(FormatText(sink) == "g.yaml:9:3: error[E009]: cycle\n");
  CHECK(FormatJson(sink).find("W003") == std::string::npos);
}

TEST_CASE("Every problem in a graph is reported in one run, not only the first") {
  const std::string path = BadDir() + "many_errors.yaml";
  DiagnosticSink sink;
  CHECK_FALSE(LoadGraph(path, sink).has_value());
  CHECK(sink.error_count() == 8);
  CHECK(FormatText(sink) ==
        Expand(
            "{file}:9:28: error[E005]: undefined clip 'idel'; did you mean 'idle'?\n"
            "{file}:9:48: error[E013]: syntax error in expression: expected a value, found the end of the "
            "expression\n"
            "{file}:10:34: error[E103]: unknown field 'lop' in node 'walk'; did you mean 'loop'?\n"
            "{file}:11:34: error[E003]: undefined node 'wlak' for 'b' of node 'mix'; did you mean 'walk'?\n"
            "{file}:11:48: error[E015]: 'max' takes 2 arguments, found 1\n"
            "{file}:12:62: error[E016]: argument 3 of 'vec3' must be a number, found bool\n"
            "{file}:12:85: error[E012]: 'max_angle' of node 'ik' must be between 0 and 180 degrees, found "
            "270\n"
            "{file}:13:31: error[E006]: unknown bone 'rooot' in 'root_bone' of 'output': skeleton 'humanoid' "
            "has no such bone; did you mean 'root'?\n",
            path));
}

TEST_CASE("Every graph in the bad corpus is listed with its expected diagnostics") {
  std::set<std::string> listed{"many_errors.yaml"};
  for (const BadCase& c : kErrors)
    listed.insert(c.file);
  for (const WarningCase& c : kWarnings)
    listed.insert(c.file);
  int graphs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(BadDir())) {
    if (!entry.is_regular_file()) continue;
    ++graphs;
    CHECK(listed.count(entry.path().filename().string()) == 1);
  }
  CHECK(graphs == static_cast<int>(listed.size()));
  CHECK(graphs >= 40);
}

}  // namespace
}  // namespace anim
