; animbc version 8, skeleton hash 0x88cfc782ca8927a0, graph hash 0xb217b9791039b4f3
; 352 code words, 81 debug entries, 7 scalar registers, 4 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; move (line 43:9)
  0004  load_const     s1, const 0.2                                     ; locomotion (line 64:54)
  0007  gt             s2, s0, s1                                        ; locomotion (line 64:52)
  0011  load_const     s1, const 0.15                                    ; locomotion (line 65:54)
  0014  lt             s3, s0, s1                                        ; locomotion (line 65:52)
  0018  time_in_state  s1, machine 'locomotion'                          ; locomotion (line 65:62)
  0021  load_const     s4, const 0.3                                     ; locomotion (line 65:78)
  0024  gt             s5, s1, s4                                        ; locomotion (line 65:76)
  0028  and            s1, s3, s5                                        ; locomotion (line 65:59)
  0032  load_param     s3, param 'jump', component x                     ; locomotion (line 66:47)
  0036  state_progress s4, machine 'locomotion'                          ; locomotion (line 67:50)
  0039  load_const     s5, const 1                                       ; idle_clip (line 39:14)
  0042  ge             s6, s4, s5                                        ; locomotion (line 67:65)
  0046  and            s4, s6, s2                                        ; locomotion (line 67:70)
  0050  machine_update machine 'locomotion'                              ; locomotion (line 55:3)
  0052  sample_clip    p0, clip 'idle' via clock 0, s5                   ; idle_clip (line 39:3)
  0056  sample_clip    p1, clip 'walk_fwd' via clock 1, s5               ; move.samples[1] (line 49:38)
  0060  load_param     s1, param 'direction', component x                ; move (line 43:21)
  0064  load_const     s2, const 0.0174533                               ; move (line 43:33)
  0067  mul            s3, s1, s2                                        ; move (line 43:31)
  0071  sin            s1, s3                                            ; move (line 43:17)
  0074  mul            s2, s0, s1                                        ; move (line 43:15)
  0078  cos            s1, s3                                            ; move (line 44:17)
  0081  mul            s3, s0, s1                                        ; move (line 44:15)
  0085  blend_space_weight s0, blend space 'move', sample 1, s2, s3      ; move (line 41:3)
  0091  blend_space_weight s1, blend space 'move', sample 0, s2, s3      ; move (line 41:3)
  0097  add            s4, s1, s0                                        ; move (line 41:3)
  0101  div            s1, s0, s4                                        ; move (line 41:3)
  0105  blend          p2, p0, p1, s1                                    ; move (line 41:3)
  0110  sample_clip    p1, clip 'run_fwd' via clock 2, s5                ; move.samples[2] (line 50:38)
  0114  blend_space_weight s0, blend space 'move', sample 2, s2, s3      ; move (line 41:3)
  0120  add            s1, s4, s0                                        ; move (line 41:3)
  0124  div            s4, s0, s1                                        ; move (line 41:3)
  0128  blend          p3, p2, p1, s4                                    ; move (line 41:3)
  0133  sample_clip    p1, clip 'walk_back' via clock 3, s5              ; move.samples[3] (line 51:39)
  0137  blend_space_weight s0, blend space 'move', sample 3, s2, s3      ; move (line 41:3)
  0143  add            s4, s1, s0                                        ; move (line 41:3)
  0147  div            s1, s0, s4                                        ; move (line 41:3)
  0151  blend          p2, p3, p1, s1                                    ; move (line 41:3)
  0156  sample_clip    p1, clip 'run_back' via clock 4, s5               ; move.samples[4] (line 52:39)
  0160  blend_space_weight s0, blend space 'move', sample 4, s2, s3      ; move (line 41:3)
  0166  add            s1, s4, s0                                        ; move (line 41:3)
  0170  div            s4, s0, s1                                        ; move (line 41:3)
  0174  blend          p3, p2, p1, s4                                    ; move (line 41:3)
  0179  sample_clip    p1, clip 'walk_left' via clock 5, s5              ; move.samples[5] (line 53:38)
  0183  blend_space_weight s0, blend space 'move', sample 5, s2, s3      ; move (line 41:3)
  0189  add            s4, s1, s0                                        ; move (line 41:3)
  0193  div            s1, s0, s4                                        ; move (line 41:3)
  0197  blend          p2, p3, p1, s1                                    ; move (line 41:3)
  0202  sample_clip    p1, clip 'walk_right' via clock 6, s5             ; move.samples[6] (line 54:39)
  0206  blend_space_weight s0, blend space 'move', sample 6, s2, s3      ; move (line 41:3)
  0212  add            s1, s4, s0                                        ; move (line 41:3)
  0216  div            s2, s0, s1                                        ; move (line 41:3)
  0220  blend          p3, p2, p1, s2                                    ; move (line 41:3)
  0225  sample_clip    p1, clip 'jump' via clock 7, s5                   ; locomotion.states.airborne (line 61:17)
  0229  machine_record p2, machine 'locomotion'                          ; locomotion (line 55:3)
  0232  save_snapshot  p1, p2, snapshot 'previous_frame'                 ; saved_pose (line 69:3)
  0236  load_snapshot  p2, snapshot 'previous_frame'                     ; upper_layer.b (line 73:8)
  0239  load_const     s0, const 0.6                                     ; upper_layer (line 75:13)
  0242  load_param     s1, param 'aim_weight', component x               ; upper_layer (line 75:19)
  0246  mul            s2, s0, s1                                        ; upper_layer (line 75:17)
  0250  blend_masked   p3, p1, p2, mask 'upper_body', s2                 ; upper_layer (line 70:3)
  0256  sample_clip    p1, clip 'aim_pose' via clock 8, s5               ; aim_delta.pose (line 76:42)
  0260  make_additive  p2, p1, p0, mesh                                  ; aim_delta (line 76:3)
  0265  apply_additive p0, p3, p2, s1                                    ; aimed (line 77:3)
  0270  load_param     s0, param 'look_target', component x              ; looking (line 78:61)
  0274  load_param     s1, param 'look_target', component y              ; looking (line 78:61)
  0278  load_param     s2, param 'look_target', component z              ; looking (line 78:61)
  0282  load_const     s3, const 0                                       ; looking (line 78:80)
  0285  load_const     s4, const 1                                       ; looking (line 78:80)
  0288  load_const     s5, const 1.2217305                               ; looking (line 78:3)
  0291  load_const     s6, const 0.8                                     ; looking (line 78:113)
  0294  look_at        p1, p0, bone 'head', s0, s1, s2, s3, s3, s4, s5, s6 ; looking (line 78:3)
  0306  load_param     s0, param 'ground', component x                   ; left_foot (line 85:20)
  0310  load_const     s1, const 0                                       ; left_foot (line 80:5)
  0313  load_const     s2, const 1                                       ; left_foot (line 80:5)
  0316  curve          s3, curve 'foot_plant_l'                          ; left_foot (line 88:13)
  0319  foot_ik        p0, p1, bone 'thigh_l', bone 'calf_l', bone 'foot_l', s0, s1, s2, s1, const 0.08, const 0.04, s3 ; left_foot (line 79:3)
  0332  curve          s3, curve 'foot_plant_r'                          ; right_foot (line 98:13)
  0335  foot_ik        p1, p0, bone 'thigh_r', bone 'calf_r', bone 'foot_r', s0, s1, s2, s1, const 0.08, const 0.04, s3 ; right_foot (line 89:3)
  0348  output         p1, lock_root 0, bone 'root'                      ; right_foot (line 89:3)
constants:
  0  0.2
  1  0.15
  2  0.3
  3  1
  4  0.0174533
  5  0.6
  6  0
  7  1.2217305
  8  0.8
  9  0.08
  10  0.04
parameters:
  0  'speed' float default 0 range [0, 3]
  1  'direction' float default 0 range [-180, 180]
  2  'jump' trigger default 0
  3  'aim_weight' float default 0 range [0, 1]
  4  'look_target' vec3 default (0, 1.6, 3)
  5  'ground' float default 0 range [-0.3, 0.3]
clips:
  0  'idle'
  1  'walk_fwd'
  2  'walk_back'
  3  'run_fwd'
  4  'run_back'
  5  'walk_left'
  6  'walk_right'
  7  'jump'
  8  'aim_pose'
baked clips:
clocks:
  0  clip 'idle', loop, start 0, sync 'feet' follower, root motion extract 'root', in root
  1  clip 'walk_fwd', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  2  clip 'run_fwd', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  3  clip 'walk_back', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  4  clip 'run_back', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  5  clip 'walk_left', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  6  clip 'walk_right', loop, start 0, sync 'feet' auto, root motion extract 'root', in machine 'locomotion' state 'moving'
  7  clip 'jump', once, start 0, root motion extract 'root', in machine 'locomotion' state 'airborne'
  8  clip 'aim_pose', once, start 0, root motion extract 'root', in root
scopes:
  0  root
  1  machine 'locomotion' state 'idle'
  2  machine 'locomotion' state 'moving'
  3  machine 'locomotion' state 'airborne'
machines:
  0  'locomotion' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'moving': pose p3, scope 2, progress clock 0
      state 2 'airborne': pose p1, scope 3, progress clock 7
      transition 0: 'idle' -> 'moving' when s2, 0.3s crossfade smoothstep
      transition 1: 'moving' -> 'idle' when s1, 0.25s inertialize
      transition 2: any -> 'airborne' when s3, 0.12s dead_blend half_life 0.06, consumes 'jump'
      transition 3: 'airborne' -> 'moving' when s4, 0.2s inertialize, can interrupt
      transition 4: 'airborne' -> 'idle' when s6, 0.3s crossfade cubic
masks:
  0  'upper_body': 71 weights, 49 non-zero, sum 46.999996
curves:
  0  'foot_plant_l'
  1  'foot_plant_r'
bones:
  0  'root' (skeleton bone 0)
  1  'head' (skeleton bone 6)
  2  'thigh_l' (skeleton bone 15)
  3  'calf_l' (skeleton bone 16)
  4  'foot_l' (skeleton bone 17)
  5  'thigh_r' (skeleton bone 19)
  6  'calf_r' (skeleton bone 20)
  7  'foot_r' (skeleton bone 21)
snapshots:
  0  'previous_frame'
blend spaces:
  0  'move': samples (0, 0) (0, 1.226) (0, 2.815) (0, -1.226) (0, -2.815) (0.564, 0) (-0.564, 0); triangles (0 1 6) (0 3 5) (0 5 1) (0 6 3) (1 2 6) (1 5 2) (3 4 5) (3 6 4)
events: threshold 0.05
  'footstep_l' at 0s of clock 1, threshold 0.3
  'footstep_r' at 0.533333s of clock 1, threshold 0.3
  'footstep_l' at 0s of clock 2, threshold 0.3
  'footstep_r' at 0.366667s of clock 2, threshold 0.3
  'footstep_l' at 0s of clock 3, threshold 0.3
  'footstep_r' at 0.533333s of clock 3, threshold 0.3
  'footstep_l' at 0s of clock 4, threshold 0.3
  'footstep_r' at 0.366667s of clock 4, threshold 0.3
  'footstep_l' at 0s of clock 5, threshold 0.3
  'footstep_r' at 0.5s of clock 5, threshold 0.3
  'footstep_l' at 0s of clock 6, threshold 0.3
  'footstep_r' at 0.5s of clock 6, threshold 0.3
  'jump_start' on_enter state 'airborne' of 'locomotion'
  'landed' on_exit state 'airborne' of 'locomotion'
