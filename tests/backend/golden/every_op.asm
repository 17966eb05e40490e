; animbc version 8, skeleton hash 0x5eedf00dcafe1234, graph hash 0x0000000000000000
; 242 code words, 49 debug entries, 11 scalar registers, 4 pose registers
code:
  0000  load_param     s0, param 'weight', component x                   ; weight (line 2:3)
  0004  neg            s1, s0                                            ; neg (line 4:3)
  0007  abs            s2, s1                                            ; rate (line 5:3)
  0010  sample_clip    p0, clip 'walk_fwd' via clock 0, s2               ; walk (line 6:3)
  0014  load_const     s1, const 0                                       ; still (line 7:3)
  0017  sample_clip    p1, clip 'aim_pose' via clock 1, s1               ; aim (line 8:3)
  0021  blend_masked   p2, p0, p1, mask 'upper', s0                      ; upper_aim (line 10:3)
  0027  reference_pose p0                                                ; ref (line 9:3)
  0029  make_additive  p3, p1, p0, mesh                                  ; aim_delta (line 11:3)
  0034  apply_additive p0, p2, p3, s0                                    ; apply (line 13:3)
  0039  make_additive  p2, p1, bind_pose, local                          ; aim_bind_delta (line 12:3)
  0044  apply_additive p1, p0, p2, s0                                    ; apply_bind (line 14:3)
  0049  save_snapshot  p0, p1, snapshot 'pre_ik'                         ; save (line 15:3)
  0053  load_snapshot  p1, snapshot 'pre_ik'                             ; load (line 16:3)
  0056  load_param     s2, param 'steps', component x                    ; steps (line 3:3)
  0060  blend_space_weight s3, blend space 'strafe', sample 2, s0, s2    ; strafe_corner (line 17:3)
  0066  sin            s4, s3                                            ; wobble (line 18:3)
  0069  blend          p2, p0, p1, s4                                    ; mix (line 19:3)
  0074  load_const     s3, const 0                                       ; up (line 20:3)
  0077  load_const     s4, const 0.1                                     ; up (line 20:3)
  0080  mul            s5, s3, s0                                        ; offset (line 21:3)
  0084  mul            s6, s4, s0                                        ; offset (line 21:3)
  0088  mul            s4, s3, s0                                        ; offset (line 21:3)
  0092  load_const     s3, const 90                                      ; yaw (line 22:3)
  0095  load_const     s7, const 1                                       ; unit (line 24:3)
  0098  bone_transform p0, p2, bone 'hips', space 1 mode 1, s5, s6, s4, s0, s3, s2, s7, s7, s7, s0 ; hips_xform (line 25:3)
  0113  translate_bone p1, p0, bone 'hips', s5, s6, s4, s0               ; hips_move (line 26:3)
  0121  load_param     s2, param 'target', component x                   ; target (line 1:3)
  0125  load_param     s3, param 'target', component y                   ; target (line 1:3)
  0129  load_param     s4, param 'target', component z                   ; target (line 1:3)
  0133  lerp           s5, s2, s7, s0                                    ; pole (line 27:3)
  0138  lerp           s6, s3, s7, s0                                    ; pole (line 27:3)
  0143  lerp           s8, s4, s7, s0                                    ; pole (line 27:3)
  0148  two_bone_ik    p0, p1, bone 'thigh_l', bone 'calf_l', bone 'foot_l', s2, s3, s4, use_pole 1, s5, s6, s8, s0 ; leg_ik (line 28:3)
  0162  fabrik         p1, p0, bone 'hips', bone 'head', iterations 8, const 0.001, s2, s3, s4, s0 ; spine_fabrik (line 29:3)
  0173  load_const     s5, const 0                                       ; forward (line 30:3)
  0176  load_const     s6, const 1                                       ; forward (line 30:3)
  0179  load_const     s7, const 1                                       ; hi (line 32:3)
  0182  load_const     s8, const 0.5                                     ; min_angle (line 33:3)
  0185  load_const     s9, const 1.5                                     ; max_angle_hi (line 34:3)
  0188  remap          s10, s0, s1, s7, s8, s9                           ; max_angle (line 35:3)
  0195  look_at        p0, p1, bone 'head', s2, s3, s4, s5, s5, s6, s10, s0 ; look (line 36:3)
  0207  load_const     s2, const 2                                       ; e1 (line 38:3)
  0210  smoothstep     s3, s1, s2, s0                                    ; ground (line 39:3)
  0215  load_const     s1, const 0                                       ; normal (line 40:3)
  0218  load_const     s2, const 1                                       ; normal (line 40:3)
  0221  foot_ik        p1, p0, bone 'thigh_l', bone 'calf_l', bone 'foot_l', s3, s1, s2, s1, const 0.08, const 0.02, s0 ; feet (line 41:3)
  0234  physics_stage  p0, p1, imm 2                                     ; after_step (line 42:3)
  0238  output         p0, lock_root 0, bone none                        ; after_step (line 42:3)
constants:
  0  0
  1  0.1
  2  90
  3  1
  4  0.001
  5  0.5
  6  1.5
  7  2
  8  0.08
  9  0.02
parameters:
  0  'target' vec3 default (0, 0, 0)
  1  'weight' float default 0.75
  2  'steps' int default 2
clips:
  0  'walk_fwd'
  1  'aim_pose'
baked clips:
clocks:
  0  clip 'walk_fwd', loop, start 0, in root
  1  clip 'aim_pose', loop, start 0, in root
scopes:
  0  root
machines:
masks:
  0  'upper': 5 weights, 2 non-zero, sum 1.5
curves:
bones:
  0  'hips' (skeleton bone 0)
  1  'thigh_l' (skeleton bone 1)
  2  'calf_l' (skeleton bone 2)
  3  'foot_l' (skeleton bone 3)
  4  'head' (skeleton bone 4)
snapshots:
  0  'pre_ik'
blend spaces:
  0  'strafe': samples (0, 0) (1, 0) (1, 1) (0, 1); triangles (0 1 2) (0 2 3)
events: threshold 0
