// The bad-input corpus (tests/assets/bad/): each file's exact diagnostics, code, line:col and
// message. "{file}" stands for the path the file was loaded by.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "compiler/assets/asset_loader.h"

namespace anim {
namespace {

struct BadCase {
  const char* file;
  const char* expected;
};

std::string Bad(const std::string& name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/bad/" + name;
}

std::string Expand(std::string text, const std::string& path) {
  for (std::size_t at = text.find("{file}"); at != std::string::npos;
       at = text.find("{file}", at + path.size())) {
    text.replace(at, 6, path);
  }
  return text;
}

Skeleton Rig() {
  DiagnosticSink sink;
  std::optional<Skeleton> skeleton =
      LoadSkeletonFile(std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/rig.skeleton.yaml", sink);
  REQUIRE(skeleton.has_value());
  return std::move(*skeleton);
}

constexpr BadCase kBadSkeletons[] = {
    {"skeleton_missing_name.yaml",
     "{file}:2:1: error[E101]: missing required field 'name' in the skeleton\n"},
    {"skeleton_wrong_type.json",
     "{file}:6:43: error[E102]: expected a number for 'translation'[1], found string 'up'\n"},
    {"skeleton_not_mapping.yaml",
     "{file}:1:1: error[E102]: expected a mapping for the skeleton document, found a sequence of 2 items\n"},
    {"skeleton_integer_fields.yaml",
     "{file}:2:10: error[E102]: expected an integer for 'version', found string '1'\n"
     "{file}:6:11: error[E102]: expected a string for 'name', found number 7 (quote it to make it a string)\n"
     "{file}:4:24: error[E102]: expected an integer for 'low_detail_bone_count', found number 1.5\n"},
    {"skeleton_unknown_field.yaml",
     "{file}:8:5: error[E103]: unknown field 'parnet' in 'bones'[1]; did you mean 'parent'?\n"},
    {"skeleton_wrong_format.json",
     "{file}:2:13: error[E104]: expected format 'animtc.skeleton', found 'animtc.clip'\n"},
    {"skeleton_wrong_version.yaml", "{file}:2:10: error[E104]: unsupported version 2; expected version 1\n"},
    {"skeleton_translation_length.json",
     "{file}:6:39: error[E105]: expected 3 numbers (x, y, z) for 'translation', found 4\n"},
    {"skeleton_empty_bones.yaml",
     "{file}:4:8: error[E105]: expected at least one bone in 'bones', found an empty sequence\n"},
    {"skeleton_non_finite.yaml",
     "{file}:6:22: error[E106]: expected a finite number for 'translation'[1], found .nan\n"},
    {"skeleton_lod_too_large.json",
     "{file}:5:28: error[E106]: 'low_detail_bone_count' 40 is larger than the bone count (3)\n"},
    {"skeleton_non_unit_rotation.json",
     "{file}:7:55: error[E107]: 'rotation' is not a unit quaternion: length 0.70710677 (expected 1 within "
     "0.001)\n"},
    {"skeleton_duplicate_bone.yaml",
     "{file}:8:11: error[E108]: duplicate bone name 'spine'\n"
     "{file}:6:11: note: first defined here\n"},
    {"skeleton_parent_after_child.json",
     "{file}:7:32: error[E109]: parent 'spine' ('bones'[2]) is defined after its child 'head' ('bones'[1]); "
     "bones "
     "must be stored parents first\n"
     "{file}:8:14: note: 'spine' is defined here\n"},
    {"skeleton_self_parent.json", "{file}:2:41: error[E109]: bone 'pelvis' cannot be its own parent\n"},
    {"skeleton_unknown_parent.yaml",
     "{file}:9:13: error[E110]: unknown parent bone 'spien'; did you mean 'spine'?\n"},
    {"skeleton_duplicate_key.json",
     "{file}:6:3: error[E112]: duplicate key 'name'\n"
     "{file}:4:3: note: first defined here\n"},
    {"skeleton_truncated.json",
     "{file}:6:1: error[E100]: not valid JSON or YAML: a sequence is not closed (expected ',' or ']')\n"},
    {"skeleton_empty.yaml", "{file}: error[E100]: the file is empty\n"},
    {"skeleton_garbage.bin",
     "{file}:1:1: error[E100]: not a UTF-8 text file: byte 0x89 is not valid UTF-8\n"},
    {"skeleton_bad_utf8.yaml",
     "{file}:3:38: error[E100]: not a UTF-8 text file: byte 0xFF is not valid UTF-8\n"},
};

constexpr BadCase kBadClips[] = {
    {"clip_bad_markers.yaml",
     "{file}:8:26: error[E106]: expected 'time' of 'markers'[1] within the clip, 0 to 1 s, found 1.5\n"
     "{file}:9:12: error[E106]: expected a non-empty string for 'name'\n"
     "{file}:10:5: error[E101]: missing required field 'name' in 'markers'[3]\n"
     "{file}:11:30: error[E103]: unknown field 'side' in 'markers'[4]; expected one of: name time\n"
     "{file}:11:24: error[E106]: expected 'time' of 'markers'[4] within the clip, 0 to 1 s, found -0.1\n"
     "{file}:12:5: error[E102]: expected a mapping for 'markers'[5], found string 'foot_l'\n"},
    {"clip_missing_sample_rate.json",
     "{file}:1:1: error[E101]: missing required field 'sample_rate' in the clip\n"},
    {"clip_loop_type.yaml",
     "{file}:6:7: error[E102]: expected a boolean (true or false) for 'loop', found string 'yes'\n"},
    {"clip_wrong_length.json",
     "{file}:9:21: error[E105]: expected 3 numbers (constant) or 93 numbers (31 frames x 3) for "
     "'translation', "
     "found 90\n"},
    {"clip_wrong_length.yaml",
     "{file}:8:15: error[E105]: expected 4 numbers (constant) or 8 numbers (2 frames x 4) for 'rotation', "
     "found 7\n"},
    {"clip_negative_sample_rate.yaml",
     "{file}:4:14: error[E106]: expected 'sample_rate' > 0 (frames per second), found -30\n"},
    {"clip_zero_frame_count.json", "{file}:1:91: error[E106]: expected 'frame_count' >= 1, found 0\n"},
    {"clip_infinite.json",
     "{file}:7:52: error[E106]: expected a finite number for 'translation'[1], found 1e999\n"},
    {"clip_huge_frame_count.yaml",
     "{file}:5:14: error[E106]: 'frame_count' 1000000000000 is too large: at most 3355443 frames of 6 bones "
     "fit "
     "the 1024 MiB key-data limit\n"},
    {"clip_non_unit_frame.yaml",
     "{file}:17:9: error[E107]: 'rotation' of frame 2 is not a unit quaternion: length 1.2 (expected 1 "
     "within "
     "0.001)\n"},
    {"clip_two_tracks.yaml",
     "{file}:10:11: error[E108]: two tracks for bone 'head'\n"
     "{file}:7:11: note: first track for 'head' here\n"},
    {"clip_unknown_bone.json",
     "{file}:7:23: error[E110]: unknown bone 'haed': skeleton 'biped' has no such bone; did you mean "
     "'head'?\n"},
    {"clip_other_skeleton.json",
     "{file}:5:15: error[E111]: clip is made for skeleton 'quadruped', but is being loaded for skeleton "
     "'biped'\n"},
    {"clip_two_documents.yaml", "{file}:7:1: error[E100]: expected one document, found a second one\n"},
    {"clip_bad_encoding.yaml",
     "{file}:6:11: error[E106]: expected 'encoding' dense or compressed, found zipped\n"
     "{file}:7:12: error[E106]: expected 'precision' > 0 (the largest error allowed, in the skeleton's "
     "units), "
     "found -0.5\n"
     "{file}:11:25: error[E106]: expected a channel in 'step' (translation, rotation or scale), found "
     "position\n"},
    {"clip_bad_curves.yaml",
     "{file}:7:29: error[E105]: expected 1 number (constant) or 3 numbers (one per frame) for 'values' of "
     "'curves'[0], found 2\n"
     "{file}:8:12: error[E108]: two curves named 'brow_up'\n"
     "{file}:7:12: note: first curve named 'brow_up' here\n"
     "{file}:9:12: error[E108]: two curves named 'brow_up'\n"
     "{file}:7:12: note: first curve named 'brow_up' here\n"
     "{file}:10:12: error[E106]: expected a non-empty string for 'name'\n"
     "{file}:11:29: error[E106]: expected a finite number for 'values'[1], found .nan\n"
     "{file}:12:32: error[E103]: unknown field 'stpe' in 'curves'[5]; did you mean 'step'?\n"
     "{file}:13:5: error[E101]: missing required field 'name' in 'curves'[6]\n"
     "{file}:14:5: error[E101]: missing required field 'values' in 'curves'[7]\n"
     "{file}:15:38: error[E102]: expected a boolean (true or false) for 'step', found string 'yes'\n"
     "{file}:16:5: error[E102]: expected a mapping for 'curves'[9], found string 'smile'\n"
     "{file}:17:27: error[E105]: expected 1 number (constant) or 3 numbers (one per frame) for 'values' of "
     "'curves'[10], found 0\n"},
    {"clip_curves_too_large.yaml",
     "{file}:7:3: error[E106]: too many curves for 3273603 frames: 3, and at most 2 fit the 1024 MiB "
     "key-data limit beside the keys of 6 bones\n"},
};

TEST_CASE("Each bad skeleton file gives exactly its diagnostics and no skeleton") {
  for (const BadCase& c : kBadSkeletons) {
    DYNAMIC_SECTION(c.file) {
      const std::string path = Bad(c.file);
      DiagnosticSink sink;
      CHECK_FALSE(LoadSkeletonFile(path, sink).has_value());
      CHECK(FormatText(sink) == Expand(c.expected, path));
    }
  }
}

TEST_CASE("Each bad clip file gives exactly its diagnostics and no clip") {
  const Skeleton rig = Rig();
  for (const BadCase& c : kBadClips) {
    DYNAMIC_SECTION(c.file) {
      const std::string path = Bad(c.file);
      DiagnosticSink sink;
      CHECK_FALSE(LoadClipFile(path, rig, sink).has_value());
      CHECK(FormatText(sink) == Expand(c.expected, path));
    }
  }
}

TEST_CASE("Every problem in a skeleton file is reported, not only the first") {
  const std::string path = Bad("skeleton_many_errors.yaml");
  DiagnosticSink sink;
  CHECK_FALSE(LoadSkeletonFile(path, sink).has_value());
  CHECK(sink.error_count() == 9);
  CHECK(FormatText(sink) ==
        Expand("{file}:4:1: error[E103]: unknown field 'nmae' in the skeleton; did you mean 'name'?\n"
               "{file}:2:1: error[E101]: missing required field 'name' in the skeleton\n"
               "{file}:8:18: error[E105]: expected 3 numbers (x, y, z) for 'translation', found 2\n"
               "{file}:11:15: error[E107]: 'rotation' is not a unit quaternion: length 3 (expected 1 within "
               "0.001)\n"
               "{file}:12:11: error[E108]: duplicate bone name 'spine'\n"
               "{file}:9:11: note: first defined here\n"
               "{file}:13:13: error[E110]: unknown parent bone 'chest'\n"
               "{file}:15:13: error[E109]: parent 'neck' ('bones'[4]) is defined after its child 'head' "
               "('bones'[3]); bones must be stored parents first\n"
               "{file}:17:11: note: 'neck' is defined here\n"
               "{file}:16:16: error[E102]: expected a number for 'scale'[1], found string 'one'\n"
               "{file}:5:24: error[E106]: 'low_detail_bone_count' 9 is larger than the bone count (5)\n",
               path));
}

TEST_CASE("Every problem in a clip file is reported, not only the first") {
  const Skeleton rig = Rig();
  const std::string path = Bad("clip_many_errors.json");
  DiagnosticSink sink;
  CHECK_FALSE(LoadClipFile(path, rig, sink).has_value());
  CHECK(sink.error_count() == 9);
  CHECK(FormatText(sink) ==
        Expand(
            "{file}:8:3: error[E103]: unknown field 'looping' in the clip; did you mean 'loop'?\n"
            "{file}:4:11: error[E106]: expected a non-empty string for 'name'\n"
            "{file}:6:18: error[E102]: expected a number for 'sample_rate', found string '30'\n"
            "{file}:10:39: error[E105]: expected 3 numbers (constant) or 6 numbers (2 frames x 3) for "
            "'translation', found 5\n"
            "{file}:11:14: error[E110]: unknown bone 'Head': skeleton 'biped' has no such bone; did you mean "
            "'head'?\n"
            "{file}:11:47: error[E107]: 'rotation' of frame 1 is not a unit quaternion: length 0 (expected 1 "
            "within 0.001)\n"
            "{file}:12:5: error[E102]: expected a mapping for 'tracks'[2], found string 'spine'\n"
            "{file}:13:14: error[E108]: two tracks for bone 'pelvis'\n"
            "{file}:10:14: note: first track for 'pelvis' here\n"
            "{file}:13:40: error[E102]: expected a number for 'scale'[2], found null\n",
            path));
}

TEST_CASE("A directory or a missing file is E100 naming the path") {
  const Skeleton rig = Rig();
  const std::string directory = Bad("");
  const std::string missing = Bad("no_such_file.yaml");
  REQUIRE(std::filesystem::is_directory(directory));
  REQUIRE_FALSE(std::filesystem::exists(missing));
  DiagnosticSink sink;
  CHECK_FALSE(LoadSkeletonFile(directory, sink).has_value());
  CHECK_FALSE(LoadClipFile(missing, rig, sink).has_value());
  CHECK(FormatText(sink) == directory + ": error[E100]: cannot read the file: it is a directory\n" + missing +
                                ": error[E100]: cannot read the file: it does not exist\n");
}

TEST_CASE("A document of the other kind is refused by its format alone") {
  const Skeleton rig = Rig();
  const std::string clip_path = std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/walk.clip.yaml";
  const std::string skeleton_path = std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/rig.skeleton.json";
  DiagnosticSink sink;
  CHECK_FALSE(LoadSkeletonFile(clip_path, sink).has_value());
  CHECK_FALSE(LoadClipFile(skeleton_path, rig, sink).has_value());
  CHECK(FormatText(sink) ==
        clip_path + ":2:9: error[E104]: expected format 'animtc.skeleton', found 'animtc.clip'\n" +
            skeleton_path + ":2:13: error[E104]: expected format 'animtc.clip', found 'animtc.skeleton'\n");
}

TEST_CASE("The JSON form of the diagnostics carries the same codes and places") {
  const std::string path = Bad("skeleton_duplicate_bone.yaml");
  DiagnosticSink sink;
  CHECK_FALSE(LoadSkeletonFile(path, sink).has_value());
  const nlohmann::json json = nlohmann::json::parse(FormatJson(sink));
  REQUIRE(json.size() == 1);
  CHECK(json[0]["code"] == "E108");
  CHECK(json[0]["file"] == path);
  CHECK(json[0]["line"] == 8);
  CHECK(json[0]["column"] == 11);
  REQUIRE(json[0]["notes"].size() == 1);
  CHECK(json[0]["notes"][0]["line"] == 6);
}

}  // namespace
}  // namespace anim
