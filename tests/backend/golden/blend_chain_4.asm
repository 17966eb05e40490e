; animbc version 8, skeleton hash 0x5eedf00dcafe1234, graph hash 0x0000000000000000
; 43 code words, 10 debug entries, 2 scalar registers, 3 pose registers
code:
  0000  load_param     s0, param 'rate', component x                     ; rate (line 1:3)
  0004  sample_clip    p0, clip 'clip_0' via clock 0, s0                 ; clip_0 (line 3:3)
  0008  sample_clip    p1, clip 'clip_1' via clock 1, s0                 ; clip_1 (line 4:3)
  0012  load_param     s1, param 'weight', component x                   ; weight (line 2:3)
  0016  blend          p2, p0, p1, s1                                    ; blend_1 (line 5:3)
  0021  sample_clip    p0, clip 'clip_2' via clock 2, s0                 ; clip_2 (line 6:3)
  0025  blend          p1, p2, p0, s1                                    ; blend_2 (line 7:3)
  0030  sample_clip    p0, clip 'clip_3' via clock 3, s0                 ; clip_3 (line 8:3)
  0034  blend          p2, p1, p0, s1                                    ; blend_3 (line 9:3)
  0039  output         p2, lock_root 0, bone none                        ; blend_3 (line 9:3)
constants:
parameters:
  0  'rate' float default 1
  1  'weight' float default 0.5
clips:
  0  'clip_0'
  1  'clip_1'
  2  'clip_2'
  3  'clip_3'
baked clips:
clocks:
  0  clip 'clip_0', loop, start 0, in root
  1  clip 'clip_1', loop, start 0, in root
  2  clip 'clip_2', loop, start 0, in root
  3  clip 'clip_3', loop, start 0, in root
scopes:
  0  root
machines:
masks:
curves:
bones:
snapshots:
blend spaces:
events: threshold 0
