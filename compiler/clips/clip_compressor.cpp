#include "compiler/clips/clip_compressor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "compiler/clips/pose_error.h"

namespace anim {
namespace {

using direct::DMat4;
using direct::DTransform;

constexpr TrackChannel kChannels[] = {TrackChannel::Translation, TrackChannel::Rotation, TrackChannel::Scale};
// Formats from the smallest up; a track is raised one step at a time.
constexpr KeyFormat kFormats[] = {KeyFormat::Unorm8, KeyFormat::Packed32, KeyFormat::Unorm16,
                                  KeyFormat::Float32};
// Formats are chosen on at most this many frames at once (spread over the clip, plus any frame the
// check of every frame finds over the bound), so a long clip costs its length once per check, not
// once per trial.
constexpr int kChoiceFrames = 256;
constexpr int kMaxCheckRounds = 32;
// A channel whose keys all stay this close to its first key is constant, and one that close to the
// bind pose default: the model-space effect of the difference, estimated from the bind pose, may
// use this fraction of the bound.
constexpr double kConstantShare = 0.01;

struct Track {
  int bone = 0;
  TrackChannel channel = TrackChannel::Translation;
  bool step = false;
  float min[3] = {0, 0, 0};
  double extent[3] = {0, 0, 0};
  float reference[4] = {0, 0, 0, 1};      // rotations: keys are stored as reference * difference
  uint8_t packed_bits[3] = {11, 11, 10};  // Packed32's split of its word
  int format = 0;                         // index into kFormats
};

// Component c's largest q in `format`, and the step between two q (what the ranges hold).
uint32_t MaxOf(const Track& t, KeyFormat format, int c) {
  return QuantizedMax(format, t.packed_bits[c]);
}
float StepOf(const Track& t, KeyFormat format, int c) {
  const uint32_t max = MaxOf(t, format, c);
  return max == 0 || !(t.extent[c] > 0.0) ? 0.0f : static_cast<float>(t.extent[c] / max);
}

// Packed32's split for these extents: the one giving the components the most even steps (the
// smallest largest step), each at most 24 bits (exact as a float).
void ChoosePackedBits(Track& t) {
  double best = HUGE_VAL;
  for (int x = 0; x <= 24; ++x) {
    for (int y = 0; y <= 24 && x + y <= 32; ++y) {
      const int z = std::min(24, 32 - x - y);
      const int bits[3] = {x, y, z};
      double worst = 0.0;
      for (int c = 0; c < 3; ++c)
        worst = std::max(worst, t.extent[c] > 0.0
                                    ? (bits[c] == 0 ? HUGE_VAL : t.extent[c] / ((1u << bits[c]) - 1u))
                                    : 0.0);
      if (worst < best) {
        best = worst;
        for (int c = 0; c < 3; ++c)
          t.packed_bits[c] = static_cast<uint8_t>(bits[c]);
      }
    }
  }
}

// Key `frame` of one channel as the dense clip holds it, a rotation made w >= 0.
void KeyValue(const Clip& clip, int frame, int bone, TrackChannel channel, float v[4]) {
  GetTrackChannel(clip.frame(frame), bone, channel, v);
  if (channel == TrackChannel::Rotation && v[3] < 0.0f) {
    for (int c = 0; c < 4; ++c)
      v[c] = -v[c];
  }
}

bool Close(const float* a, const float* b, int components, double tolerance) {
  for (int c = 0; c < components; ++c) {
    if (!(std::fabs(static_cast<double>(a[c]) - b[c]) <= tolerance)) return false;
  }
  return true;
}

// The largest scale a model matrix applies (its longest axis).
double LargestScale(const Mat4& m) {
  double largest = 0.0;
  for (int c = 0; c < 3; ++c)
    largest = std::max(largest, std::sqrt(static_cast<double>(m.m[c][0]) * m.m[c][0] +
                                          static_cast<double>(m.m[c][1]) * m.m[c][1] +
                                          static_cast<double>(m.m[c][2]) * m.m[c][2]));
  return largest;
}

uint32_t Quantize(double v, float min, float step, uint32_t max) {
  if (!(step > 0.0f)) return 0;
  const double q = std::round((v - min) / step);
  return static_cast<uint32_t>(std::clamp(q, 0.0, static_cast<double>(max)));
}

// What a quantized format stores of key `v` of track t: the components themselves, or for a
// rotation its difference from the reference, conj(reference) * v, made w >= 0.
void QuantizedValue(const Track& t, const float v[4], double out[3]) {
  if (t.channel != TrackChannel::Rotation) {
    out[0] = v[0], out[1] = v[1], out[2] = v[2];
    return;
  }
  const direct::DQuat r = {t.reference[0], t.reference[1], t.reference[2], t.reference[3]};
  const direct::DQuat d = direct::Conj(r) * direct::DQuat{v[0], v[1], v[2], v[3]};
  const double sign = d.w < 0.0 ? -1.0 : 1.0;
  out[0] = sign * d.x, out[1] = sign * d.y, out[2] = sign * d.z;
}

// Lane `lane` of a group of `lanes` lanes whose keys start at `keys`: track t's key `v` in `format`.
void WriteKey(uint8_t* keys, int lanes, int lane, const Track& t, KeyFormat format, const float v[4]) {
  if (format == KeyFormat::Float32) {
    for (int c = 0; c < KeyComponents(t.channel, format); ++c)
      std::memcpy(keys + 4 * (c * lanes + lane), &v[c], sizeof(float));
    return;
  }
  double stored[3];
  QuantizedValue(t, v, stored);
  uint32_t q[3];
  for (int c = 0; c < 3; ++c)
    q[c] = Quantize(stored[c], t.min[c], StepOf(t, format, c), MaxOf(t, format, c));
  switch (format) {
    case KeyFormat::Unorm8:
      for (int c = 0; c < 3; ++c)
        keys[c * lanes + lane] = static_cast<uint8_t>(q[c]);
      return;
    case KeyFormat::Packed32: {
      uint64_t word = 0;
      for (int c = 2; c >= 0; --c)
        word = word << t.packed_bits[c] | q[c];
      const auto packed = static_cast<uint32_t>(word);
      std::memcpy(keys + 4 * lane, &packed, sizeof packed);
      return;
    }
    case KeyFormat::Unorm16:
      for (int c = 0; c < 3; ++c) {
        const auto q16 = static_cast<uint16_t>(q[c]);
        std::memcpy(keys + 2 * (c * lanes + lane), &q16, sizeof q16);
      }
      return;
    case KeyFormat::Float32:
      return;
  }
}

void WriteRanges(float* range, int lanes, int lane, const Track& t, KeyFormat format) {
  for (int c = 0; c < 3; ++c) {
    range[c * lanes + lane] = t.min[c];
    range[(3 + c) * lanes + lane] = StepOf(t, format, c);
  }
  if (t.channel != TrackChannel::Rotation) return;
  for (int c = 0; c < 4; ++c)
    range[(6 + c) * lanes + lane] = t.reference[c];
}

void SetChannel(DTransform& x, TrackChannel channel, const float v[4]) {
  switch (channel) {
    case TrackChannel::Translation:
      x.t = {v[0], v[1], v[2]};
      return;
    case TrackChannel::Rotation:
      x.r = {v[0], v[1], v[2], v[3]};
      return;
    case TrackChannel::Scale:
      x.s = {v[0], v[1], v[2]};
      return;
  }
}

class Compressor {
 public:
  Compressor(const Clip& clip, const Skeleton& skeleton, double shell, double bound)
      : clip_(clip), skeleton_(skeleton), shell_(shell), bound_(bound), bones_(clip.bone_count()) {
    track_of_.assign(static_cast<std::size_t>(bones_) * 3, -1);
    base_.Reserve(static_cast<std::size_t>(PoseFloatCount(bones_)));
    for (int b = 0; b < bones_; ++b)
      SetBoneTransform(PoseViewAt(base_.data(), bones_), b, skeleton.bind_local(b));
  }

  Clip Run(CompressionOutcome& outcome) {
    Classify(outcome);
    for (int k = 0; k < std::min(kChoiceFrames, clip_.frame_count()); ++k) {
      const int frame = static_cast<int>(static_cast<long long>(k) * clip_.frame_count() /
                                         std::min(kChoiceFrames, clip_.frame_count()));
      AddChoiceFrame(frame);
    }
    if (tracks_.empty()) {
      // Nothing animated: the pose is the same in every frame, and the keys differ from it by no
      // more than the constant tolerances; the choice frames (spread over the clip) measure it.
      MeasureChoiceFrames(outcome);
    } else {
      for (int round = 0; round < kMaxCheckRounds; ++round) {
        ChooseFormats();
        if (CheckEveryFrame(outcome)) break;
      }
    }
    for (const Track& t : tracks_)
      ++outcome.animated_tracks[static_cast<std::size_t>(kFormats[t.format])];
    return clip_.WithCompressedKeys(Build());
  }

 private:
  // The frames formats are chosen on, with each one's reference model matrices, its locals under
  // the current formats and their model matrices.
  struct ChoiceFrame {
    int frame = 0;
    std::vector<DMat4> reference;
    std::vector<DTransform> locals;
    std::vector<DMat4> model;
  };

  int& TrackOf(int bone, TrackChannel channel) {
    return track_of_[static_cast<std::size_t>(bone) * 3 + static_cast<std::size_t>(channel)];
  }

  // How far one component of a channel may stray and the channel still count as constant: in the
  // bind pose, a translation's difference moves the bone by itself times the parent's scale; a
  // rotation's turns the subtree's farthest joint or virtual vertex (`reach` away) by about twice
  // the difference in radians; a scale's moves it by the difference over the scale times reach.
  double ConstantTolerance(int bone, TrackChannel channel) const {
    const std::vector<Mat4>& bind = skeleton_.bind_model();
    const double allowed = kConstantShare * bound_;
    const int parent = skeleton_.parent(bone);
    if (channel == TrackChannel::Translation) {
      return allowed / std::max(parent >= 0 && parent < bone ? LargestScale(bind[parent]) : 1.0, 1e-30);
    }
    const Vec3 origin = bind[bone].Translation();
    double reach = shell_;
    for (int b : skeleton_.Subtree(bone)) {
      const Vec3 d = bind[b].Translation() - origin;
      reach = std::max(reach, std::sqrt(static_cast<double>(d.x) * d.x + static_cast<double>(d.y) * d.y +
                                        static_cast<double>(d.z) * d.z));
    }
    reach = std::max(reach, 1e-30);
    if (channel == TrackChannel::Rotation) return allowed / (2.0 * reach);
    const Vec3 s = skeleton_.bind_local(bone).scale;
    return allowed * std::min({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)}) / reach;
  }

  void Classify(CompressionOutcome& outcome) {
    // Frame by frame over every channel, in the order the keys sit in memory.
    const std::size_t channels = static_cast<std::size_t>(bones_) * 3;
    std::vector<std::array<float, 4>> first(channels);
    std::vector<double> tolerance(channels);
    std::vector<char> constant(channels, 1);
    for (int bone = 0; bone < bones_; ++bone) {
      for (TrackChannel channel : kChannels) {
        const std::size_t i = static_cast<std::size_t>(bone) * 3 + static_cast<std::size_t>(channel);
        KeyValue(clip_, 0, bone, channel, first[i].data());
        tolerance[i] = ConstantTolerance(bone, channel);
      }
    }
    for (int k = 1; k < clip_.frame_count(); ++k) {
      for (int bone = 0; bone < bones_; ++bone) {
        for (TrackChannel channel : kChannels) {
          const std::size_t i = static_cast<std::size_t>(bone) * 3 + static_cast<std::size_t>(channel);
          if (!constant[i]) continue;
          float v[4];
          KeyValue(clip_, k, bone, channel, v);
          constant[i] = Close(v, first[i].data(), channel == TrackChannel::Rotation ? 4 : 3, tolerance[i]);
        }
      }
    }
    for (int bone = 0; bone < bones_; ++bone) {
      for (TrackChannel channel : kChannels) {
        const std::size_t i = static_cast<std::size_t>(bone) * 3 + static_cast<std::size_t>(channel);
        float bind[4];
        GetTrackChannel(skeleton_.bind_pose().view(), bone, channel, bind);
        if (channel == TrackChannel::Rotation && bind[3] < 0.0f) {
          for (float& c : bind)
            c = -c;
        }
        if (constant[i] &&
            Close(first[i].data(), bind, channel == TrackChannel::Rotation ? 4 : 3, tolerance[i])) {
          ++outcome.default_tracks;
        } else if (constant[i]) {
          float value[4];
          GetTrackChannel(clip_.frame(0), bone, channel, value);
          SetTrackChannel(PoseViewAt(base_.data(), bones_), bone, channel, value);
          ++outcome.constant_tracks;
        } else {
          TrackOf(bone, channel) = static_cast<int>(tracks_.size());
          tracks_.push_back(AnimatedTrack(bone, channel));
        }
      }
    }
  }

  // An animated track: its reference rotation (the keys' normalised mean, each taken in the first
  // key's hemisphere) and the range of what the quantized formats store.
  Track AnimatedTrack(int bone, TrackChannel channel) const {
    Track t{bone, channel, clip_.IsStep(bone, channel)};
    const int frames = clip_.frame_count();
    float v[4];
    if (channel == TrackChannel::Rotation) {
      direct::DQuat sum{0, 0, 0, 0}, first{};
      for (int k = 0; k < frames; ++k) {
        KeyValue(clip_, k, bone, channel, v);
        const direct::DQuat q = {v[0], v[1], v[2], v[3]};
        if (k == 0) first = q;
        const double sign = direct::Dot(q, first) < 0.0 ? -1.0 : 1.0;
        sum = {sum.x + sign * q.x, sum.y + sign * q.y, sum.z + sign * q.z, sum.w + sign * q.w};
      }
      const direct::DQuat mean = direct::Unit(sum);
      t.reference[0] = static_cast<float>(mean.x), t.reference[1] = static_cast<float>(mean.y);
      t.reference[2] = static_cast<float>(mean.z), t.reference[3] = static_cast<float>(mean.w);
    }
    double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (int k = 0; k < frames; ++k) {
      KeyValue(clip_, k, bone, channel, v);
      double stored[3];
      QuantizedValue(t, v, stored);
      for (int c = 0; c < 3; ++c)
        lo[c] = std::min(lo[c], stored[c]), hi[c] = std::max(hi[c], stored[c]);
    }
    for (int c = 0; c < 3; ++c) {
      t.min[c] = static_cast<float>(lo[c]);
      t.extent[c] = hi[c] - t.min[c];
    }
    ChoosePackedBits(t);
    return t;
  }

  // Track t's key `frame` as the runtime decodes it in format kFormats[format].
  void DecodedKey(const Track& t, int format, int frame, float out[4]) const {
    float v[4];
    KeyValue(clip_, frame, t.bone, t.channel, v);
    TrackGroup g;
    g.channel = t.channel;
    g.format = kFormats[format];
    g.lanes = 1;
    uint8_t keys[16] = {};
    float ranges[10] = {};
    for (int c = 0; c < 3; ++c)
      g.bits[c][0] = t.packed_bits[c];
    WriteKey(keys, 1, 0, t, g.format, v);
    WriteRanges(ranges, 1, 0, t, g.format);
    DecodeKey(g, ranges, keys, 0, out);
  }

  // Every bone's local transform at `frame` under the current formats.
  void CandidateLocals(int frame, std::vector<DTransform>& locals) const {
    locals.resize(static_cast<std::size_t>(bones_));
    const ConstPoseView base = PoseViewAt(base_.data(), bones_);
    for (int b = 0; b < bones_; ++b)
      locals[b] = direct::ToDouble(GetBoneTransform(base, b));
    for (const Track& t : tracks_) {
      float v[4];
      DecodedKey(t, t.format, frame, v);
      SetChannel(locals[t.bone], t.channel, v);
    }
  }

  void ReferenceModel(int frame, std::vector<DMat4>& model) const {
    std::vector<DTransform> locals(static_cast<std::size_t>(bones_));
    for (int b = 0; b < bones_; ++b)
      locals[b] = direct::ToDouble(GetBoneTransform(clip_.frame(frame), b));
    ModelMatricesOf(skeleton_.parents(), locals, model);
  }

  void AddChoiceFrame(int frame) {
    for (const ChoiceFrame& f : choice_)
      if (f.frame == frame) return;
    ChoiceFrame f;
    f.frame = frame;
    ReferenceModel(frame, f.reference);
    CandidateLocals(frame, f.locals);
    ModelMatricesOf(skeleton_.parents(), f.locals, f.model);
    choice_.push_back(std::move(f));
  }

  double ErrorAt(const DMat4& model, const DMat4& reference) const {
    return BoneErrorOf(model, reference, shell_).Worst();
  }

  // Bone b's worst error over the choice frames.
  double ChoiceError(int b) const {
    double worst = 0.0;
    for (const ChoiceFrame& f : choice_)
      worst = std::max(worst, ErrorAt(f.model[b], f.reference[b]));
    return worst;
  }

  // ChoiceSquares(b) were track t one format higher: the chain from t's bone down to b composed
  // again.
  double SquaresWithRaised(const Track& t, int format, int b, const std::vector<int>& path) const {
    double squares = 0.0;
    for (const ChoiceFrame& f : choice_) {
      DTransform local = f.locals[t.bone];
      float v[4];
      DecodedKey(t, format, f.frame, v);
      SetChannel(local, t.channel, v);
      const int parent = skeleton_.parent(t.bone);
      DMat4 m = parent >= 0 && parent < t.bone ? f.model[parent] * direct::MatrixOf(local)
                                               : direct::MatrixOf(local);
      for (int bone : path)
        m = m * direct::MatrixOf(f.locals[bone]);
      const double e = ErrorAt(m, f.reference[b]);
      squares += e * e;
    }
    return squares;
  }

  // Bone b's sum of squared errors over the choice frames: what a raise is judged by. The worst
  // frame alone would not do: with two tracks each worst at another frame, raising either one
  // leaves the worst error where it was.
  double ChoiceSquares(int b) const {
    double squares = 0.0;
    for (const ChoiceFrame& f : choice_) {
      const double e = ErrorAt(f.model[b], f.reference[b]);
      squares += e * e;
    }
    return squares;
  }

  void Raise(Track& t, int format) {
    t.format = format;
    const std::vector<int> subtree = skeleton_.Subtree(t.bone);
    for (ChoiceFrame& f : choice_) {
      float v[4];
      DecodedKey(t, t.format, f.frame, v);
      SetChannel(f.locals[t.bone], t.channel, v);
      for (int bone : subtree) {
        const int p = skeleton_.parent(bone);
        const DMat4 local = direct::MatrixOf(f.locals[bone]);
        f.model[bone] = p >= 0 && p < bone ? f.model[p] * local : local;
      }
    }
    for (int bone : subtree)
      error_[bone] = ChoiceError(bone);
  }

  // Raises formats, one track at a time, until every bone is within the bound on the choice frames:
  // each step takes the worst bone and, of the tracks on its chain that can still be raised and the
  // formats they can be raised to, the one that takes the most off that bone's squared errors per
  // byte it adds to a key.
  void ChooseFormats() {
    error_.assign(static_cast<std::size_t>(bones_), 0.0);
    for (int b = 0; b < bones_; ++b)
      error_[b] = ChoiceError(b);
    std::vector<char> stuck(static_cast<std::size_t>(bones_), 0);
    for (;;) {
      int worst = -1;
      for (int b = 0; b < bones_; ++b) {
        if (!stuck[b] && error_[b] > bound_ && (worst < 0 || error_[b] > error_[worst])) worst = b;
      }
      if (worst < 0) return;
      const double squares = ChoiceSquares(worst);
      int best = -1, best_format = 0;
      double best_gain = 0.0;
      std::vector<int> path;  // bones below the candidate's down to `worst`
      for (int bone = worst; bone >= 0 && bone < bones_; bone = skeleton_.parent(bone)) {
        for (TrackChannel channel : kChannels) {
          const int index = TrackOf(bone, channel);
          if (index < 0) continue;
          const Track& t = tracks_[index];
          const std::vector<int> below(path.rbegin(), path.rend());
          // Every larger format, not only the next: 16 bits a component may be coarser than a
          // packed word that gives one component 24.
          for (int format = t.format + 1; format < static_cast<int>(std::size(kFormats)); ++format) {
            const double cost = KeyBytes(channel, kFormats[format]) - KeyBytes(channel, kFormats[t.format]);
            const double gain = (squares - SquaresWithRaised(t, format, worst, below)) / cost;
            if (gain > best_gain) best = index, best_format = format, best_gain = gain;
          }
        }
        path.push_back(bone);
        if (skeleton_.parent(bone) >= bone) break;
      }
      if (best < 0) {
        stuck[worst] = 1;  // no raise on its chain helps: its tracks are floats, or it is float rounding
        continue;
      }
      Raise(tracks_[best], best_format);
    }
  }

  void MeasureChoiceFrames(CompressionOutcome& outcome) const {
    for (const ChoiceFrame& f : choice_) {
      for (int b = 0; b < bones_; ++b) {
        const double e = ErrorAt(f.model[b], f.reference[b]);
        if (e > outcome.worst_error)
          outcome.worst_error = e, outcome.worst_bone = b, outcome.worst_frame = f.frame;
      }
    }
    outcome.within_bound = outcome.worst_error <= bound_;
  }

  // Measures every frame; true when all are within the bound (or nothing is left to raise). Frames
  // over the bound join the choice frames.
  bool CheckEveryFrame(CompressionOutcome& outcome) {
    std::vector<DTransform> locals;
    std::vector<DMat4> model, reference;
    std::vector<double> worst(static_cast<std::size_t>(bones_), 0.0);
    std::vector<int> worst_frame(static_cast<std::size_t>(bones_), 0);
    outcome.worst_error = 0.0;
    for (int k = 0; k < clip_.frame_count(); ++k) {
      CandidateLocals(k, locals);
      ModelMatricesOf(skeleton_.parents(), locals, model);
      ReferenceModel(k, reference);
      for (int b = 0; b < bones_; ++b) {
        const double e = ErrorAt(model[b], reference[b]);
        if (e > worst[b]) worst[b] = e, worst_frame[b] = k;
        if (e > outcome.worst_error) outcome.worst_error = e, outcome.worst_bone = b, outcome.worst_frame = k;
      }
    }
    outcome.within_bound = outcome.worst_error <= bound_;
    if (outcome.within_bound) return true;
    const std::size_t before = choice_.size();
    for (int b = 0; b < bones_; ++b) {
      if (worst[b] > bound_) AddChoiceFrame(worst_frame[b]);
    }
    return choice_.size() == before;  // already chosen on: the bound is out of reach
  }

  CompressedKeys Build() const {
    CompressedKeys keys;
    keys.base = base_;
    std::vector<int> order(tracks_.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const Track &x = tracks_[a], &y = tracks_[b];
      return x.channel != y.channel ? x.channel < y.channel : x.format < y.format;
    });
    // Groups of up to kTrackLanes tracks of one channel and format.
    std::vector<std::vector<int>> members;
    for (int index : order) {
      const Track& t = tracks_[index];
      if (members.empty() || static_cast<int>(members.back().size()) == kTrackLanes ||
          tracks_[members.back().front()].channel != t.channel ||
          tracks_[members.back().front()].format != t.format) {
        members.emplace_back();
      }
      members.back().push_back(index);
    }
    uint32_t offset = 0, range_offset = 0;
    for (const std::vector<int>& m : members) {
      const Track& first = tracks_[m.front()];
      TrackGroup g;
      g.channel = first.channel;
      g.format = kFormats[first.format];
      g.lanes = static_cast<uint8_t>(m.size());
      g.offset = offset;
      g.range_offset = range_offset;
      for (std::size_t lane = 0; lane < m.size(); ++lane) {
        g.bones[lane] = static_cast<uint16_t>(tracks_[m[lane]].bone);
        for (int c = 0; c < 3; ++c)
          g.bits[c][lane] = g.format == KeyFormat::Packed32 ? tracks_[m[lane]].packed_bits[c] : 0;
        if (tracks_[m[lane]].step) g.step_lanes = static_cast<uint8_t>(g.step_lanes | 1u << lane);
      }
      offset += static_cast<uint32_t>(g.lanes * KeyBytes(g.channel, g.format));
      if (IsQuantized(g.format)) range_offset += static_cast<uint32_t>(RangeFloats(g.channel) * g.lanes);
      keys.groups.push_back(g);
    }
    keys.frame_bytes = offset;
    keys.ranges.assign(range_offset + kKeyPadding / sizeof(float), 0.0f);
    keys.keys.assign(
        static_cast<std::size_t>(offset) * static_cast<std::size_t>(clip_.frame_count()) + kKeyPadding, 0);
    for (std::size_t gi = 0; gi < members.size(); ++gi) {
      const TrackGroup& g = keys.groups[gi];
      for (int lane = 0; lane < g.lanes; ++lane) {
        const Track& t = tracks_[members[gi][static_cast<std::size_t>(lane)]];
        if (IsQuantized(g.format))
          WriteRanges(keys.ranges.data() + g.range_offset, g.lanes, lane, t, g.format);
        for (int k = 0; k < clip_.frame_count(); ++k) {
          float v[4];
          KeyValue(clip_, k, t.bone, t.channel, v);
          WriteKey(keys.keys.data() + static_cast<std::size_t>(k) * offset + g.offset, g.lanes, lane, t,
                   g.format, v);
        }
      }
    }
    return keys;
  }

  const Clip& clip_;
  const Skeleton& skeleton_;
  const double shell_, bound_;
  const int bones_;
  // The bind pose with the constant tracks: CompressedKeys::base. Whole-pose floats, so the
  // padding lanes are the bind pose's (zeros) and the base hashes and copies as one array.
  AlignedFloats base_;
  std::vector<Track> tracks_;
  std::vector<int> track_of_;  // per bone and channel: its animated track, or -1
  std::vector<ChoiceFrame> choice_;
  std::vector<double> error_;  // per bone: worst error over the choice frames
};

}  // namespace

Clip CompressClip(const Clip& clip, const Skeleton& skeleton, double shell, double bound,
                  CompressionOutcome* outcome) {
  CompressionOutcome local;
  CompressionOutcome& out = outcome != nullptr ? *outcome : local;
  out = {};
  if (clip.encoding() == ClipEncoding::Compressed || clip.bone_count() != skeleton.bone_count()) return clip;
  return Compressor(clip, skeleton, shell, bound).Run(out);
}

}  // namespace anim
