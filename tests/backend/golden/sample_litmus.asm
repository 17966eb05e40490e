; animbc version 8, skeleton hash 0xb161630ba3a8aceb, graph hash 0x7ef33a785ae827a7
; 35 code words, 10 debug entries, 2 scalar registers, 3 pose registers
code:
  0000  load_param     s0, param 'toggle', component x                   ; states (line 23:45)
  0004  not            s1, s0                                            ; states (line 24:45)
  0007  machine_update machine 'states'                                  ; states (line 18:3)
  0009  load_const     s0, const 1                                       ; chain (line 15:10)
  0012  sample_clip    p0, clip 'straight' via clock 0, s0               ; chain (line 15:3)
  0016  reference_pose p1                                                ; rest (line 16:3)
  0018  load_param     s0, param 'mix', component x                      ; mixed (line 17:69)
  0022  blend_masked   p2, p0, p1, mask 'tail', s0                       ; mixed (line 17:3)
  0028  machine_record p1, machine 'states'                              ; states (line 18:3)
  0031  output         p1, lock_root 1, bone 'link_01'                   ; states (line 18:3)
constants:
  0  1
parameters:
  0  'mix' float default 0.5 range [0, 1]
  1  'toggle' bool default 0
clips:
  0  'straight'
baked clips:
clocks:
  0  clip 'straight', loop, start 0, in root
scopes:
  0  root
  1  machine 'states' state 'clip'
  2  machine 'states' state 'mixed'
machines:
  0  'states' in root, initial 'clip'
      state 0 'clip': pose p0, scope 1, progress clock 0
      state 1 'mixed': pose p2, scope 2, progress clock 0
      transition 0: 'clip' -> 'mixed' when s0, 0.3s inertialize
      transition 1: 'mixed' -> 'clip' when s1, 0.3s dead_blend half_life 0.05
masks:
  0  'tail': 12 weights, 6 non-zero, sum 6
curves:
bones:
  0  'link_01' (skeleton bone 0)
snapshots:
blend spaces:
events: threshold 0
