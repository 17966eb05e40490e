// example_engine [GRAPH_DIR]: what an engine does with animtc, using only the installed package
// (animtc::executor and animtc::vm; the graphs compiled at build time by anim_add_graphs).
//
// Two characters share one skeleton and its clips, built in code (character.h). Each loads its
// compiled program (GRAPH_DIR/locomotion.animbc, GRAPH_DIR/greet.animbc), verifies and binds it,
// then plays 300 frames at 30 Hz of a parameter timeline: per frame BuildTasks records the task
// list and ExecuteTaskList runs it into skinning matrices. It prints, per character, the root's
// path (its model-space position every 25 frames, with one more bone's and the state machine's
// state) and a checksum of all skinning matrices. Exit 0 on success, 1 when a program cannot be read,
// verified or bound.
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "character.h"
#include "executor/math/mat4.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/execute_task_list.h"
#include "vm/build_tasks.h"
#include "vm/bytecode/program_loader.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

#ifndef EXAMPLE_GRAPH_DIR
#define EXAMPLE_GRAPH_DIR "graphs"
#endif

namespace {

constexpr int kFrames = 300;
constexpr float kDeltaTime = 1.0f / 30.0f;
constexpr int kPrintEvery = 25;

// A parameter's value over the frames: linear between (frame, value) keys, held outside them.
struct Key {
  int frame;
  float value;
};
float Timeline(std::span<const Key> keys, int frame) {
  if (frame <= keys.front().frame) return keys.front().value;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (frame <= keys[i].frame) {
      const float t = static_cast<float>(frame - keys[i - 1].frame) /
                      static_cast<float>(keys[i].frame - keys[i - 1].frame);
      return keys[i - 1].value + (keys[i].value - keys[i - 1].value) * t;
    }
  }
  return keys.back().value;
}

// Stand still, walk, run, slow down, stop.
constexpr Key kSpeed[] = {{0, 0.0f},   {30, 0.0f},  {90, 1.5f}, {180, 1.5f},
                          {210, 3.0f}, {240, 3.0f}, {270, 0.0f}};
// Raise the arm and wave for a few seconds, while looking from left to right.
constexpr Key kGreet[] = {{0, 0.0f}, {60, 0.0f}, {90, 1.0f}, {200, 1.0f}, {230, 0.0f}};
constexpr Key kLookX[] = {{0, -1.0f}, {299, 1.0f}};

struct Character {
  const char* graph;  // GRAPH_DIR/<graph>.animbc
  const char* watch;  // a bone whose model-space position is printed beside the root's
  // Sets this frame's parameters; `position` is where the engine has moved the character. False
  // when the program lacks a parameter the engine sets (a graph out of step with the engine).
  bool (*apply)(anim::AnimInstance& instance, int frame, float position[3]);
};

bool ApplyLocomotion(anim::AnimInstance& instance, int frame, float position[3]) {
  const float speed = Timeline(kSpeed, frame);
  position[2] += speed * kDeltaTime;  // the engine moves the character forward at its speed
  return instance.SetFloat("speed", speed) &&
         instance.SetVec3("position", position[0], position[1], position[2]);
}

bool ApplyGreet(anim::AnimInstance& instance, int frame, float* /*position*/) {
  return instance.SetFloat("greet", Timeline(kGreet, frame)) &&
         instance.SetVec3("look", Timeline(kLookX, frame), 1.75f, 2.0f);
}

bool ReadFile(const std::string& path, std::vector<uint8_t>& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

void PrintWarning(void* /*user*/, const char* message) {
  std::fprintf(stderr, "example_engine: warning: %s\n", message);
}

// What prints as zero at four decimals is printed as 0.0000, never -0.0000.
float Printable(float f) {
  return std::fabs(f) < 5e-5f ? 0.0f : f;
}
anim::Vec3 Printable(anim::Vec3 v) {
  return {Printable(v.x), Printable(v.y), Printable(v.z)};
}

// The current state of the program's first state machine, or "-".
const char* StateName(const anim::AnimInstance& instance) {
  const anim::Program& program = instance.program();
  if (program.machines.empty()) return "-";
  return program.machines[0].states[instance.machines[0].current].name.c_str();
}

int Run(const example::Character& assets, const Character& character, const std::string& graph_dir) {
  const std::string path = graph_dir + "/" + character.graph + ".animbc";
  std::vector<uint8_t> bytes;
  if (!ReadFile(path, bytes)) {
    std::fprintf(stderr, "example_engine: error: cannot read '%s'\n", path.c_str());
    return 1;
  }
  const anim::LoadResult loaded = anim::LoadVerifiedProgram(bytes);
  if (!loaded.ok()) {
    std::fprintf(stderr, "example_engine: error: %s: %s\n", path.c_str(), loaded.error.c_str());
    return 1;
  }
  std::vector<const anim::Clip*> clips;
  for (const anim::Clip& clip : assets.clips)
    clips.push_back(&clip);
  const anim::BindResult bound = anim::ProgramBinding::Bind(loaded.program, assets.skeleton, clips);
  if (!bound.binding) {
    std::fprintf(stderr, "example_engine: error: %s does not bind: %s\n", path.c_str(), bound.error.c_str());
    return 1;
  }
  const anim::ProgramBinding& binding = *bound.binding;

  const int watch = assets.skeleton.FindBone(character.watch);
  if (watch < 0) {
    std::fprintf(stderr, "example_engine: error: the skeleton has no bone '%s'\n", character.watch);
    return 1;
  }
  std::printf("%s: bytecode version %" PRIu32 ", %d bones, clips bound: %zu\n", character.graph,
              loaded.program.version, assets.skeleton.bone_count(), loaded.program.clips.size());

  anim::AnimInstance instance(loaded.program);
  instance.set_warning_callback(PrintWarning, nullptr);
  anim::AnimTaskList list;
  const auto bone_count = static_cast<std::size_t>(assets.skeleton.bone_count());
  std::vector<anim::Mat4> skinning(bone_count), model(bone_count);
  float position[3] = {0.0f, 0.0f, 0.0f};
  double checksum = 0.0;  // every element of every skinning matrix of every frame
  for (int frame = 0; frame < kFrames; ++frame) {
    if (!character.apply(instance, frame, position)) {
      std::fprintf(stderr, "example_engine: error: %s lacks a parameter the engine sets\n", path.c_str());
      return 1;
    }
    anim::BuildTasks(binding, instance, kDeltaTime, list);
    anim::ExecuteTaskList(list, anim::ExecuteOutputs{skinning, {}, model, nullptr});
    for (const anim::Mat4& m : skinning) {
      for (const auto& column : m.m) {
        for (float f : column)
          checksum += f;
      }
    }
    if (frame % kPrintEvery == 0 || frame == kFrames - 1) {
      const anim::Vec3 root = Printable(model[0].Translation());
      const anim::Vec3 bone = Printable(model[static_cast<std::size_t>(watch)].Translation());
      std::printf("  frame %3d  root (%.4f, %.4f, %.4f)  %s (%.4f, %.4f, %.4f)  state %s\n", frame, root.x,
                  root.y, root.z, character.watch, bone.x, bone.y, bone.z, StateName(instance));
    }
  }
  std::printf("  skinning checksum %.4f over %d frames\n", checksum, kFrames);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    std::fprintf(stderr, "usage: example_engine [GRAPH_DIR]   (default: %s)\n", EXAMPLE_GRAPH_DIR);
    return 2;
  }
  const std::string graph_dir = argc == 2 ? argv[1] : EXAMPLE_GRAPH_DIR;

  std::string error;
  const std::optional<example::Character> assets = example::BuildCharacter(error);
  if (!assets) {
    std::fprintf(stderr, "example_engine: error: %s\n", error.c_str());
    return 1;
  }
  const Character characters[] = {{"locomotion", "foot_l", ApplyLocomotion},
                                  {"greet", "fingers_r", ApplyGreet}};
  for (const Character& character : characters) {
    if (const int code = Run(*assets, character, graph_dir); code != 0) return code;
  }
  return 0;
}
