; animbc version 8, skeleton hash 0x5eedf00dcafe1234, graph hash 0x0000000000000000
; 97 code words, 27 debug entries, 6 scalar registers, 6 pose registers
code:
  0000  load_param     s0, param 'speed', component x                    ; speed (line 1:3)
  0004  load_const     s1, const 0.1                                     ; walk_speed (line 18:3)
  0007  gt             s2, s0, s1                                        ; walking (line 19:3)
  0011  load_const     s1, const 3                                       ; run_speed (line 20:3)
  0014  gt             s3, s0, s1                                        ; running (line 21:3)
  0018  not            s1, s2                                            ; stopped (line 22:3)
  0021  load_param     s4, param 'jump', component x                     ; jump (line 2:3)
  0025  or             s5, s1, s4                                        ; stop_or_jump (line 23:3)
  0029  machine_update machine 'loco'                                    ; loco (line 24:3)
  0031  load_const     s1, const 1                                       ; one (line 3:3)
  0034  sample_clip    p0, clip 'idle' via clock 0, s1                   ; idle (line 4:3)
  0038  sample_clip    p1, clip 'walk_fwd' via clock 2, s0               ; walk_fwd (line 6:3)
  0042  sample_clip    p2, clip 'lean' via clock 1, s1                   ; lean (line 5:3)
  0046  load_const     s2, const 0                                       ; zero (line 7:3)
  0049  clamp          s3, s0, s2, s1                                    ; walk_mix (line 8:3)
  0054  blend          p3, p1, p2, s3                                    ; walk (line 9:3)
  0059  time_in_state  s1, machine 'stride'                              ; stride_time (line 12:3)
  0062  load_const     s2, const 2                                       ; stride_period (line 13:3)
  0065  gt             s3, s1, s2                                        ; stride_switch (line 14:3)
  0069  machine_update machine 'stride'                                  ; stride (line 15:3)
  0071  sample_clip    p1, clip 'run_short' via clock 3, s0              ; run_short (line 10:3)
  0075  sample_clip    p4, clip 'run_long' via clock 4, s0               ; run_long (line 11:3)
  0079  machine_record p5, machine 'stride'                              ; stride (line 15:3)
  0082  load_const     s0, const 0.3                                     ; run_lean (line 16:3)
  0085  blend          p1, p5, p2, s0                                    ; run (line 17:3)
  0090  machine_record p2, machine 'loco'                                ; loco (line 24:3)
  0093  output         p2, lock_root 1, bone 'root'                      ; loco (line 24:3)
constants:
  0  0.1
  1  3
  2  1
  3  0
  4  2
  5  0.3
parameters:
  0  'speed' float default 0
  1  'jump' trigger default 0
clips:
  0  'idle'
  1  'lean'
  2  'walk_fwd'
  3  'run_short'
  4  'run_long'
baked clips:
clocks:
  0  clip 'idle', loop, start 0, in machine 'loco' state 'idle'
  1  clip 'lean', loop, start 0, in root
  2  clip 'walk_fwd', loop, start 0, sync 'gait' auto, in machine 'loco' state 'walk'
  3  clip 'run_short', loop, start 0, sync 'gait' leader, in machine 'stride' state 'short'
  4  clip 'run_long', loop, start 0, in machine 'stride' state 'long'
scopes:
  0  root
  1  machine 'loco' state 'idle'
  2  machine 'loco' state 'walk'
  3  machine 'loco' state 'run'
  4  machine 'stride' state 'short'
  5  machine 'stride' state 'long'
machines:
  0  'loco' in root, initial 'idle'
      state 0 'idle': pose p0, scope 1
      state 1 'walk': pose p3, scope 2, progress clock 2
      state 2 'run': pose p1, scope 3
      transition 0: 'idle' -> 'walk' when s2, 0.2s inertialize
      transition 1: 'walk' -> 'run' when s3, 0.2s dead_blend half_life 0.05
      transition 2: any -> 'idle' when s5, 0.2s inertialize, consumes 'jump'
  1  'stride' in machine 'loco' state 'run', initial 'short'
      state 0 'short': pose p1, scope 4
      state 1 'long': pose p4, scope 5
      transition 0: 'short' -> 'long' when s3, 0.2s inertialize
      transition 1: 'long' -> 'short' when s3, 0.2s inertialize
masks:
curves:
bones:
  0  'root' (skeleton bone 0)
snapshots:
blend spaces:
events: threshold 0.1
  'footstep' at 0.25s of clock 2
  'stride' at 0.1s for 0.2s of clock 3, threshold 0.3
  'entered_run' on_enter state 'run' of 'loco'
  'footstep' when transition 0 of 'loco' fires
