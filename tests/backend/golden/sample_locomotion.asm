; animbc version 5, skeleton hash 0x88cfc782ca8927a0, graph hash 0x37ba92d6d09aa0fa
; 336 code words, 81 debug entries, 11 scalar registers, 5 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; forward.samples[1] (line 30:73)
  0004  load_const     s1, const 0.2                                     ; locomotion (line 49:55)
  0007  gt             s2, s0, s1                                        ; locomotion (line 49:53)
  0011  load_const     s3, const -0.2                                    ; locomotion (line 50:56)
  0014  lt             s4, s0, s3                                        ; locomotion (line 50:54)
  0018  load_const     s5, const -0.5                                    ; locomotion (line 51:59)
  0021  lt             s6, s0, s5                                        ; locomotion (line 51:57)
  0025  load_const     s5, const 0.5                                     ; locomotion (line 51:60)
  0028  gt             s7, s0, s5                                        ; locomotion (line 52:57)
  0032  le             s5, s0, s1                                        ; locomotion (line 53:53)
  0036  time_in_state  s1, machine 'locomotion'                          ; locomotion (line 53:63)
  0039  load_const     s8, const 0.3                                     ; locomotion (line 53:79)
  0042  gt             s9, s1, s8                                        ; locomotion (line 53:77)
  0046  and            s1, s5, s9                                        ; locomotion (line 53:60)
  0050  ge             s5, s0, s3                                        ; locomotion (line 54:54)
  0054  and            s3, s5, s9                                        ; locomotion (line 54:62)
  0058  load_param     s5, param 'jump', component x                     ; locomotion (line 55:47)
  0062  state_progress s8, machine 'locomotion'                          ; locomotion (line 56:51)
  0065  load_const     s9, const 1                                       ; idle_clip (line 39:14)
  0068  ge             s10, s8, s9                                       ; locomotion (line 56:66)
  0072  and            s8, s10, s2                                       ; locomotion (line 56:71)
  0076  machine_update machine 'locomotion'                              ; locomotion (line 40:3)
  0078  sample_clip    p0, clip 'idle' via clock 0, s9                   ; idle_clip (line 39:3)
  0082  load_const     s1, const 1.5                                     ; forward.samples[1] (line 30:81)
  0085  div            s2, s0, s1                                        ; forward.samples[1] (line 30:79)
  0089  load_const     s3, const 0.6                                     ; forward.samples[1] (line 30:86)
  0092  load_const     s4, const 1.4                                     ; forward.samples[1] (line 30:91)
  0095  clamp          s5, s2, s3, s4                                    ; forward.samples[1] (line 30:67)
  0100  sample_clip    p1, clip 'walk_fwd' via clock 1, s5               ; forward.samples[1] (line 30:31)
  0104  load_const     s2, const 0                                       ; forward (line 25:3)
  0107  sub            s4, s0, s2                                        ; forward (line 25:3)
  0111  div            s5, s4, s1                                        ; forward (line 25:3)
  0115  clamp          s4, s5, s2, s9                                    ; forward (line 25:3)
  0120  blend          p2, p0, p1, s4                                    ; forward (line 25:3)
  0125  load_const     s4, const 4                                       ; forward.samples[2] (line 31:78)
  0128  div            s5, s0, s4                                        ; forward.samples[2] (line 31:76)
  0132  load_const     s4, const 0.8                                     ; forward.samples[2] (line 31:81)
  0135  load_const     s6, const 1.3                                     ; forward.samples[2] (line 31:86)
  0138  clamp          s7, s5, s4, s6                                    ; forward.samples[2] (line 31:64)
  0143  sample_clip    p1, clip 'run_fwd' via clock 2, s7                ; forward.samples[2] (line 31:29)
  0147  sub            s5, s0, s1                                        ; forward (line 25:3)
  0151  load_const     s1, const 2.5                                     ; forward (line 25:3)
  0154  div            s6, s5, s1                                        ; forward (line 25:3)
  0158  clamp          s1, s6, s2, s9                                    ; forward (line 25:3)
  0163  blend          p3, p2, p1, s1                                    ; forward (line 25:3)
  0168  sample_clip    p1, clip 'walk_back' via clock 3, s9              ; backward.samples[1] (line 37:31)
  0172  neg            s1, s0                                            ; backward (line 34:12)
  0175  sub            s0, s1, s2                                        ; backward (line 32:3)
  0179  load_const     s5, const 1.2                                     ; backward (line 32:3)
  0182  div            s6, s0, s5                                        ; backward (line 32:3)
  0186  clamp          s0, s6, s2, s9                                    ; backward (line 32:3)
  0191  blend          p2, p0, p1, s0                                    ; backward (line 32:3)
  0196  sample_clip    p1, clip 'run_back' via clock 4, s9               ; backward.samples[2] (line 38:29)
  0200  sub            s0, s1, s5                                        ; backward (line 32:3)
  0204  load_const     s1, const 1.8                                     ; backward (line 32:3)
  0207  div            s5, s0, s1                                        ; backward (line 32:3)
  0211  clamp          s0, s5, s2, s9                                    ; backward (line 32:3)
  0216  blend          p4, p2, p1, s0                                    ; backward (line 32:3)
  0221  sample_clip    p1, clip 'jump' via clock 5, s9                   ; locomotion.states.airborne (line 47:17)
  0225  machine_record p2, machine 'locomotion'                          ; locomotion (line 40:3)
  0228  save_snapshot  p1, p2, snapshot 'previous_frame'                 ; saved_pose (line 58:3)
  0232  load_snapshot  p2, snapshot 'previous_frame'                     ; upper_layer.b (line 62:8)
  0235  load_param     s0, param 'aim_weight', component x               ; upper_layer (line 64:19)
  0239  mul            s1, s3, s0                                        ; upper_layer (line 64:17)
  0243  blend_masked   p3, p1, p2, mask 'upper_body', s1                 ; upper_layer (line 59:3)
  0249  sample_clip    p1, clip 'aim_pose' via clock 6, s9               ; aim_delta.pose (line 65:42)
  0253  make_additive  p2, p1, p0, mesh                                  ; aim_delta (line 65:3)
  0258  apply_additive p0, p3, p2, s0                                    ; aimed (line 66:3)
  0263  load_param     s0, param 'look_target', component x              ; looking (line 67:61)
  0267  load_param     s1, param 'look_target', component y              ; looking (line 67:61)
  0271  load_param     s2, param 'look_target', component z              ; looking (line 67:61)
  0275  load_const     s3, const 0                                       ; looking (line 67:80)
  0278  load_const     s5, const 1                                       ; looking (line 67:80)
  0281  load_const     s6, const 1.2217305                               ; looking (line 67:3)
  0284  look_at        p1, p0, bone 'head', s0, s1, s2, s3, s3, s5, s6, s4 ; looking (line 67:3)
  0296  load_param     s0, param 'ground', component x                   ; left_foot (line 74:20)
  0300  load_const     s1, const 0                                       ; left_foot (line 69:5)
  0303  load_const     s2, const 1                                       ; left_foot (line 69:5)
  0306  foot_ik        p0, p1, bone 'thigh_l', bone 'calf_l', bone 'foot_l', s0, s1, s2, s1, const 0.08, const 0.04, s9 ; left_foot (line 68:3)
  0319  foot_ik        p1, p0, bone 'thigh_r', bone 'calf_r', bone 'foot_r', s0, s1, s2, s1, const 0.08, const 0.04, s9 ; right_foot (line 77:3)
  0332  output         p1, lock_root 1, bone 'root'                      ; right_foot (line 77:3)
constants:
  0  0.2
  1  -0.2
  2  -0.5
  3  0.5
  4  0.3
  5  1
  6  1.5
  7  0.6
  8  1.4
  9  0
  10  4
  11  0.8
  12  1.3
  13  2.5
  14  1.2
  15  1.8
  16  1.2217305
  17  0.08
  18  0.04
parameters:
  0  'speed' float default 0 range [-4, 6]
  1  'jump' trigger default 0
  2  'aim_weight' float default 0 range [0, 1]
  3  'look_target' vec3 default (0, 1.6, 3)
  4  'ground' float default 0 range [-0.3, 0.3]
clips:
  0  'idle'
  1  'walk_fwd'
  2  'walk_back'
  3  'run_fwd'
  4  'run_back'
  5  'jump'
  6  'aim_pose'
clocks:
  0  clip 'idle', loop, start 0, in root
  1  clip 'walk_fwd', loop, start 0, in machine 'locomotion' state 'forward'
  2  clip 'run_fwd', loop, start 0, in machine 'locomotion' state 'forward'
  3  clip 'walk_back', loop, start 0, in machine 'locomotion' state 'backward'
  4  clip 'run_back', loop, start 0, in machine 'locomotion' state 'backward'
  5  clip 'jump', once, start 0, in machine 'locomotion' state 'airborne'
  6  clip 'aim_pose', once, start 0, in root
scopes:
  0  root
  1  machine 'locomotion' state 'idle'
  2  machine 'locomotion' state 'forward'
  3  machine 'locomotion' state 'backward'
  4  machine 'locomotion' state 'airborne'
machines:
  0  'locomotion' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'forward': pose p3, scope 2, progress clock 0
      state 2 'backward': pose p4, scope 3, progress clock 0
      state 3 'airborne': pose p1, scope 4, progress clock 5
      transition 0: 'idle' -> 'forward' when s2, 0.25s inertialize
      transition 1: 'idle' -> 'backward' when s4, 0.25s inertialize
      transition 2: 'forward' -> 'backward' when s6, 0.35s dead_blend half_life 0.1
      transition 3: 'backward' -> 'forward' when s7, 0.35s dead_blend half_life 0.1
      transition 4: 'forward' -> 'idle' when s1, 0.3s crossfade smoothstep
      transition 5: 'backward' -> 'idle' when s3, 0.3s crossfade cubic
      transition 6: any -> 'airborne' when s5, 0.12s dead_blend half_life 0.06, consumes 'jump'
      transition 7: 'airborne' -> 'forward' when s8, 0.2s inertialize, can interrupt
      transition 8: 'airborne' -> 'idle' when s10, 0.3s inertialize
masks:
  0  'upper_body': 71 weights, 49 non-zero, sum 46.999996
bones:
  0  'head' (skeleton bone 6)
  1  'thigh_l' (skeleton bone 15)
  2  'calf_l' (skeleton bone 16)
  3  'foot_l' (skeleton bone 17)
  4  'thigh_r' (skeleton bone 19)
  5  'calf_r' (skeleton bone 20)
  6  'foot_r' (skeleton bone 21)
  7  'root' (skeleton bone 0)
snapshots:
  0  'previous_frame'
blend spaces:
