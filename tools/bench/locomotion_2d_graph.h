// The 2D-blend-space locomotion graph the VM and executor benchmarks share: a machine whose move
// state is a 2D blend space of seven clips over (strafe, forward) speed, all in one sync group and
// with their root motion extracted, with crossfades in and out of idle and an inertialized jump.
#pragma once

namespace anim::bench {

inline constexpr const char* kLocomotion2DGraph = R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips: {idle: humanoid/idle.json, walk_fwd: humanoid/walk_fwd.json, run_fwd: humanoid/run_fwd.json,
        walk_back: humanoid/walk_back.json, run_back: humanoid/run_back.json, jump: humanoid/jump.json,
        walk_left: humanoid/walk_left.json, walk_right: humanoid/walk_right.json}
parameters:
  vx: {type: float, default: 0, min: -5, max: 5}
  vy: {type: float, default: 0, min: -5, max: 5}
  jump: {type: trigger}
root_motion: extract
nodes:
  move:
    kind: blend_space_2d
    x: vx
    y: vy
    sync: feet
    samples:
      - {position: [0, 0], pose: {kind: clip, clip: idle}}
      - {position: [0, 1.5], pose: {kind: clip, clip: walk_fwd}}
      - {position: [0, 4], pose: {kind: clip, clip: run_fwd}}
      - {position: [0, -1.2], pose: {kind: clip, clip: walk_back}}
      - {position: [0, -3], pose: {kind: clip, clip: run_back}}
      - {position: [-0.6, 0], pose: {kind: clip, clip: walk_right}}
      - {position: [0.6, 0], pose: {kind: clip, clip: walk_left}}
  loco:
    kind: state_machine
    initial: idle
    states:
      idle: {kind: clip, clip: idle}
      move: move
      airborne: {kind: clip, clip: jump, loop: false}
    transitions:
      - {from: idle, to: move, condition: "abs(vx) + abs(vy) > 0.2", duration: 0.25, blend: crossfade, curve: smoothstep}
      - {from: move, to: idle, condition: "abs(vx) + abs(vy) < 0.1", duration: 0.3, blend: crossfade}
      - {from: any, to: airborne, condition: jump, duration: 0.1}
      - {from: airborne, to: move, condition: "state_progress >= 1", duration: 0.2}
output: {pose: loco, root_bone: root}
)";

}  // namespace anim::bench
