; animbc version 5, skeleton hash 0x0123456789abcdef, graph hash 0xfedcba9876543210
; 25 code words, 5 debug entries, 8 scalar registers, 3 pose registers
code:
  0000  reference_pose p0
  0002  reference_pose p1
  0004  select         s0, s1, s2, s3                                    ; select (line 1:1)
  0009  state_time     s4, state 'idle' of 'locomotion'                  ; state_time (line 2:1)
  0012  state_clock_progress s6, state 'idle' of 'locomotion'            ; state_clock_progress (line 3:1)
  0015  damp           s0, s1, s2, smoother 0                            ; damp (line 4:1)
  0020  spring         s4, s5, s6, smoother 1                            ; spring (line 5:1)
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
clocks:
  0  clip 'walk', loop, start 0, in machine 'locomotion' state 'idle'
  1  clip 'run', once, start 0.25, in machine 'locomotion' state 'move'
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
  0  'upper': 3 weights, 2 non-zero, sum 1.5
bones:
  0  'hips' (skeleton bone 0)
  1  'spine' (skeleton bone 1)
  2  'hand' (skeleton bone 2)
snapshots:
  0  'before_ik'
blend spaces:
  0  'strafe': samples (0, 0) (1, 0) (1, 1) (0, 1); triangles (0 1 2) (0 2 3)
