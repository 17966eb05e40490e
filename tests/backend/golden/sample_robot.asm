; animbc version 8, skeleton hash 0x62bf3219b5abba4c, graph hash 0xd5be2cdb3aafe308
; 134 code words, 36 debug entries, 10 scalar registers, 5 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; locomotion.states.walking (line 30:54)
  0004  load_const     s1, const 0.3                                     ; locomotion (line 34:55)
  0007  gt             s2, s0, s1                                        ; locomotion (line 34:53)
  0011  load_const     s3, const 3                                       ; locomotion (line 35:58)
  0014  gt             s4, s0, s3                                        ; locomotion (line 35:56)
  0018  load_const     s3, const 2.5                                     ; locomotion (line 36:58)
  0021  lt             s5, s0, s3                                        ; locomotion (line 36:56)
  0025  le             s3, s0, s1                                        ; locomotion (line 37:53)
  0029  time_in_state  s6, machine 'locomotion'                          ; locomotion (line 37:63)
  0032  gt             s7, s6, s1                                        ; locomotion (line 37:77)
  0036  and            s1, s3, s7                                        ; locomotion (line 37:60)
  0040  load_param     s3, param 'jump', component x                     ; locomotion (line 38:43)
  0044  state_progress s6, machine 'locomotion'                          ; locomotion (line 39:47)
  0047  load_const     s7, const 1                                       ; locomotion.states.idle (line 29:13)
  0050  ge             s8, s6, s7                                        ; locomotion (line 39:62)
  0054  and            s6, s8, s4                                        ; locomotion (line 39:67)
  0058  and            s9, s8, s2                                        ; locomotion (line 40:67)
  0062  machine_update machine 'locomotion'                              ; locomotion (line 25:3)
  0064  sample_clip    p0, clip 'idle' via clock 0, s7                   ; locomotion.states.idle (line 29:13)
  0068  load_const     s1, const 1.5                                     ; locomotion.states.walking (line 30:62)
  0071  div            s2, s0, s1                                        ; locomotion.states.walking (line 30:60)
  0075  load_const     s1, const 0.7                                     ; locomotion.states.walking (line 30:67)
  0078  load_const     s3, const 1.3                                     ; locomotion.states.walking (line 30:72)
  0081  clamp          s4, s2, s1, s3                                    ; locomotion.states.walking (line 30:48)
  0086  sample_clip    p1, clip 'walk' via clock 1, s4                   ; locomotion.states.walking (line 30:16)
  0090  load_const     s1, const 4                                       ; locomotion.states.running (line 31:61)
  0093  div            s2, s0, s1                                        ; locomotion.states.running (line 31:59)
  0097  load_const     s0, const 0.8                                     ; locomotion.states.running (line 31:64)
  0100  clamp          s1, s2, s0, s3                                    ; locomotion.states.running (line 31:47)
  0105  sample_clip    p2, clip 'run' via clock 2, s1                    ; locomotion.states.running (line 31:16)
  0109  sample_clip    p3, clip 'jump' via clock 3, s7                   ; locomotion.states.jump (line 32:13)
  0113  machine_record p4, machine 'locomotion'                          ; locomotion (line 25:3)
  0116  sample_clip    p0, clip 'wave' via clock 4, s7                   ; waving.b (line 45:8)
  0120  load_param     s0, param 'wave', component x                     ; waving (line 47:12)
  0124  blend_masked   p1, p4, p0, mask 'upper_body', s0                 ; waving (line 42:3)
  0130  output         p1, lock_root 0, bone none                        ; waving (line 42:3)
constants:
  0  0.3
  1  3
  2  2.5
  3  1
  4  1.5
  5  0.7
  6  1.3
  7  4
  8  0.8
parameters:
  0  'speed' float default 0 range [0, 6]
  1  'jump' trigger default 0
  2  'wave' float default 0 range [0, 1]
clips:
  0  'idle'
  1  'walk'
  2  'run'
  3  'jump'
  4  'wave'
baked clips:
clocks:
  0  clip 'idle', loop, start 0, in machine 'locomotion' state 'idle'
  1  clip 'walk', loop, start 0, in machine 'locomotion' state 'walking'
  2  clip 'run', loop, start 0, in machine 'locomotion' state 'running'
  3  clip 'jump', once, start 0, in machine 'locomotion' state 'jump'
  4  clip 'wave', loop, start 0, in root
scopes:
  0  root
  1  machine 'locomotion' state 'idle'
  2  machine 'locomotion' state 'walking'
  3  machine 'locomotion' state 'running'
  4  machine 'locomotion' state 'jump'
machines:
  0  'locomotion' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1, progress clock 0
      state 1 'walking': pose p1, scope 2, progress clock 1
      state 2 'running': pose p2, scope 3, progress clock 2
      state 3 'jump': pose p3, scope 4, progress clock 3
      transition 0: 'idle' -> 'walking' when s2, 0.25s inertialize
      transition 1: 'walking' -> 'running' when s4, 0.3s inertialize
      transition 2: 'running' -> 'walking' when s5, 0.3s dead_blend half_life 0.1
      transition 3: 'walking' -> 'idle' when s1, 0.3s inertialize
      transition 4: any -> 'jump' when s3, 0.12s dead_blend half_life 0.06, consumes 'jump'
      transition 5: 'jump' -> 'running' when s6, 0.2s inertialize
      transition 6: 'jump' -> 'walking' when s9, 0.2s inertialize
      transition 7: 'jump' -> 'idle' when s8, 0.3s inertialize
masks:
  0  'upper_body': 43 weights, 32 non-zero, sum 30.7
curves:
  0  'Head_2.Angry'
  1  'Head_2.Surprised'
  2  'Head_2.Sad'
  3  'Head_3.Angry'
  4  'Head_3.Surprised'
  5  'Head_3.Sad'
  6  'Head_4.Angry'
  7  'Head_4.Surprised'
  8  'Head_4.Sad'
bones:
snapshots:
blend spaces:
events: threshold 0
