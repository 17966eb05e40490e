; animbc version 8, skeleton hash 0x0123456789abcdef, graph hash 0xfedcba9876543210
; 8 code words, 1 debug entries, 8 scalar registers, 3 pose registers
code:
  0000  reference_pose p0
  0002  reference_pose p1
  0004  physics_stage  p2, p1, imm 1                                     ; physics_stage (line 1:1)
constants:
  0  0.5
  1  -2
parameters:
  0  'speed' float default 1 range [0, 4]
  1  'aim' vec3 default (0, 1, 2)
  2  'jump' trigger default 0
  3  'stance' int default 2 range [0, 3]
clips:
  0  'walk'
  1  'run'
baked clips:
  2  'run~additive': additive of clip 'run' against the bind pose, 2 frames at 30 Hz, once, 2 channels, 1 curves, inputs 0x0f1e2d3c4b5a6978
clocks:
  0  clip 'walk', loop, start 0, in machine 'locomotion' state 'idle'
  1  clip 'run~additive', once, start 0.25, in machine 'locomotion' state 'move'
scopes:
  0  root
  1  machine 'locomotion' state 'idle'
  2  machine 'locomotion' state 'move'
machines:
  0  'locomotion' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'move': pose p1, scope 2
      transition 0: 'idle' -> 'move' when s3, 0.2s inertialize, consumes 'jump'
      transition 1: any -> 'idle' when s4, 0.3s dead_blend half_life 0.1, can interrupt
      transition 2: 'move' -> 'idle' when s5, 0.25s crossfade smoothstep
masks:
  0  'upper': 3 weights, 2 non-zero, sum 1.5; curves 'brow_up' 1, 'jaw' 0.5
curves:
  0  'brow_up'
  1  'jaw'
bones:
  0  'hips' (skeleton bone 0)
  1  'spine' (skeleton bone 1)
  2  'hand' (skeleton bone 2)
snapshots:
  0  'before_ik'
blend spaces:
  0  'strafe': samples (0, 0) (1, 0) (1, 1) (0, 1); triangles (0 1 2) (0 2 3)
events: threshold 0.1
  'footstep' at 0.25s of clock 0
  'land' at 0.5s for 0.125s of clock 1, threshold 0.2
  'land' on_fully_blended state 'move' of 'locomotion'
  'footstep' when transition 2 of 'locomotion' fires, threshold 0.5
