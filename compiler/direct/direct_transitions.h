// Transition blending of direct evaluation, in double precision, written from the papers and the
// contracts in executor/ops/inertialization.h and dead_blending.h without calling them: a
// machine's two-frame output history, Bollo's inertialization and Holden's dead blending.
#pragma once

#include <vector>

#include "compiler/direct/direct_pose.h"
#include "compiler/ir/ir.h"  // BlendCurve

namespace anim::direct {

// The last two outputs of one machine, `dt` apart.
struct OutputHistory {
  DPose latest, previous;
  int held = 0;  // 0, 1 or 2
  double dt = 0.0;

  void Push(const DPose& pose, double delta_time);
  // Velocities need two frames a positive time apart; otherwise they are zero.
  bool HasVelocity() const { return held >= 2 && dt > 0.0; }
  DVec3 Linear(int bone) const;
  DVec3 Angular(int bone) const;  // rotation vector per second, shortest arc
  DVec3 Scale(int bone) const;
  double CurveRate(std::size_t curve) const;
};

// One offset decaying to zero over t1 seconds along Bollo's quintic: it starts at x0 with rate v0
// (a rate pointing away from zero is dropped; one pointing toward it shortens t1 to at most
// -5 x0 / v0) and reaches zero with zero rate and acceleration.
struct Decay {
  double x0 = 0.0, v0 = 0.0, t1 = 0.0;
  double a = 0.0, b = 0.0, c = 0.0, d = 0.0;  // x(t) = a t^5 + b t^4 + c t^3 + d t^2 + v0 t + x0

  static Decay Solve(double x0, double v0, double duration);
  double At(double t) const;
};

struct DecayingOffset {
  DVec3 axis{1, 0, 0};
  Decay decay;
};

// A machine's blend state across frames: one history for both blend modes (a machine may
// inertialize one transition and dead-blend the next), and what each captured at its last seam.
struct SeamState {
  OutputHistory history;

  struct Inertial {
    std::vector<DecayingOffset> rotation, translation, scale;
    std::vector<double> curve_sign;  // each curve's offset: its sign and its magnitude's decay
    std::vector<Decay> curves;
    int bones = 0;
    double duration = 0.0;
    bool active = false;
  } inertial;

  struct Dead {
    DPose source;
    std::vector<DVec3> linear, angular, scale;
    std::vector<double> curve_rate;  // the source's curves' rates (source.curves holds the values)
    int bones = 0;
    double duration = 0.0, half_life = 0.0;
    bool active = false;
  } dead;

  struct Fade {
    DPose frozen;  // the output at the seam of a crossfade that fades from no live state
    bool held = false;
  } fade;
};

// One frame of each blend over bones [0, count) of `pose` (the target on entry, the output on exit):
// `capture` takes a new seam from the history, `elapsed` is the time since it; at or after the
// duration the output is the target. The output then joins the history.
void Inertialize(SeamState& seam, DPose& pose, int count, bool capture, double elapsed, double duration,
                 double delta_time);
void DeadBlend(SeamState& seam, DPose& pose, int count, bool capture, double elapsed, double duration,
               double half_life, double delta_time);

// The incoming weight of a crossfade `elapsed` into `duration` along `curve` (docs/semantics.md).
double CrossfadeWeight(BlendCurve curve, double elapsed, double duration);
// One frame of a crossfade: `pose` (the incoming state's, on entry) becomes the blend from `live`
// (the state being left) or, without one, from the output frozen at the seam (taken from the
// history on `capture`), by CrossfadeWeight, while `blending`; it then joins the history.
void Crossfade(SeamState& seam, DPose& pose, const DPose* live, int count, bool capture, bool blending,
               double elapsed, double duration, BlendCurve curve, double delta_time);

}  // namespace anim::direct
