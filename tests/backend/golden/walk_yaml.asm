; animbc version 8, skeleton hash 0x88cfc782ca8927a0, graph hash 0xbd6e10bea64c407f
; 116 code words, 30 debug entries, 7 scalar registers, 4 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; move (line 18:20)
  0004  load_const     s1, const 0.1                                     ; loco (line 24:52)
  0007  gt             s2, s0, s1                                        ; loco (line 24:50)
  0011  le             s3, s0, s1                                        ; loco (line 25:50)
  0015  time_in_state  s1, machine 'loco'                                ; loco (line 25:60)
  0018  load_const     s4, const 0.25                                    ; loco (line 25:76)
  0021  gt             s5, s1, s4                                        ; loco (line 25:74)
  0025  and            s1, s3, s5                                        ; loco (line 25:57)
  0029  machine_update machine 'loco'                                    ; loco (line 19:3)
  0031  load_const     s1, const 1                                       ; idle (line 13:9)
  0034  sample_clip    p0, clip 'idle' via clock 0, s1                   ; idle (line 13:3)
  0038  sample_clip    p1, clip 'walk_fwd' via clock 1, s1               ; move.a (line 16:8)
  0042  sample_clip    p2, clip 'run_fwd' via clock 2, s1                ; move.b (line 17:8)
  0046  load_const     s2, const 1.5                                     ; move (line 18:28)
  0049  sub            s3, s0, s2                                        ; move (line 18:26)
  0053  load_const     s0, const 2.5                                     ; move (line 18:35)
  0056  div            s2, s3, s0                                        ; move (line 18:33)
  0060  load_const     s0, const 0                                       ; move (line 18:40)
  0063  clamp          s3, s2, s0, s1                                    ; move (line 18:13)
  0068  blend          p3, p1, p2, s3                                    ; move (line 14:3)
  0073  machine_record p1, machine 'loco'                                ; loco (line 19:3)
  0076  load_param     s0, param 'target', component x                   ; aim (line 26:56)
  0080  load_param     s1, param 'target', component y                   ; aim (line 26:56)
  0084  load_param     s2, param 'target', component z                   ; aim (line 26:56)
  0088  load_const     s3, const 0                                       ; aim (line 26:8)
  0091  load_const     s4, const 1                                       ; aim (line 26:8)
  0094  load_const     s5, const 1.0471976                               ; aim (line 26:3)
  0097  load_const     s6, const 0.8                                     ; aim (line 26:86)
  0100  look_at        p0, p1, bone 'head', s0, s1, s2, s3, s3, s4, s5, s6 ; aim (line 26:3)
  0112  output         p0, lock_root 0, bone 'root'                      ; aim (line 26:3)
constants:
  0  0.1
  1  0.25
  2  1
  3  1.5
  4  2.5
  5  0
  6  1.0471976
  7  0.8
parameters:
  0  'speed' float default 0 range [0, 8]
  1  'target' vec3 default (0, 1.5, 2)
clips:
  0  'idle'
  1  'walk_fwd'
  2  'run_fwd'
baked clips:
clocks:
  0  clip 'idle', loop, start 0, in machine 'loco' state 'idle'
  1  clip 'walk_fwd', loop, start 0, in machine 'loco' state 'move'
  2  clip 'run_fwd', loop, start 0, in machine 'loco' state 'move'
scopes:
  0  root
  1  machine 'loco' state 'idle'
  2  machine 'loco' state 'move'
machines:
  0  'loco' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'move': pose p3, scope 2, progress clock 1
      transition 0: 'idle' -> 'move' when s2, 0.2s inertialize
      transition 1: 'move' -> 'idle' when s1, 0.3s inertialize
masks:
curves:
  0  'foot_plant_l'
  1  'foot_plant_r'
bones:
  0  'head' (skeleton bone 6)
  1  'root' (skeleton bone 0)
snapshots:
blend spaces:
events: threshold 0
