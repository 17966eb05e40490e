; animbc version 8, skeleton hash 0x0123456789abcdef, graph hash 0xfedcba9876543210
; 260 code words, 53 debug entries, 8 scalar registers, 3 pose registers
code:
  0000  reference_pose p0
  0002  reference_pose p1
  0004  nop                                                              ; nop (line 1:1)
  0005  load_const     s0, const -2                                      ; load_const (line 2:1)
  0008  load_param     s2, param 'aim', component y                      ; load_param (line 3:1)
  0012  move           s5, s6                                            ; move (line 4:1)
  0015  neg            s7, s0                                            ; neg (line 5:1)
  0018  not            s1, s2                                            ; not (line 6:1)
  0021  abs            s3, s4                                            ; abs (line 7:1)
  0024  sin            s5, s6                                            ; sin (line 8:1)
  0027  cos            s7, s0                                            ; cos (line 9:1)
  0030  add            s1, s2, s3                                        ; add (line 10:1)
  0034  sub            s4, s5, s6                                        ; sub (line 11:1)
  0038  mul            s7, s0, s1                                        ; mul (line 12:1)
  0042  div            s2, s3, s4                                        ; div (line 13:1)
  0046  min            s5, s6, s7                                        ; min (line 14:1)
  0050  max            s0, s1, s2                                        ; max (line 15:1)
  0054  lt             s3, s4, s5                                        ; lt (line 16:1)
  0058  le             s6, s7, s0                                        ; le (line 17:1)
  0062  gt             s1, s2, s3                                        ; gt (line 18:1)
  0066  ge             s4, s5, s6                                        ; ge (line 19:1)
  0070  eq             s7, s0, s1                                        ; eq (line 20:1)
  0074  ne             s2, s3, s4                                        ; ne (line 21:1)
  0078  and            s5, s6, s7                                        ; and (line 22:1)
  0082  or             s0, s1, s2                                        ; or (line 23:1)
  0086  clamp          s3, s4, s5, s6                                    ; clamp (line 24:1)
  0091  lerp           s7, s0, s1, s2                                    ; lerp (line 25:1)
  0096  smoothstep     s3, s4, s5, s6                                    ; smoothstep (line 26:1)
  0101  remap          s7, s0, s1, s2, s3, s4                            ; remap (line 27:1)
  0108  time_in_state  s5, machine 'locomotion'                          ; time_in_state (line 28:1)
  0111  state_progress s7, machine 'locomotion'                          ; state_progress (line 29:1)
  0114  reference_pose p2                                                ; reference_pose (line 30:1)
  0116  sample_clip    p2, clip 'walk' via clock 0, s4                   ; sample_clip (line 31:1)
  0120  blend          p2, p0, p1, s0                                    ; blend (line 32:1)
  0125  blend_masked   p2, p0, p1, mask 'upper', s5                      ; blend_masked (line 33:1)
  0131  make_additive  p2, p1, bind_pose, mesh                           ; make_additive (line 34:1)
  0136  apply_additive p2, p1, p0, s5                                    ; apply_additive (line 35:1)
  0141  machine_update machine 'locomotion'                              ; machine_update (line 36:1)
  0143  machine_record p2, machine 'locomotion'                          ; machine_record (line 37:1)
  0146  save_snapshot  p2, p0, snapshot 'before_ik'                      ; save_snapshot (line 38:1)
  0150  load_snapshot  p2, snapshot 'before_ik'                          ; load_snapshot (line 39:1)
  0153  bone_transform p2, p1, bone 'spine', space 1 mode 0, s2, s3, s4, s5, s6, s7, s0, s1, s2, s3 ; bone_transform (line 40:1)
  0168  translate_bone p2, p1, bone 'hips', s7, s0, s1, s2               ; translate_bone (line 41:1)
  0176  two_bone_ik    p2, p0, bone 'spine', bone 'hand', bone 'hips', s0, s1, s2, use_pole 1, s4, s5, s6, s7 ; two_bone_ik (line 42:1)
  0190  fabrik         p2, p1, bone 'hand', bone 'hips', iterations 1, const -2, s6, s7, s0, s1 ; fabrik (line 43:1)
  0201  look_at        p2, p1, bone 'hips', s5, s6, s7, s0, s1, s2, s3, s4 ; look_at (line 44:1)
  0213  foot_ik        p2, p0, bone 'hand', bone 'hips', bone 'spine', s2, s3, s4, s5, const 0.5, const -2, s0 ; foot_ik (line 45:1)
  0226  output         p1, lock_root 1, bone none                        ; output (line 46:1)
  0230  blend_space_weight s4, blend space 'strafe', sample 1, s7, s0    ; blend_space_weight (line 47:1)
  0236  select         s1, s2, s3, s4                                    ; select (line 48:1)
  0241  state_time     s5, state 'idle' of 'locomotion'                  ; state_time (line 49:1)
  0244  state_clock_progress s7, state 'idle' of 'locomotion'            ; state_clock_progress (line 50:1)
  0247  damp           s1, s2, s3, smoother 0                            ; damp (line 51:1)
  0252  spring         s5, s6, s7, smoother 1                            ; spring (line 52:1)
  0257  curve          s1, curve 'jaw'                                   ; curve (line 53:1)
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
