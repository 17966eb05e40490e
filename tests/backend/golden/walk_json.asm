; animbc version 8, skeleton hash 0x88cfc782ca8927a0, graph hash 0x1ae9411c9c4f46ba
; 28 code words, 7 debug entries, 3 scalar registers, 3 pose registers
code:
  0000  load_const     s0, const 1                                       ; idle (line 8:13)
  0003  sample_clip    p0, clip 'idle' via clock 0, s0                   ; idle (line 8:5)
  0007  sample_clip    p1, clip 'walk_fwd' via clock 1, s0               ; walk (line 9:5)
  0011  load_param     s1, param 'speed', component x                    ; mix (line 10:70)
  0015  min            s2, s1, s0                                        ; mix (line 10:66)
  0019  blend          p2, p0, p1, s2                                    ; mix (line 10:5)
  0024  output         p2, lock_root 0, bone none                        ; mix (line 10:5)
constants:
  0  1
parameters:
  0  'speed' float default 0
clips:
  0  'idle'
  1  'walk_fwd'
baked clips:
clocks:
  0  clip 'idle', loop, start 0, in root
  1  clip 'walk_fwd', loop, start 0, in root
scopes:
  0  root
machines:
masks:
curves:
  0  'foot_plant_l'
  1  'foot_plant_r'
bones:
snapshots:
blend spaces:
events: threshold 0
