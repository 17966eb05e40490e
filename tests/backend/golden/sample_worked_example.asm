; animbc version 8, skeleton hash 0x88cfc782ca8927a0, graph hash 0xa1dedde7e4e6ae3e
; 128 code words, 32 debug entries, 9 scalar registers, 5 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; locomotion (line 30:44)
  0004  load_const     s1, const 0.5                                     ; locomotion (line 30:52)
  0007  gt             s2, s0, s1                                        ; locomotion (line 30:50)
  0011  load_const     s1, const 0.3                                     ; locomotion.states.walk (line 26:101)
  0014  lt             s3, s0, s1                                        ; locomotion (line 31:50)
  0018  load_const     s4, const 2.5                                     ; locomotion (line 32:51)
  0021  gt             s5, s0, s4                                        ; locomotion (line 32:49)
  0025  load_const     s4, const 2                                       ; locomotion (line 33:51)
  0028  lt             s6, s0, s4                                        ; locomotion (line 33:49)
  0032  load_param     s0, param 'jump', component x                     ; locomotion (line 34:43)
  0036  state_progress s4, machine 'locomotion'                          ; locomotion (line 35:43)
  0039  load_const     s7, const 1                                       ; locomotion.states.idle (line 25:13)
  0042  ge             s8, s4, s7                                        ; locomotion (line 35:58)
  0046  and            s4, s8, s5                                        ; locomotion (line 35:63)
  0050  machine_update machine 'locomotion'                              ; locomotion (line 21:3)
  0052  sample_clip    p0, clip 'idle' via clock 0, s7                   ; locomotion.states.idle (line 25:13)
  0056  sample_clip    p1, clip 'walk_fwd' via clock 1, s7               ; locomotion.states.walk.a (line 26:30)
  0060  sample_clip    p2, clip 'walk_back' via clock 2, s7              ; locomotion.states.walk.b (line 26:63)
  0064  blend          p3, p1, p2, s1                                    ; locomotion.states.walk (line 26:13)
  0069  sample_clip    p1, clip 'run_fwd' via clock 3, s7                ; locomotion.states.run.a (line 27:29)
  0073  sample_clip    p2, clip 'run_back' via clock 4, s7               ; locomotion.states.run.b (line 27:61)
  0077  blend          p4, p1, p2, s1                                    ; locomotion.states.run (line 27:12)
  0082  sample_clip    p1, clip 'jump' via clock 5, s7                   ; locomotion.states.jump (line 28:13)
  0086  machine_record p2, machine 'locomotion'                          ; locomotion (line 21:3)
  0089  sample_clip    p0, clip 'aim_pose~additive' via clock 6, s7      ; aim_layer (line 37:3)
  0093  load_param     s0, param 'aim', component x                      ; aimed (line 38:79)
  0097  apply_additive p1, p2, p0, s0                                    ; aimed (line 38:3)
  0102  load_const     s0, const 0                                       ; planted (line 45:20)
  0105  load_const     s1, const 0                                       ; planted (line 40:5)
  0108  load_const     s2, const 1                                       ; planted (line 40:5)
  0111  foot_ik        p0, p1, bone 'thigh_l', bone 'calf_l', bone 'foot_l', s0, s1, s2, s1, const 0.08, const 0.03, s7 ; planted (line 39:3)
  0124  output         p0, lock_root 0, bone none                        ; planted (line 39:3)
constants:
  0  0.5
  1  0.3
  2  2.5
  3  2
  4  1
  5  0
  6  0.08
  7  0.03
parameters:
  0  'speed' float default 0 range [0, 6]
  1  'jump' trigger default 0
  2  'aim' float default 1 range [0, 1]
clips:
  0  'idle'
  1  'walk_fwd'
  2  'walk_back'
  3  'run_fwd'
  4  'run_back'
  5  'jump'
  6  'aim_pose'
baked clips:
  7  'aim_pose~additive': additive of clip 'aim_pose' against the bind pose, 5 frames at 30 Hz, once, 42 channels, 2 curves, inputs 0x6f90471eb3285cae
clocks:
  0  clip 'idle', loop, start 0, root motion ignore 'root', in machine 'locomotion' state 'idle'
  1  clip 'walk_fwd', loop, start 0, root motion ignore 'root', in machine 'locomotion' state 'walk'
  2  clip 'walk_back', loop, start 0, root motion ignore 'root', in machine 'locomotion' state 'walk'
  3  clip 'run_fwd', loop, start 0, root motion ignore 'root', in machine 'locomotion' state 'run'
  4  clip 'run_back', loop, start 0, root motion ignore 'root', in machine 'locomotion' state 'run'
  5  clip 'jump', once, start 0, root motion ignore 'root', in machine 'locomotion' state 'jump'
  6  clip 'aim_pose~additive', once, start 0, in root
scopes:
  0  root
  1  machine 'locomotion' state 'idle'
  2  machine 'locomotion' state 'walk'
  3  machine 'locomotion' state 'run'
  4  machine 'locomotion' state 'jump'
machines:
  0  'locomotion' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'walk': pose p3, scope 2, progress clock 1
      state 2 'run': pose p4, scope 3, progress clock 3
      state 3 'jump': pose p1, scope 4, progress clock 5
      transition 0: 'idle' -> 'walk' when s2, 0.25s inertialize
      transition 1: 'walk' -> 'idle' when s3, 0.3s inertialize
      transition 2: 'walk' -> 'run' when s5, 0.2s inertialize
      transition 3: 'run' -> 'walk' when s6, 0.25s inertialize
      transition 4: any -> 'jump' when s0, 0.15s dead_blend half_life 0.08, consumes 'jump'
      transition 5: 'jump' -> 'run' when s4, 0.2s inertialize
      transition 6: 'jump' -> 'idle' when s8, 0.3s inertialize
masks:
curves:
  0  'foot_plant_l'
  1  'foot_plant_r'
bones:
  0  'thigh_l' (skeleton bone 15)
  1  'calf_l' (skeleton bone 16)
  2  'foot_l' (skeleton bone 17)
  3  'root' (skeleton bone 0)
snapshots:
blend spaces:
events: threshold 0
